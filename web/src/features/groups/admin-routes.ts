import { IconUsersGroup } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'group', load: () => import('./pages/group-list-page'), namespaces: ['groups'], nav: { key: 'groups', icon: IconUsersGroup } },
  { path: 'group/create', load: () => import('./pages/group-edit-page'), namespaces: ['groups'] },
  { path: 'group/:id/edit', load: () => import('./pages/group-edit-page'), namespaces: ['groups'] },
];
