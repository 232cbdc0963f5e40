import { IconSettings } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'general_setting/basic_info', load: () => import('./pages/security-settings-page'), namespaces: ['admin', 'security', 'basicinfo', 'member', 'federation'], nav: { key: 'basicInfo', icon: IconSettings } },
];
