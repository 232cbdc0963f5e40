import { useRoutes, type RouteObject } from 'react-router';
import { lazyRoute, type RouteModule } from './components/lazy-route';
import { loadNamespaces } from './lib/i18n';
import { RootLayout } from './routes/root-layout';
import { contentItemRoutes, itemSelectRoutes } from './features/member-contents/content-routes';
import { areaListRoutes } from './features/member-videos/area-routes';
import type { AsyncAction } from './lib/async-action';

/**
 * Every route is a lazy chunk (a member never downloads admin code); its strings are loaded alongside, so a
 * page never paints untranslated keys. Declarative routes (`useRoutes`), not a data router: the app loads its
 * data with SWR, and the data router's code (about 17 KB gzipped) was a tenth of a member's first load.
 */
const page = (load: AsyncAction<[], RouteModule>, ...namespaces: string[]) => lazyRoute(load, loadNamespaces, ...namespaces);

/**
 * Pages live in their features (web/src/features/<f>/pages/). A content page that shows other features' parts
 * (save buttons, comments, the purchase panel, the survey after a video, the playlist bar: lib/content-slots.ts)
 * gets them here, loaded in parallel with the page when its route is first shown: no feature imports another.
 */
const contentSlots = () =>
  Promise.all([
    import('./features/member-saved/components/save-buttons'),
    import('./features/member-comments/components/content-comments'),
    import('./features/purchases/components/purchase-panel'),
  ]).then(([saved, comments, purchases]) => ({ SaveButtons: saved.SaveButtons, ContentComments: comments.ContentComments, PurchasePanel: purchases.PurchasePanel }));
const watchingPlaylist = () => import('./features/member-contents/components/watching-playlist').then((m) => m.WatchingPlaylist);
const memberVideoPages = () =>
  Promise.all([
    import('./features/player/pages/video-page'),
    contentSlots(),
    import('./features/member-enquete/components/enquete-after-video'),
    watchingPlaylist(),
  ]).then(([pages, slots, enquete, WatchingPlaylist]) => pages.memberVideoPages({ ...slots, EnqueteAfterVideo: enquete.EnqueteAfterVideo, WatchingPlaylist }));
const catalogVideoPages = () =>
  Promise.all([import('./features/player/pages/catalog-video-page'), watchingPlaylist()]).then(([pages, WatchingPlaylist]) => pages.catalogVideoPages(WatchingPlaylist));
const memberContentPages = () =>
  Promise.all([import('./features/member-contents/pages/content-page'), contentSlots()]).then(([pages, slots]) => pages.memberContentPages(slots));

/** Built once: each lazy page component must keep its identity across renders. */
export const appRoutes = (): RouteObject[] => [
  {
    element: page(() => import('./routes/public/public-layout')),
    children: [
      { index: true, element: page(() => import('./features/auth/pages/landing-page')) },
      { path: 'register', element: page(() => import('./features/teams/pages/register-page'), 'auth') },
      { path: 'login', element: page(() => import('./features/auth/pages/login-page'), 'auth') },
      { path: 'logged_in', element: page(() => import('./features/auth/pages/logged-in-page'), 'auth') },
      // SPEC §2 /admin/item_select: the site to operate, for an administrator of several (before the admin area's table).
      { path: 'admin/item_select', element: page(() => import('./features/auth/pages/item-select-page'), 'auth') },
      { path: 'login_saml', element: page(() => import('./features/member-auth/pages/login-saml-page'), 'federation') },
      { path: 'login/:teamId', element: page(() => import('./features/member-auth/pages/member-login-page'), 'auth', 'member', 'federation') },
      { path: 'logged_in/:teamId', element: page(() => import('./features/member-auth/pages/logged-in-member-page'), 'member') },
      { path: 'unverified_email/:teamId', element: page(() => import('./features/member-auth/pages/unverified-email-page'), 'member') },
      { path: 'verify_email/:token', element: page(() => import('./features/member-auth/pages/verify-email-page'), 'member') },
      { path: 'request_reset_password', element: page(() => import('./features/member-auth/pages/request-reset-password-page'), 'auth', 'member') },
      { path: 'change_password', element: page(() => import('./features/member-auth/pages/change-password-page'), 'auth', 'member') },
      { path: 'two_factor/:teamId', element: page(() => import('./features/member-auth/pages/two-factor-page'), 'member', 'security') },
      { path: 'enquete/:teamId', element: page(() => import('./features/member-enquete/pages/enquete-page'), 'member', 'enquete') },
      { path: 'join/user/:inviteId', element: page(() => import('./features/join/pages/join-user-page'), 'invites') },
      { path: 'join/admin/:inviteId', element: page(() => import('./features/join/pages/join-admin-page'), 'invites') },
      { path: 'invalid_invite_code/:message', element: page(() => import('./features/join/pages/invalid-invite-code-page'), 'invites') },
      { path: 'unapproved/:teamId', element: page(() => import('./features/join/pages/unapproved-page'), 'invites') },
      // SPEC §2 entry pages of a shut team (shared/plans.ts teamGate): the admin one and the member one.
      { path: 'entry/admin/:type', element: page(() => import('./features/plans/pages/entry-page'), 'plans') },
      { path: 'entry/:teamId/:type', element: page(() => import('./features/plans/pages/entry-page'), 'plans') },
      { path: '*', element: page(() => import('./components/not-found-page')) },
    ],
  },
  // SPEC §2 /lp/:teamId: the team's landing page, in the team's design (its own frame, not the product's).
  { path: 'lp/:teamId', element: page(() => import('./features/site-design/pages/lp-page'), 'design') },
  // The admin area brings its own route table (routes/admin/admin-app.tsx), so members and visitors never load it.
  { path: 'admin/*', element: page(() => import('./routes/admin/admin-app')) },
  {
    path: 'user/:teamId',
    element: page(() => import('./routes/user/user-layout'), 'member', 'videolist'),
    children: [
      { index: true, element: page(() => import('./features/member-videos/pages/home-page'), 'member') },
      // SPEC §2 video/:videoId and video/:videoId/item_select (opened from a member list, with the way back to it).
      ...['video/:videoId', 'video/:videoId/item_select'].map((path) => ({
        path,
        element: page(() => memberVideoPages().then((m) => ({ Component: m.Component })), 'player', 'purchases', 'comments', 'saved', 'enquete', 'tests'),
      })),
      {
        path: 'playlist/:parentId/:videoId',
        element: page(() => memberVideoPages().then((m) => ({ Component: m.PlaylistVideoPage })), 'player', 'purchases', 'playlists', 'comments', 'saved', 'enquete', 'tests'),
      },
      // SPEC §2: an event's video, watched through the event (which grants it); event/:parentId/:videoId is the same page.
      ...['event/:eventId/:videoId/item_select', 'event/:eventId/:videoId'].map((path) => ({
        path,
        element: page(() => memberVideoPages().then((m) => ({ Component: m.Component })), 'player', 'purchases', 'events', 'comments', 'enquete', 'tests'),
      })),
      { path: 'news', element: page(() => import('./features/member-news/pages/news-page'), 'news') },
      { path: 'notification', element: page(() => import('./features/member-notices/pages/notification-page'), 'notices') },
      { path: 'live/:liveId/enquete', element: page(() => import('./features/member-enquete/pages/live-enquete-page'), 'enquete') },
      { path: 'test/:testId', element: page(() => import('./features/member-tests/pages/test-page'), 'tests') },
      { path: 'chat', element: page(() => import('./features/member-chat/pages/chat-page'), 'chat') },
      { path: 'bookmark', element: page(() => import('./features/member-saved/pages/saved-page').then((m) => ({ Component: m.BookmarkPage })), 'saved') },
      { path: 'watchLater', element: page(() => import('./features/member-saved/pages/saved-page').then((m) => ({ Component: m.WatchLaterPage })), 'saved') },
      { path: 'view_log', element: page(() => import('./features/member-view-log/pages/view-log-page'), 'viewlog') },
      { path: 'group_analytics', element: page(() => import('./features/analytics/pages/group-analytics-page'), 'analytics') },
      { path: 'group_manage', element: page(() => import('./features/managers/pages/managed-groups-page'), 'managers') },
      { path: 'schedule', element: page(() => import('./features/member-schedule/pages/schedule-page'), 'schedule') },
      { path: 'purchased', element: page(() => import('./features/purchases/pages/purchased-page'), 'purchases') },
      // SPEC §2 /user/:teamId/setting: the member's own account; their subscriptions are the purchases feature's, given as a slot.
      {
        path: 'setting',
        element: page(
          () =>
            Promise.all([import('./features/member-settings/pages/member-settings-page'), import('./features/purchases/components/purchased-list')]).then(([pages, purchases]) => ({
              Component: pages.memberSettingsPage({ Subscriptions: purchases.PurchasedList }),
            })),
          'membersettings',
          'profile',
          'purchases',
        ),
      },
      { path: 'setting/paid_history', element: page(() => import('./features/purchases/pages/paid-history-page'), 'purchases') },
      { path: 'setting/change_price/:id', element: page(() => import('./features/purchases/pages/change-price-page'), 'purchases') },
      ...[contentItemRoutes, itemSelectRoutes].flatMap((routes) =>
        routes((type, namespaces) =>
          page(() => memberContentPages().then((m) => ({ Component: m(type) })), 'membercontents', 'purchases', 'saved', 'comments', ...namespaces),
        ),
      ),
      ...areaListRoutes('user', page),
      // SPEC §2 not-found pages for a product and a price (the catalog has the same two).
      ...['not_found/product', 'not_found/price'].map((path) => ({ path, element: page(() => import('./features/purchases/pages/purchase-not-found-page'), 'purchases') })),
    ],
  },
  {
    path: 'catalog/:teamId',
    element: page(() => import('./routes/catalog/catalog-layout'), 'catalog'),
    children: [
      { index: true, element: page(() => import('./features/member-videos/pages/catalog-home-page'), 'catalog', 'videolist') },
      { path: 'video/:videoId', element: page(() => catalogVideoPages().then((m) => ({ Component: m.Component })), 'catalog', 'player', 'purchases') },
      {
        path: 'playlist/:parentId/:videoId',
        element: page(() => catalogVideoPages().then((m) => ({ Component: m.PlaylistVideoPage })), 'catalog', 'player', 'purchases', 'playlists'),
      },
      ...['event/:eventId/:videoId/item_select', 'event/:eventId/:videoId'].map((path) => ({
        path,
        element: page(() => catalogVideoPages().then((m) => ({ Component: m.Component })), 'catalog', 'player', 'purchases', 'events'),
      })),
      ...contentItemRoutes((type, namespaces) =>
        page(() => import('./features/member-contents/pages/catalog-content-page').then((m) => ({ Component: m.catalogContentPage(type) })), 'catalog', 'membercontents', 'purchases', ...namespaces),
      ),
      ...areaListRoutes('catalog', page),
      ...['not_found/product', 'not_found/price'].map((path) => ({ path, element: page(() => import('./features/purchases/pages/purchase-not-found-page'), 'purchases') })),
    ],
  },
];

/** The pages, inside the app frame. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return <RootLayout>{useRoutes(routes)}</RootLayout>;
}
