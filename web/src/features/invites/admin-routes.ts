import { IconHourglass, IconMailForward, IconUserPlus } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../routes/admin/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'invite', load: () => import('../../routes/admin/invite-list-page'), namespaces: ['invites'], nav: { key: 'invite', icon: IconUserPlus } },
  { path: 'invite/create', load: () => import('../../routes/admin/invite-create-page'), namespaces: ['invites'] },
  { path: 'invite/:inviteId/edit', load: () => import('../../routes/admin/invite-edit-page'), namespaces: ['invites'] },
  { path: 'invite/:inviteId/invited_user', load: () => import('../../routes/admin/invite-invited-user-page'), namespaces: ['invites'] },
  { path: 'invite/:inviteId/approval_pending_user', load: () => import('../../routes/admin/invite-approval-pending-user-page'), namespaces: ['invites'] },
  { path: 'approval_pending_all_users', load: () => import('../../routes/admin/approval-pending-all-users-page'), namespaces: ['invites'], nav: { key: 'approvalPendingAllUsers', icon: IconHourglass } },
  { path: 'invite_email_log', load: () => import('../../routes/admin/invite-email-log-page'), namespaces: ['invites'], nav: { key: 'inviteEmailLog', icon: IconMailForward } },
];
