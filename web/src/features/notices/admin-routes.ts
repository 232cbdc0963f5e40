import { IconBell } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** The in-app notices of members' feedback (comments, survey answers); the `notification` area is the analysts'. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'notification', load: () => import('./pages/notification-page'), namespaces: ['notices', 'comments'], nav: { key: 'notifications', icon: IconBell } },
];
