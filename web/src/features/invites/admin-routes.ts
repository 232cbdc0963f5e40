import { IconHourglass, IconMailForward, IconUserPlus } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'invite', load: () => import('./pages/invite-list-page'), namespaces: ['invites'], nav: { key: 'invite', icon: IconUserPlus } },
  { path: 'invite/create', load: () => import('./pages/invite-create-page'), namespaces: ['invites'] },
  { path: 'invite/:inviteId/edit', load: () => import('./pages/invite-edit-page'), namespaces: ['invites'] },
  { path: 'invite/:inviteId/invited_user', load: () => import('./pages/invite-invited-user-page'), namespaces: ['invites'] },
  { path: 'invite/:inviteId/approval_pending_user', load: () => import('./pages/invite-approval-pending-user-page'), namespaces: ['invites'] },
  { path: 'approval_pending_all_users', load: () => import('./pages/approval-pending-all-users-page'), namespaces: ['invites'], nav: { key: 'approvalPendingAllUsers', icon: IconHourglass } },
  { path: 'invite_email_log', load: () => import('./pages/invite-email-log-page'), namespaces: ['invites'], nav: { key: 'inviteEmailLog', icon: IconMailForward } },
];
