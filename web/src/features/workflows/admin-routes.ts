import { IconRoute } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** SPEC §2 /admin/workflow: list, create, :workflowId/edit; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'workflow', load: () => import('./pages/workflow-list-page'), namespaces: ['workflows'], nav: { key: 'workflows', icon: IconRoute } },
  { path: 'workflow/create', load: () => import('./pages/workflow-edit-page'), namespaces: ['workflows'] },
  { path: 'workflow/:workflowId/edit', load: () => import('./pages/workflow-edit-page'), namespaces: ['workflows'] },
];
