import { IconCategory, IconTags, IconUserStar } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../routes/admin/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'category', load: () => import('../../routes/admin/category-list-page'), namespaces: ['taxonomy'], nav: { key: 'categories', icon: IconCategory } },
  { path: 'category/create', load: () => import('../../routes/admin/category-edit-page'), namespaces: ['taxonomy'] },
  { path: 'category/:id/edit', load: () => import('../../routes/admin/category-edit-page'), namespaces: ['taxonomy'] },
  { path: 'tag', load: () => import('../../routes/admin/tag-list-page'), namespaces: ['taxonomy'], nav: { key: 'tags', icon: IconTags } },
  { path: 'tag/create', load: () => import('../../routes/admin/tag-edit-page'), namespaces: ['taxonomy'] },
  { path: 'tag/:id/edit', load: () => import('../../routes/admin/tag-edit-page'), namespaces: ['taxonomy'] },
  { path: 'creator', load: () => import('../../routes/admin/creator-list-page'), namespaces: ['taxonomy'], nav: { key: 'creators', icon: IconUserStar } },
  { path: 'creator/create', load: () => import('../../routes/admin/creator-edit-page'), namespaces: ['taxonomy'] },
  { path: 'creator/:id/edit', load: () => import('../../routes/admin/creator-edit-page'), namespaces: ['taxonomy'] },
];
