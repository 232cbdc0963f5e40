import { IconUsers } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../routes/admin/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'user', load: () => import('../../routes/admin/user-list-page'), namespaces: ['users'], nav: { key: 'users', icon: IconUsers } },
  { path: 'user/:userId/edit', load: () => import('../../routes/admin/user-edit-page'), namespaces: ['users'] },
];
