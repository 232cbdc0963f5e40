import { IconMailCog, IconMailPlus } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/**
 * SPEC §2 /admin/mail_template (list, :mailTemplateName/edit) and /admin/custom_mail_template (list, create,
 * :customMailTemplateId/edit); who may open them comes from shared/permissions.ts by path.
 */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'mail_template', load: () => import('./pages/mail-template-list-page'), namespaces: ['mailtemplates'], nav: { key: 'mailTemplates', icon: IconMailCog } },
  { path: 'mail_template/:mailTemplateName/edit', load: () => import('./pages/mail-template-edit-page'), namespaces: ['mailtemplates'] },
  {
    path: 'custom_mail_template',
    load: () => import('./pages/custom-mail-template-list-page'),
    namespaces: ['mailtemplates'],
    nav: { key: 'customMailTemplates', icon: IconMailPlus },
  },
  { path: 'custom_mail_template/create', load: () => import('./pages/custom-mail-template-edit-page'), namespaces: ['mailtemplates'] },
  { path: 'custom_mail_template/:customMailTemplateId/edit', load: () => import('./pages/custom-mail-template-edit-page'), namespaces: ['mailtemplates'] },
];
