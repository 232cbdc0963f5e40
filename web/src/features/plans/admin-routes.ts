import { IconReceipt } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** Operator plan pages; billing is paying managers', subscription site managers' (shared/permissions.ts by path). */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'general_setting/billing', load: () => import('./pages/plan-billing-page'), namespaces: ['plans'], nav: { key: 'billing', icon: IconReceipt } },
  { path: 'general_setting/subscription/contracting_plan', load: () => import('./pages/plan-contract-page'), namespaces: ['plans'], nav: { key: 'subscription', icon: IconReceipt } },
  { path: 'general_setting/subscription/paid_history', load: () => import('./pages/plan-paid-history-page'), namespaces: ['plans'] },
];
