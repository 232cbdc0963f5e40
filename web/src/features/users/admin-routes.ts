import { IconUsers } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'user', load: () => import('./pages/user-list-page'), namespaces: ['users', 'memberimport'], nav: { key: 'users', icon: IconUsers } },
  { path: 'user/:userId/edit', load: () => import('./pages/user-edit-page'), namespaces: ['users'] },
  { path: 'user/import', load: () => import('./pages/user-import-page'), namespaces: ['memberimport'] },
  { path: 'user/update', load: () => import('./pages/user-update-page'), namespaces: ['memberimport'] },
  { path: 'user/import_email_auth', load: () => import('./pages/user-import-email-auth-page'), namespaces: ['memberimport'] },
];
