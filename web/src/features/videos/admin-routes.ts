import { IconMovie } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'video', load: () => import('./pages/video-list-page'), namespaces: ['videos', 'contentfields'], nav: { key: 'videos', icon: IconMovie } },
  { path: 'video/create', load: () => import('./pages/video-create-page'), namespaces: ['videos', 'contentfields'] },
  { path: 'video/:videoId/edit', load: () => import('./pages/video-edit-page'), namespaces: ['videos', 'contentfields'] },
  { path: 'video/:videoId/recreate', load: () => import('./pages/video-recreate-page'), namespaces: ['videos', 'contentfields'] },
];
