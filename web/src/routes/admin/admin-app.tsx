import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { lazyRoute, type RouteModule } from '../../components/lazy-route';
import type { AsyncAction } from '../../lib/async-action';
import { loadNamespaces } from '../../lib/i18n';
import { adminRouteObjects } from './admin-routes';

const page = (load: AsyncAction<[], RouteModule>, ...namespaces: string[]) => lazyRoute(load, loadNamespaces, ...namespaces);

/**
 * The admin area's own route table (every feature's admin pages and menu entries, with their icons), mounted under
 * /admin/* as one lazy chunk: a member's or a visitor's first load never carries it (bench/first-load.ts).
 */
const routes: RouteObject[] = [
  {
    element: page(() => import('./admin-layout'), 'admin'),
    children: [
      { index: true, element: <Navigate to="/admin/dashboard" replace /> },
      ...adminRouteObjects(page),
      { path: '*', element: page(() => import('../../components/not-found-page')) },
    ],
  },
];

function AdminApp() {
  return useRoutes(routes);
}

export { AdminApp as Component };
