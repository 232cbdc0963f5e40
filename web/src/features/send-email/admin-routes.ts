import { IconMail, IconMailCheck } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** SPEC §2 /admin/send_email (list, create, :sendEmailId/edit, :sendEmailId/log) and /admin/email_log_show. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'send_email', load: () => import('./pages/send-email-list-page'), namespaces: ['sendemail'], nav: { key: 'sendEmail', icon: IconMail } },
  { path: 'send_email/create', load: () => import('./pages/send-email-edit-page'), namespaces: ['sendemail'] },
  { path: 'send_email/:sendEmailId/edit', load: () => import('./pages/send-email-edit-page'), namespaces: ['sendemail'] },
  { path: 'send_email/:sendEmailId/log', load: () => import('./pages/send-email-log-page'), namespaces: ['sendemail'] },
  { path: 'email_log_show', load: () => import('./pages/email-log-page'), namespaces: ['sendemail'], nav: { key: 'emailLog', icon: IconMailCheck } },
];
