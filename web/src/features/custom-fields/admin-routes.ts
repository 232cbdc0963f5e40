import { IconForms } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'general_setting/field_customize', load: () => import('./pages/field-customize-page'), namespaces: ['invites'], nav: { key: 'fieldCustomize', icon: IconForms } },
];
