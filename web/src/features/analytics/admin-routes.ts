import { IconChartBar } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/**
 * SPEC §2 /admin/analytics pages (the ids of a content or a member travel as query parameters with the period).
 * Who may open them comes from shared/permissions.ts by path (`analytics`: analysts; a member's `view_log` under `user`: user managers).
 */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'analytics', load: () => import('./pages/analytics-total-page'), namespaces: ['analytics'], nav: { key: 'analytics', icon: IconChartBar } },
  { path: 'analytics/total', load: () => import('./pages/analytics-total-page'), namespaces: ['analytics'] },
  { path: 'analytics/videos', load: () => import('./pages/analytics-videos-page'), namespaces: ['analytics'] },
  { path: 'analytics/users', load: () => import('./pages/analytics-users-page'), namespaces: ['analytics'] },
  { path: 'analytics/user_count', load: () => import('./pages/analytics-user-count-page'), namespaces: ['analytics'] },
  { path: 'analytics/video/users', load: () => import('./pages/analytics-content-users-page'), namespaces: ['analytics'] },
  { path: 'analytics/live/users', load: () => import('./pages/analytics-content-users-page'), namespaces: ['analytics'] },
  { path: 'analytics/test/users', load: () => import('./pages/analytics-content-users-page'), namespaces: ['analytics'] },
  { path: 'analytics/log/user', load: () => import('./pages/analytics-user-log-page'), namespaces: ['analytics'] },
  { path: 'analytics/watch_log/user', load: () => import('./pages/analytics-user-log-page'), namespaces: ['analytics'] },
  { path: 'analytics/log/user_videos', load: () => import('./pages/analytics-user-contents-page'), namespaces: ['analytics'] },
  { path: 'analytics/watch_log/user/videos', load: () => import('./pages/analytics-user-contents-page'), namespaces: ['analytics'] },
  { path: 'user/:userId/view_log', load: () => import('./pages/analytics-user-contents-page'), namespaces: ['analytics'] },
];
