import { IconShieldLock } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'general_setting/administrator', load: () => import('./pages/administrator-list-page'), namespaces: ['administrators'], nav: { key: 'administrators', icon: IconShieldLock } },
  { path: 'general_setting/administrator/log', load: () => import('./pages/administrator-log-page'), namespaces: ['administrators'] },
];
