import { IconMailCog, IconMailPlus } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../routes/admin/admin-route';

/**
 * SPEC §2 /admin/mail_template (list, :mailTemplateName/edit) and /admin/custom_mail_template (list, create,
 * :customMailTemplateId/edit); who may open them comes from shared/permissions.ts by path.
 */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'mail_template', load: () => import('../../routes/admin/mail-template-list-page'), namespaces: ['mailtemplates'], nav: { key: 'mailTemplates', icon: IconMailCog } },
  { path: 'mail_template/:mailTemplateName/edit', load: () => import('../../routes/admin/mail-template-edit-page'), namespaces: ['mailtemplates'] },
  {
    path: 'custom_mail_template',
    load: () => import('../../routes/admin/custom-mail-template-list-page'),
    namespaces: ['mailtemplates'],
    nav: { key: 'customMailTemplates', icon: IconMailPlus },
  },
  { path: 'custom_mail_template/create', load: () => import('../../routes/admin/custom-mail-template-edit-page'), namespaces: ['mailtemplates'] },
  { path: 'custom_mail_template/:customMailTemplateId/edit', load: () => import('../../routes/admin/custom-mail-template-edit-page'), namespaces: ['mailtemplates'] },
];
