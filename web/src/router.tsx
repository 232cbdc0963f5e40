import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunction } from 'react-router';
import { PageLoader } from './components/page-loader';
import { RouteError } from './components/route-error';
import { loadNamespaces } from './lib/i18n';
import { RootLayout } from './routes/root-layout';

interface RouteModule {
  Component: ComponentType;
  loader?: LoaderFunction;
}

/**
 * Every route is a lazy chunk (a member never downloads admin code); its strings are loaded
 * alongside, so a page never paints untranslated keys.
 */
const page =
  (load: () => Promise<RouteModule>, ...namespaces: string[]) =>
  async (): Promise<RouteModule> => {
    const [module] = await Promise.all([load(), loadNamespaces(...namespaces)]);
    return module;
  };

/** Created after i18n is initialised: the router starts loading the first page's chunk and strings at once. */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoader,
      children: [
        {
          lazy: page(() => import('./routes/public/public-layout')),
          children: [
            { index: true, lazy: page(() => import('./routes/public/landing-page')) },
            { path: 'register', lazy: page(() => import('./routes/public/register-page'), 'auth') },
            { path: 'login', lazy: page(() => import('./routes/public/login-page'), 'auth') },
            { path: 'logged_in', lazy: page(() => import('./routes/public/logged-in-page'), 'auth') },
            { path: '*', lazy: page(() => import('./routes/public/not-found-page')) },
          ],
        },
        {
          path: 'admin',
          lazy: page(() => import('./routes/admin/admin-layout'), 'admin'),
          children: [
            { index: true, loader: () => redirect('/admin/dashboard') },
            { path: 'dashboard', lazy: page(() => import('./routes/admin/dashboard-page'), 'admin') },
          ],
        },
      ],
    },
  ]);
