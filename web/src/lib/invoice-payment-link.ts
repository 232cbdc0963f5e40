/**
 * SPEC §2 bank-transfer link: `/login/:teamId?isInvoicePayment=true&price=<priceId>&couponId=<code>`. An operator
 * sends it (admin price list); after the login it leads to the member's purchases with the invoice dialog open.
 * The query's names are written only here, so the link the admin copies and the pages that read it agree.
 */
export interface InvoicePaymentLink {
  price: string;
  coupon?: string;
}

const KEYS = ['isInvoicePayment', 'price', 'couponId'] as const;

/** The link an operator sends for one one-time price (the coupon, if any, is added by hand or typed by the member). */
export function invoicePaymentLoginUrl(origin: string, teamId: string, priceId: string): string {
  return `${origin}/login/${encodeURIComponent(teamId)}?${new URLSearchParams({ isInvoicePayment: 'true', price: priceId }).toString()}`;
}

/** The link's price and coupon, when the query is a bank-transfer link (`isInvoicePayment=true` with a price). */
export function readInvoicePaymentLink(query: URLSearchParams): InvoicePaymentLink | undefined {
  const price = query.get('price')?.trim();
  if (query.get('isInvoicePayment') !== 'true' || !price) return undefined;
  const coupon = query.get('couponId')?.trim();
  return { price, ...(coupon ? { coupon } : {}) };
}

/** Where the member lands after logging in with the link: their purchases, which open the invoice dialog. */
export function invoicePaymentPath(teamId: string, link: InvoicePaymentLink): string {
  const query = new URLSearchParams({ isInvoicePayment: 'true', price: link.price });
  if (link.coupon) query.set('couponId', link.coupon);
  return `/user/${encodeURIComponent(teamId)}/purchased?${query.toString()}`;
}

/** The same query without the link's keys: once the dialog is closed, a reload must not open it again. */
export function withoutInvoicePayment(query: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(query);
  for (const key of KEYS) rest.delete(key);
  return rest;
}
