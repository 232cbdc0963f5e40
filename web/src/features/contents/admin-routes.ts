import { IconArticle, IconBroadcast, IconCalendarEvent, IconFileTypePdf, IconFiles, IconPlaylist } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';
import type { ContentItemType } from '../../../../shared/api/calls/content-items';

const pages = () => import('./pages/content-item-pages');
const commonNamespaces = ['contents', 'contentfields'] as const;

/** The list, create and edit pages of one content type (SPEC §2; the event's are named event_create and event_edit). */
function typeRoutes(type: ContentItemType, nav: NonNullable<AdminRouteEntry['nav']>, typeNamespaces: readonly string[] = []): AdminRouteEntry[] {
  const namespaces = [...commonNamespaces, ...typeNamespaces];
  const [create, edit] = type === 'event' ? ['event/event_create', 'event/event_edit/:id'] : [`${type}/create`, `${type}/:id/edit`];
  return [
    { path: type, load: () => pages().then((m) => ({ Component: m.pagesOf(type).list })), namespaces, nav },
    { path: create, load: () => pages().then((m) => ({ Component: m.pagesOf(type).create })), namespaces },
    { path: edit, load: () => pages().then((m) => ({ Component: m.pagesOf(type).edit })), namespaces },
  ];
}

/** This feature's admin pages: every content type but the video, and the file library. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  ...typeRoutes('article', { key: 'articles', icon: IconArticle }),
  ...typeRoutes('pdf', { key: 'pdfs', icon: IconFileTypePdf }, ['pdfs']),
  ...typeRoutes('live', { key: 'lives', icon: IconBroadcast }, ['lives']),
  ...typeRoutes('playlist', { key: 'playlists', icon: IconPlaylist }, ['playlists']),
  ...typeRoutes('event', { key: 'events', icon: IconCalendarEvent }, ['events']),
  // SPEC §2 setting/zoom_setting: the Zoom connection lives create their meetings with (contents managers, by
  // shared/permissions.ts). No menu entry: the live form links to it. `authorized` is where a connection lands.
  { path: 'setting/zoom_setting', load: () => import('./pages/zoom-setting-page'), namespaces: ['lives'] },
  {
    path: 'setting/zoom_setting/authorized',
    load: () => import('./pages/zoom-setting-page').then((m) => ({ Component: m.AuthorizedPage })),
    namespaces: ['lives'],
  },
  { path: 'filelist', load: () => import('./pages/file-list-page'), namespaces: commonNamespaces, nav: { key: 'files', icon: IconFiles } },
  { path: 'filelist/create', load: () => import('./pages/file-create-page'), namespaces: commonNamespaces },
];
