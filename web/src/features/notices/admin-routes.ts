import { IconBell, IconUserBolt } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/**
 * The administrators' in-app notices: members' feedback (comments, survey answers; the `notification` area is the
 * analysts') and members' comings and goings (`notification/members`: user managers, and paying managers for ended
 * subscriptions).
 */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'notification', load: () => import('./pages/notification-page'), namespaces: ['notices', 'comments'], nav: { key: 'notifications', icon: IconBell } },
  { path: 'notification/members', load: () => import('./pages/member-notification-page'), namespaces: ['notices'], nav: { key: 'memberNotifications', icon: IconUserBolt } },
];
