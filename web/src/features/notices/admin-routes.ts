import { IconBell } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../routes/admin/admin-route';

/** The in-app notices of members' feedback (comments, survey answers); the `notification` area is the analysts'. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'notification', load: () => import('../../routes/admin/notification-page'), namespaces: ['notices', 'comments'], nav: { key: 'notifications', icon: IconBell } },
];
