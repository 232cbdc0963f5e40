import { IconChecklist } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** SPEC §2 /admin/test: list, create, :testId/edit, :testId/answer, :testId/answer/:answerId/detail (analysts). */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'test', load: () => import('./pages/test-list-page'), namespaces: ['tests'], nav: { key: 'tests', icon: IconChecklist } },
  { path: 'test/create', load: () => import('./pages/test-edit-page'), namespaces: ['tests'] },
  { path: 'test/:testId/edit', load: () => import('./pages/test-edit-page'), namespaces: ['tests'] },
  { path: 'test/:testId/answer', load: () => import('./pages/test-answer-list-page'), namespaces: ['tests'] },
  { path: 'test/:testId/answer/:answerId/detail', load: () => import('./pages/test-answer-detail-page'), namespaces: ['tests'] },
];
