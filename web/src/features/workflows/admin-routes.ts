import { IconRoute } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../routes/admin/admin-route';

/** SPEC §2 /admin/workflow: list, create, :workflowId/edit; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'workflow', load: () => import('../../routes/admin/workflow-list-page'), namespaces: ['workflows'], nav: { key: 'workflows', icon: IconRoute } },
  { path: 'workflow/create', load: () => import('../../routes/admin/workflow-edit-page'), namespaces: ['workflows'] },
  { path: 'workflow/:workflowId/edit', load: () => import('../../routes/admin/workflow-edit-page'), namespaces: ['workflows'] },
];
