import useSWR from 'swr';
import type { CallDef } from '../../../../shared/api/define';
import type {
  cancelSubscriptionCall,
  changePriceCall,
  createSessionCall,
  confirmIncompletePaymentCall,
  createInvoicePaymentCall,
  createSetupSessionCall,
  getCheckoutResultCall,
  getInvoicesCall,
  getOffersCall,
  getOneTimePaymentsCall,
  getProductInfoCall,
  getPurchasedCall,
  previewUpcomingCall,
  restartSubscriptionCall,
  updatePaymentMethodCall,
} from '../../../../shared/api/calls/payments';
import { callApi, callRef } from '../../lib/api';
import { teamOwner } from '../../lib/team-session';

/** A member's purchases (SPEC §7 /stripe calls a member makes); references only, no zod in member pages. */
const member = <C extends CallDef>(path: C['path']) => callRef<C>(path, 'member');

const calls = {
  offers: member<typeof getOffersCall>('/stripe/price_ids/get_product_info'),
  productInfo: member<typeof getProductInfoCall>('/stripe/get_product_info'),
  checkout: member<typeof createSessionCall>('/stripe/create_session'),
  checkoutResult: member<typeof getCheckoutResultCall>('/stripe/checkout_result'),
  setup: member<typeof createSetupSessionCall>('/stripe/create_session/setup'),
  updatePaymentMethod: member<typeof updatePaymentMethodCall>('/stripe/update_payment_method'),
  confirmIncomplete: member<typeof confirmIncompletePaymentCall>('/stripe/confirm_incomplete_payment_intent'),
  invoicePayment: member<typeof createInvoicePaymentCall>('/stripe/create_invoice_payment'),
  purchased: member<typeof getPurchasedCall>('/stripe/purchased/get_infos'),
  cancel: member<typeof cancelSubscriptionCall>('/stripe/cancel_subscription'),
  restart: member<typeof restartSubscriptionCall>('/stripe/restart_subscription'),
  preview: member<typeof previewUpcomingCall>('/stripe/preview_upcoming'),
  changePrice: member<typeof changePriceCall>('/stripe/change_price'),
  invoices: member<typeof getInvoicesCall>('/stripe/get_invoices'),
  payments: member<typeof getOneTimePaymentsCall>('/stripe/get_one_time_payment_payments'),
};

const keyed = (path: string, ...rest: unknown[]) => {
  const session = teamOwner();
  return session ? [path, ...session, ...rest] : null;
};

/** What an unpurchased item offers: its active prices with product and tax. */
export function useOffers(priceIds: readonly string[] | undefined) {
  const key = priceIds?.length ? keyed(calls.offers.path, ...priceIds) : null;
  return useSWR(key, () => callApi(calls.offers, { priceIds: [...(priceIds ?? [])] }));
}

export function useProductInfo(productId: string | undefined) {
  return useSWR(productId ? keyed(calls.productInfo.path, productId) : null, () => callApi(calls.productInfo, { product: productId! }));
}

/** Where the last Checkout session is remembered: Stripe names it in the success address only, not on cancel. */
const LAST_SESSION = 'mvp.checkoutSession';

/** Opens Stripe Checkout; the browser then leaves for Stripe's page. */
export async function startCheckout(price: string, coupon: string | undefined, returnPath: string, locale: 'ja' | 'en') {
  const session = await callApi(calls.checkout, { price, ...(coupon ? { coupon } : {}), successPath: returnPath, cancelPath: returnPath, locale });
  sessionStorage.setItem(LAST_SESSION, session.id);
  return session;
}

/** Back from Stripe's page without paying: why (a declined card), from the session the member last opened. */
export function useLastCheckoutResult(enabled: boolean) {
  const sessionId = enabled ? sessionStorage.getItem(LAST_SESSION) : null;
  return useSWR(sessionId ? keyed(calls.checkoutResult.path, sessionId) : null, () => callApi(calls.checkoutResult, { sessionId: sessionId! }), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}

export const purchasedKey = () => keyed(calls.purchased.path);

export function usePurchased() {
  return useSWR(purchasedKey(), () => callApi(calls.purchased, {}));
}

/** Stripe's page for a new card on a subscription (setup mode); back to `returnPath`. */
export const startCardChange = (subscription: string, returnPath: string, locale: 'ja' | 'en') =>
  callApi(calls.setup, { subscription, successPath: returnPath, cancelPath: returnPath, locale });

/**
 * Back from Stripe's page with the saved card's session: the card becomes the subscription's now (the webhook
 * does the same, once, if the member never comes back).
 */
export const completeCardChange = (sessionId: string) => callApi(calls.updatePaymentMethod, { sessionId });

/** Stripe's 3-D Secure page for a renewal that waits for it, if one does. */
export const confirmIncompletePayment = (returnPath: string) => callApi(calls.confirmIncomplete, { returnPath });

/** A one-time price by bank transfer: Stripe's invoice, with the transfer details on its page. */
export const createInvoicePayment = (price: string, coupon: string | undefined, name: string, email: string, locale: 'ja' | 'en') =>
  callApi(calls.invoicePayment, { price, ...(coupon ? { coupon } : {}), name, email, locale });

export const cancelSubscription = (subscription: string) => callApi(calls.cancel, { subscription });
export const restartSubscription = (subscription: string) => callApi(calls.restart, { subscription });
export const changePrice = (subscription: string, price: string) => callApi(calls.changePrice, { subscription, price });

export function usePricePreview(subscription: string | undefined, price: string | undefined) {
  return useSWR(subscription && price ? keyed(calls.preview.path, subscription, price) : null, () => callApi(calls.preview, { subscription: subscription!, price: price! }), {
    shouldRetryOnError: false,
  });
}

export function useInvoices() {
  return useSWR(keyed(calls.invoices.path), () => callApi(calls.invoices, {}));
}

export function useOneTimePayments() {
  return useSWR(keyed(calls.payments.path), () => callApi(calls.payments, {}));
}
