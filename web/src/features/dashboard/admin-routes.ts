import { IconLayoutDashboard } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'dashboard', load: () => import('./pages/dashboard-page'), namespaces: ['admin'], nav: { key: 'dashboard', icon: IconLayoutDashboard } },
];
