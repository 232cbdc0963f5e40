import { useRoutes, type RouteObject } from 'react-router';
import { lazyRoute, type RouteModule } from './components/lazy-route';
import { loadNamespaces } from './lib/i18n';
import { RootLayout } from './routes/root-layout';
import { contentItemRoutes } from './features/member-contents/content-routes';
import { areaListRoutes } from './features/member-videos/area-routes';
import type { AsyncAction } from './lib/async-action';

/**
 * Every route is a lazy chunk (a member never downloads admin code); its strings are loaded alongside, so a
 * page never paints untranslated keys. Declarative routes (`useRoutes`), not a data router: the app loads its
 * data with SWR, and the data router's code (about 17 KB gzipped) was a tenth of a member's first load.
 */
const page = (load: AsyncAction<[], RouteModule>, ...namespaces: string[]) => lazyRoute(load, loadNamespaces, ...namespaces);

/** Built once: each lazy page component must keep its identity across renders. */
export const appRoutes = (): RouteObject[] => [
  {
    element: page(() => import('./routes/public/public-layout')),
    children: [
      { index: true, element: page(() => import('./routes/public/landing-page')) },
      { path: 'register', element: page(() => import('./routes/public/register-page'), 'auth') },
      { path: 'login', element: page(() => import('./routes/public/login-page'), 'auth') },
      { path: 'logged_in', element: page(() => import('./routes/public/logged-in-page'), 'auth') },
      // SPEC §2 /admin/item_select: the site to operate, for an administrator of several (before the admin area's table).
      { path: 'admin/item_select', element: page(() => import('./routes/public/item-select-page'), 'auth') },
      { path: 'login_saml', element: page(() => import('./routes/public/login-saml-page'), 'federation') },
      { path: 'login/:teamId', element: page(() => import('./routes/public/member-login-page'), 'auth', 'member', 'federation') },
      { path: 'logged_in/:teamId', element: page(() => import('./routes/public/logged-in-member-page'), 'member') },
      { path: 'unverified_email/:teamId', element: page(() => import('./routes/public/unverified-email-page'), 'member') },
      { path: 'verify_email/:token', element: page(() => import('./routes/public/verify-email-page'), 'member') },
      { path: 'request_reset_password', element: page(() => import('./routes/public/request-reset-password-page'), 'auth', 'member') },
      { path: 'change_password', element: page(() => import('./routes/public/change-password-page'), 'auth', 'member') },
      { path: 'two_factor/:teamId', element: page(() => import('./routes/public/two-factor-page'), 'member', 'security') },
      { path: 'enquete/:teamId', element: page(() => import('./routes/public/enquete-page'), 'member', 'enquete') },
      { path: 'join/user/:inviteId', element: page(() => import('./routes/public/join-user-page'), 'invites') },
      { path: 'join/admin/:inviteId', element: page(() => import('./routes/public/join-admin-page'), 'invites') },
      { path: 'invalid_invite_code/:message', element: page(() => import('./routes/public/invalid-invite-code-page'), 'invites') },
      { path: 'unapproved/:teamId', element: page(() => import('./routes/public/unapproved-page'), 'invites') },
      // SPEC §2 entry pages of a shut team (shared/plans.ts teamGate): the admin one and the member one.
      { path: 'entry/admin/:type', element: page(() => import('./routes/public/entry-page'), 'plans') },
      { path: 'entry/:teamId/:type', element: page(() => import('./routes/public/entry-page'), 'plans') },
      { path: '*', element: page(() => import('./routes/public/not-found-page')) },
    ],
  },
  // SPEC §2 /lp/:teamId: the team's landing page, in the team's design (its own frame, not the product's).
  { path: 'lp/:teamId', element: page(() => import('./routes/public/lp-page'), 'design') },
  // The admin area brings its own route table (routes/admin/admin-app.tsx), so members and visitors never load it.
  { path: 'admin/*', element: page(() => import('./routes/admin/admin-app')) },
  {
    path: 'user/:teamId',
    element: page(() => import('./routes/user/user-layout'), 'member', 'videolist'),
    children: [
      { index: true, element: page(() => import('./routes/user/home-page'), 'member') },
      { path: 'video/:videoId', element: page(() => import('./routes/user/video-page'), 'player', 'purchases', 'comments', 'saved', 'enquete', 'tests') },
      {
        path: 'playlist/:parentId/:videoId',
        element: page(() => import('./routes/user/video-page').then((m) => ({ Component: m.PlaylistVideoPage })), 'player', 'purchases', 'playlists', 'comments', 'saved', 'enquete', 'tests'),
      },
      // SPEC §2: an event's video, watched through the event (which grants it); event/:parentId/:videoId is the same page.
      ...['event/:eventId/:videoId/item_select', 'event/:eventId/:videoId'].map((path) => ({
        path,
        element: page(() => import('./routes/user/video-page'), 'player', 'purchases', 'events', 'comments', 'enquete', 'tests'),
      })),
      { path: 'news', element: page(() => import('./routes/user/news-page'), 'news') },
      { path: 'notification', element: page(() => import('./routes/user/notification-page'), 'notices') },
      { path: 'live/:liveId/enquete', element: page(() => import('./routes/user/live-enquete-page'), 'enquete') },
      { path: 'test/:testId', element: page(() => import('./routes/user/test-page'), 'tests') },
      { path: 'chat', element: page(() => import('./routes/user/chat-page'), 'chat') },
      { path: 'bookmark', element: page(() => import('./routes/user/saved-page').then((m) => ({ Component: m.BookmarkPage })), 'saved') },
      { path: 'watchLater', element: page(() => import('./routes/user/saved-page').then((m) => ({ Component: m.WatchLaterPage })), 'saved') },
      { path: 'view_log', element: page(() => import('./routes/user/view-log-page'), 'viewlog') },
      { path: 'group_analytics', element: page(() => import('./routes/user/group-analytics-page'), 'analytics') },
      { path: 'schedule', element: page(() => import('./routes/user/schedule-page'), 'schedule') },
      { path: 'purchased', element: page(() => import('./routes/user/purchased-page'), 'purchases') },
      { path: 'setting/paid_history', element: page(() => import('./routes/user/paid-history-page'), 'purchases') },
      { path: 'setting/change_price/:id', element: page(() => import('./routes/user/change-price-page'), 'purchases') },
      ...contentItemRoutes((type, namespaces) =>
        page(() => import('./routes/user/content-page').then((m) => ({ Component: m.memberContentPage(type) })), 'membercontents', 'purchases', 'saved', 'comments', ...namespaces),
      ),
      ...areaListRoutes('user', page),
    ],
  },
  {
    path: 'catalog/:teamId',
    element: page(() => import('./routes/catalog/catalog-layout'), 'catalog'),
    children: [
      { index: true, element: page(() => import('./routes/catalog/home-page'), 'catalog', 'videolist') },
      { path: 'video/:videoId', element: page(() => import('./routes/catalog/video-page'), 'catalog', 'player', 'purchases') },
      {
        path: 'playlist/:parentId/:videoId',
        element: page(() => import('./routes/catalog/video-page').then((m) => ({ Component: m.PlaylistVideoPage })), 'catalog', 'player', 'purchases', 'playlists'),
      },
      ...['event/:eventId/:videoId/item_select', 'event/:eventId/:videoId'].map((path) => ({
        path,
        element: page(() => import('./routes/catalog/video-page'), 'catalog', 'player', 'purchases', 'events'),
      })),
      ...contentItemRoutes((type, namespaces) =>
        page(() => import('./routes/catalog/content-page').then((m) => ({ Component: m.catalogContentPage(type) })), 'catalog', 'membercontents', 'purchases', ...namespaces),
      ),
      ...areaListRoutes('catalog', page),
    ],
  },
];

/** The pages, inside the app frame. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return <RootLayout>{useRoutes(routes)}</RootLayout>;
}
