import { IconSpeakerphone } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../routes/admin/admin-route';

/** SPEC §2 /admin/news: list, create, :newsId/edit; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'news', load: () => import('../../routes/admin/news-list-page'), namespaces: ['news'], nav: { key: 'news', icon: IconSpeakerphone } },
  { path: 'news/create', load: () => import('../../routes/admin/news-edit-page'), namespaces: ['news'] },
  { path: 'news/:newsId/edit', load: () => import('../../routes/admin/news-edit-page'), namespaces: ['news'] },
];
