import { IconDeviceMobileCog } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** SPEC §2 app_setting (site manager); who may open it comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'app_setting', load: () => import('./pages/app-settings-page'), namespaces: ['admin', 'appsettings', 'member'], nav: { key: 'appSetting', icon: IconDeviceMobileCog } },
];
