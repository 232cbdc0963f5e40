import { IconUserCircle } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'setting/profile', load: () => import('./pages/profile-page'), namespaces: ['profile', 'security'], nav: { key: 'profile', icon: IconUserCircle } },
];
