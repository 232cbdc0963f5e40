import useSWR from 'swr';
import * as paymentsCalls from '../../../../shared/api/calls/payments';
import type { CreateCouponInput, SavePriceInput, ProductInput, SaveTaxRateInput } from '../../../../shared/api/calls/payments';
import { memberGetCall } from '../../../../shared/api/calls/members';
import { callApi } from '../../lib/api';
import { ApiError } from '../../lib/api-error';
import { teamScoped } from '../../lib/team-session';

/** The catalogue calls answer 409 `payment/not_connected` until the team's Stripe account can take charges. */
export const isNotConnected = (error: unknown) => error instanceof ApiError && error.code === 'payment/not_connected';

// ---------------------------------------------------------------- connection

export const connectionKey = () => teamScoped(paymentsCalls.getConnectionCall.path);

export function useConnection() {
  return useSWR(connectionKey(), () => callApi(paymentsCalls.getConnectionCall, {}));
}

/** Stripe's onboarding link for the team's (new or existing) connected account. */
export const startConnect = () => callApi(paymentsCalls.startConnectCall, {});
export const disconnect = () => callApi(paymentsCalls.disconnectCall, {});

// ---------------------------------------------------------------- products

export const productListKey = () => teamScoped(paymentsCalls.getProductsCall.path);

export function useProducts() {
  return useSWR(productListKey(), () => callApi(paymentsCalls.getProductsCall, {}));
}

export const saveProduct = (input: ProductInput) => callApi(paymentsCalls.saveProductCall, input);

/** Uploads a product's thumbnail straight to storage (presigned PUT) and answers its key, saved with the product. */
export async function uploadProductImage(file: File): Promise<string> {
  const { key, url, headers } = await callApi(paymentsCalls.uploadProductImageCall, { fileName: file.name, contentType: file.type, sizeBytes: file.size });
  const res = await fetch(url, { method: 'PUT', headers, body: file });
  if (!res.ok) throw new ApiError(502, 'video/upload_failed');
  return key;
}

// ---------------------------------------------------------------- prices

export const priceListKey = (productId: string) => teamScoped(paymentsCalls.getPricesCall.path, productId);

export function usePrices(productId: string | undefined) {
  return useSWR(productId ? priceListKey(productId) : null, () => callApi(paymentsCalls.getPricesCall, { productId: productId! }));
}

export const savePrice = (input: SavePriceInput) => callApi(paymentsCalls.savePriceCall, input);

// ---------------------------------------------------------------- coupons

export const couponListKey = () => teamScoped(paymentsCalls.getCouponsCall.path);

export function useCoupons() {
  return useSWR(couponListKey(), () => callApi(paymentsCalls.getCouponsCall, {}));
}

export const createCoupon = (input: CreateCouponInput) => callApi(paymentsCalls.createCouponCall, input);

// ---------------------------------------------------------------- tax rates

export const taxRateListKey = () => teamScoped(paymentsCalls.getTaxRatesCall.path);

export function useTaxRates() {
  return useSWR(taxRateListKey(), () => callApi(paymentsCalls.getTaxRatesCall, {}));
}

export const saveTaxRate = (input: SaveTaxRateInput) => callApi(paymentsCalls.saveTaxRateCall, input);

// ---------------------------------------------------------------- a member's payment history (/admin/user/:userId/paid_history)

/** The member's name and e-mail. The key is the users feature's, so both pages share one cached answer. */
export function useMemberSummary(userId: string) {
  return useSWR(teamScoped(memberGetCall.path, userId), () => callApi(memberGetCall, { userId }));
}

export const memberPurchasesKey = (userId: string) => teamScoped(paymentsCalls.getPurchasedCall.path, userId);

/** The member's subscriptions and one-time purchases, as stored from Stripe's webhooks. */
export function useMemberPurchases(userId: string) {
  return useSWR(memberPurchasesKey(userId), () => callApi(paymentsCalls.getPurchasedCall, { userId }));
}

export const memberInvoicesKey = (userId: string) => teamScoped(paymentsCalls.getInvoicesCall.path, userId);

/** The member's invoices, read from Stripe. */
export function useMemberInvoices(userId: string) {
  return useSWR(memberInvoicesKey(userId), () => callApi(paymentsCalls.getInvoicesCall, { userId }));
}

export const memberOneTimePaymentsKey = (userId: string) => teamScoped(paymentsCalls.getOneTimePaymentsCall.path, userId);

/** The member's one-time payments (card), read from Stripe. */
export function useMemberOneTimePayments(userId: string) {
  return useSWR(memberOneTimePaymentsKey(userId), () => callApi(paymentsCalls.getOneTimePaymentsCall, { userId }));
}

// ---------------------------------------------------------------- payment notices (/admin/payment)

/** The members' payments as notified (SPEC §3 firstSubscriptionPayment, paymentUser), newest first, a page at a time. */
export function usePaymentNotifications(cursor: string | undefined, limit: number) {
  return useSWR(teamScoped(paymentsCalls.listPaymentNotificationsCall.path, cursor ?? '', limit), () => callApi(paymentsCalls.listPaymentNotificationsCall, { cursor, limit }));
}
