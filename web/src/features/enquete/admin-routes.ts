import { IconClipboardList } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../routes/admin/admin-route';

/** SPEC §2 /admin/enquete: list, create, :enqueteId/edit, :enqueteId/answer; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'enquete', load: () => import('../../routes/admin/enquete-list-page'), namespaces: ['enquete'], nav: { key: 'enquete', icon: IconClipboardList } },
  { path: 'enquete/create', load: () => import('../../routes/admin/enquete-edit-page'), namespaces: ['enquete'] },
  { path: 'enquete/:enqueteId/edit', load: () => import('../../routes/admin/enquete-edit-page'), namespaces: ['enquete'] },
  { path: 'enquete/:enqueteId/answer', load: () => import('../../routes/admin/enquete-answers-page'), namespaces: ['enquete'] },
];
