import { IconClipboardList } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** SPEC §2 /admin/enquete: list, create, :enqueteId/edit, :enqueteId/answer; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'enquete', load: () => import('./pages/enquete-list-page'), namespaces: ['enquete'], nav: { key: 'enquete', icon: IconClipboardList } },
  { path: 'enquete/create', load: () => import('./pages/enquete-edit-page'), namespaces: ['enquete'] },
  { path: 'enquete/:enqueteId/edit', load: () => import('./pages/enquete-edit-page'), namespaces: ['enquete'] },
  { path: 'enquete/:enqueteId/answer', load: () => import('./pages/enquete-answers-page'), namespaces: ['enquete'] },
];
