import { IconCategory, IconTags, IconUserStar } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'category', load: () => import('./pages/category-list-page'), namespaces: ['taxonomy'], nav: { key: 'categories', icon: IconCategory } },
  { path: 'category/create', load: () => import('./pages/category-edit-page'), namespaces: ['taxonomy'] },
  { path: 'category/:id/edit', load: () => import('./pages/category-edit-page'), namespaces: ['taxonomy'] },
  { path: 'tag', load: () => import('./pages/tag-list-page'), namespaces: ['taxonomy'], nav: { key: 'tags', icon: IconTags } },
  { path: 'tag/create', load: () => import('./pages/tag-edit-page'), namespaces: ['taxonomy'] },
  { path: 'tag/:id/edit', load: () => import('./pages/tag-edit-page'), namespaces: ['taxonomy'] },
  { path: 'creator', load: () => import('./pages/creator-list-page'), namespaces: ['taxonomy'], nav: { key: 'creators', icon: IconUserStar } },
  { path: 'creator/create', load: () => import('./pages/creator-edit-page'), namespaces: ['taxonomy'] },
  { path: 'creator/:id/edit', load: () => import('./pages/creator-edit-page'), namespaces: ['taxonomy'] },
];
