import { IconMessages } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** SPEC §2 /admin/comment and comment/:commentId/reply; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'comment', load: () => import('./pages/comment-list-page'), namespaces: ['comments'], nav: { key: 'comments', icon: IconMessages } },
  { path: 'comment/:commentId/reply', load: () => import('./pages/comment-reply-page'), namespaces: ['comments'] },
];
