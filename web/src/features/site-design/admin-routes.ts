import { IconPalette } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

const load = (page: 'ColorPage' | 'LandingPage' | 'ImagePage' | 'HeaderOrderPage' | 'TopOrderPage') => () =>
  import('./pages/site-customize-page').then((m) => ({ Component: m[page] }));
const namespaces = ['admin', 'design', 'member'] as const;

/** SPEC §2 site_customize (designer): this feature's admin pages; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'site_customize', load: load('ColorPage'), namespaces },
  { path: 'site_customize/color', load: load('ColorPage'), namespaces, nav: { key: 'siteCustomize', icon: IconPalette } },
  { path: 'site_customize/lp', load: load('LandingPage'), namespaces },
  { path: 'site_customize/image', load: load('ImagePage'), namespaces },
  { path: 'site_customize/header_item_order', load: load('HeaderOrderPage'), namespaces },
  { path: 'site_customize/top_item_order', load: load('TopOrderPage'), namespaces },
];
