import type { Icon } from '@tabler/icons-react';
import type { RouteModule } from '../components/lazy-route';

/**
 * One admin page as a feature declares it: its path under /admin, the lazy page, the i18n namespaces loaded with
 * it and, for pages in the menu, the menu entry. The permission is not repeated here: shared/permissions.ts maps
 * every admin path to one (`adminPathPermission`), which the route guard, the menu and the server all read.
 */
export interface AdminRouteEntry {
  path: string;
  load: () => Promise<RouteModule>;
  namespaces: readonly string[];
  /** Label key under `admin:nav.` and icon. */
  nav?: { key: string; icon: Icon };
}
