import { IconUsers } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../routes/admin/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'user', load: () => import('../../routes/admin/user-list-page'), namespaces: ['users', 'memberimport'], nav: { key: 'users', icon: IconUsers } },
  { path: 'user/:userId/edit', load: () => import('../../routes/admin/user-edit-page'), namespaces: ['users'] },
  { path: 'user/import', load: () => import('../../routes/admin/user-import-page'), namespaces: ['memberimport'] },
  { path: 'user/update', load: () => import('../../routes/admin/user-update-page'), namespaces: ['memberimport'] },
  { path: 'user/import_email_auth', load: () => import('../../routes/admin/user-import-email-auth-page'), namespaces: ['memberimport'] },
];
