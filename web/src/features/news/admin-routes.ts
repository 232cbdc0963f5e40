import { IconSpeakerphone } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** SPEC §2 /admin/news: list, create, :newsId/edit; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'news', load: () => import('./pages/news-list-page'), namespaces: ['news'], nav: { key: 'news', icon: IconSpeakerphone } },
  { path: 'news/create', load: () => import('./pages/news-edit-page'), namespaces: ['news'] },
  { path: 'news/:newsId/edit', load: () => import('./pages/news-edit-page'), namespaces: ['news'] },
];
