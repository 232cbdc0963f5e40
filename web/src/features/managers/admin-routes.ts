import { IconUserShield } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'group/managers', load: () => import('./pages/manager-list-page'), namespaces: ['managers'], nav: { key: 'managers', icon: IconUserShield } },
  { path: 'group/managers/create', load: () => import('./pages/manager-edit-page'), namespaces: ['managers'] },
  { path: 'group/managers/:userId/edit', load: () => import('./pages/manager-edit-page'), namespaces: ['managers'] },
];
