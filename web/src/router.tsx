import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunction } from 'react-router';
import { PageLoader } from './components/page-loader';
import { RouteError } from './components/route-error';
import { loadNamespaces } from './lib/i18n';
import { RootLayout } from './routes/root-layout';
import { areaListRoutes } from './features/member-videos/area-routes';
import { adminRouteObjects } from './routes/admin/admin-routes';

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
            { path: 'login/:teamId', lazy: page(() => import('./routes/public/member-login-page'), 'auth', 'member') },
            { path: 'logged_in/:teamId', lazy: page(() => import('./routes/public/logged-in-member-page'), 'member') },
            { path: 'unverified_email/:teamId', lazy: page(() => import('./routes/public/unverified-email-page'), 'member') },
            { path: 'verify_email/:token', lazy: page(() => import('./routes/public/verify-email-page'), 'member') },
            { path: 'request_reset_password', lazy: page(() => import('./routes/public/request-reset-password-page'), 'auth', 'member') },
            { path: 'change_password', lazy: page(() => import('./routes/public/change-password-page'), 'auth', 'member') },
            { path: 'two_factor/:teamId', lazy: page(() => import('./routes/public/two-factor-page'), 'member', 'security') },
            { path: 'join/user/:inviteId', lazy: page(() => import('./routes/public/join-user-page'), 'invites') },
            { path: 'join/admin/:inviteId', lazy: page(() => import('./routes/public/join-admin-page'), 'invites') },
            { path: 'invalid_invite_code/:message', lazy: page(() => import('./routes/public/invalid-invite-code-page'), 'invites') },
            { path: 'unapproved/:teamId', lazy: page(() => import('./routes/public/unapproved-page'), 'invites') },
            { path: '*', lazy: page(() => import('./routes/public/not-found-page')) },
          ],
        },
        {
          path: 'admin',
          lazy: page(() => import('./routes/admin/admin-layout'), 'admin'),
          children: [
            { index: true, loader: () => redirect('/admin/dashboard') },
            ...adminRouteObjects(page),
          ],
        },
        {
          path: 'user/:teamId',
          lazy: page(() => import('./routes/user/user-layout'), 'member', 'videolist'),
          children: [
            { index: true, lazy: page(() => import('./routes/user/home-page'), 'member') },
            { path: 'video/:videoId', lazy: page(() => import('./routes/user/video-page'), 'player') },
            ...areaListRoutes('user', loadNamespaces),
          ],
        },
        {
          path: 'catalog/:teamId',
          lazy: page(() => import('./routes/catalog/catalog-layout'), 'catalog'),
          children: [
            { index: true, lazy: page(() => import('./routes/catalog/home-page'), 'catalog', 'videolist') },
            { path: 'video/:videoId', lazy: page(() => import('./routes/catalog/video-page'), 'catalog', 'player') },
            ...areaListRoutes('catalog', loadNamespaces),
          ],
        },
      ],
    },
  ]);
