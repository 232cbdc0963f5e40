import { IconMessages } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../routes/admin/admin-route';

/** SPEC §2 /admin/comment and comment/:commentId/reply; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'comment', load: () => import('../../routes/admin/comment-list-page'), namespaces: ['comments'], nav: { key: 'comments', icon: IconMessages } },
  { path: 'comment/:commentId/reply', load: () => import('../../routes/admin/comment-reply-page'), namespaces: ['comments'] },
];
