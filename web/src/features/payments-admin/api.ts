import useSWR from 'swr';
import {
  createCouponCall,
  disconnectCall,
  getConnectionCall,
  getCouponsCall,
  getInvoicesCall,
  getOneTimePaymentsCall,
  getPricesCall,
  getPurchasedCall,
  getProductsCall,
  getTaxRatesCall,
  listPaymentNotificationsCall,
  savePriceCall,
  saveProductCall,
  saveTaxRateCall,
  startConnectCall,
  type CreateCouponInput,
  type SavePriceInput,
  type ProductInput,
  type SaveTaxRateInput,
} from '../../../../shared/api/calls/payments';
import { memberGetCall } from '../../../../shared/api/calls/members';
import { callApi } from '../../lib/api';
import { ApiError } from '../../lib/api-error';
import { teamScoped } from '../../lib/team-session';

/** The catalogue calls answer 409 `payment/not_connected` until the team's Stripe account can take charges. */
export const isNotConnected = (error: unknown) => error instanceof ApiError && error.code === 'payment/not_connected';

// ---------------------------------------------------------------- connection

export const connectionKey = () => teamScoped(getConnectionCall.path);

export function useConnection() {
  return useSWR(connectionKey(), () => callApi(getConnectionCall, {}));
}

/** Stripe's onboarding link for the team's (new or existing) connected account. */
export const startConnect = () => callApi(startConnectCall, {});
export const disconnect = () => callApi(disconnectCall, {});

// ---------------------------------------------------------------- products

export const productListKey = () => teamScoped(getProductsCall.path);

export function useProducts() {
  return useSWR(productListKey(), () => callApi(getProductsCall, {}));
}

export const saveProduct = (input: ProductInput) => callApi(saveProductCall, input);

// ---------------------------------------------------------------- prices

export const priceListKey = (productId: string) => teamScoped(getPricesCall.path, productId);

export function usePrices(productId: string | undefined) {
  return useSWR(productId ? priceListKey(productId) : null, () => callApi(getPricesCall, { productId: productId! }));
}

export const savePrice = (input: SavePriceInput) => callApi(savePriceCall, input);

// ---------------------------------------------------------------- coupons

export const couponListKey = () => teamScoped(getCouponsCall.path);

export function useCoupons() {
  return useSWR(couponListKey(), () => callApi(getCouponsCall, {}));
}

export const createCoupon = (input: CreateCouponInput) => callApi(createCouponCall, input);

// ---------------------------------------------------------------- tax rates

export const taxRateListKey = () => teamScoped(getTaxRatesCall.path);

export function useTaxRates() {
  return useSWR(taxRateListKey(), () => callApi(getTaxRatesCall, {}));
}

export const saveTaxRate = (input: SaveTaxRateInput) => callApi(saveTaxRateCall, input);

// ---------------------------------------------------------------- a member's payment history (/admin/user/:userId/paid_history)

/** The member's name and e-mail. The key is the users feature's, so both pages share one cached answer. */
export function useMemberSummary(userId: string) {
  return useSWR(teamScoped(memberGetCall.path, userId), () => callApi(memberGetCall, { userId }));
}

export const memberPurchasesKey = (userId: string) => teamScoped(getPurchasedCall.path, userId);

/** The member's subscriptions and one-time purchases, as stored from Stripe's webhooks. */
export function useMemberPurchases(userId: string) {
  return useSWR(memberPurchasesKey(userId), () => callApi(getPurchasedCall, { userId }));
}

export const memberInvoicesKey = (userId: string) => teamScoped(getInvoicesCall.path, userId);

/** The member's invoices, read from Stripe. */
export function useMemberInvoices(userId: string) {
  return useSWR(memberInvoicesKey(userId), () => callApi(getInvoicesCall, { userId }));
}

export const memberOneTimePaymentsKey = (userId: string) => teamScoped(getOneTimePaymentsCall.path, userId);

/** The member's one-time payments (card), read from Stripe. */
export function useMemberOneTimePayments(userId: string) {
  return useSWR(memberOneTimePaymentsKey(userId), () => callApi(getOneTimePaymentsCall, { userId }));
}

// ---------------------------------------------------------------- payment notices (/admin/payment)

/** The members' payments as notified (SPEC §3 firstSubscriptionPayment, paymentUser), newest first, a page at a time. */
export function usePaymentNotifications(cursor: string | undefined, limit: number) {
  return useSWR(teamScoped(listPaymentNotificationsCall.path, cursor ?? '', limit), () => callApi(listPaymentNotificationsCall, { cursor, limit }));
}
