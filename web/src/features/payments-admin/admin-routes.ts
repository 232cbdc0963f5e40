import { IconBrandStripe, IconCreditCard } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** This feature's admin pages (paths under /admin) and menu entries; who may open them comes from shared/permissions.ts by path. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'payment', load: () => import('./pages/payment-page'), namespaces: ['payments'], nav: { key: 'payment', icon: IconCreditCard } },
  { path: 'stripe/product', load: () => import('./pages/stripe-product-list-page'), namespaces: ['payments'], nav: { key: 'stripe', icon: IconBrandStripe } },
  { path: 'stripe/product/create', load: () => import('./pages/stripe-product-edit-page'), namespaces: ['payments'] },
  { path: 'stripe/product/:productId/edit', load: () => import('./pages/stripe-product-edit-page'), namespaces: ['payments'] },
  { path: 'stripe/price/:productId', load: () => import('./pages/stripe-price-list-page'), namespaces: ['payments'] },
  { path: 'stripe/price/:productId/create', load: () => import('./pages/stripe-price-edit-page'), namespaces: ['payments'] },
  { path: 'stripe/price/:productId/:priceId/edit', load: () => import('./pages/stripe-price-edit-page'), namespaces: ['payments'] },
  { path: 'stripe/coupon', load: () => import('./pages/stripe-coupon-list-page'), namespaces: ['payments'] },
  { path: 'stripe/coupon/create', load: () => import('./pages/stripe-coupon-create-page'), namespaces: ['payments'] },
  { path: 'stripe/tax_rate', load: () => import('./pages/stripe-tax-rate-list-page'), namespaces: ['payments'] },
  { path: 'stripe/tax_rate/create', load: () => import('./pages/stripe-tax-rate-edit-page'), namespaces: ['payments'] },
  { path: 'stripe/tax_rate/:taxRateId/edit', load: () => import('./pages/stripe-tax-rate-edit-page'), namespaces: ['payments'] },
  // A member's payment history sits under the users area; shared/permissions.ts gives it to paying managers.
  { path: 'user/:userId/paid_history', load: () => import('./pages/user-paid-history-page'), namespaces: ['payments'] },
  { path: 'user/:userId/paid_history/subscription', load: () => import('./pages/user-paid-history-page'), namespaces: ['payments'] },
  { path: 'user/:userId/paid_history/one_time', load: () => import('./pages/user-paid-history-page'), namespaces: ['payments'] },
];
