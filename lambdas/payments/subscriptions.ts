import type Stripe from 'stripe';
import { invoiceStatuses, type InvoicePreview, type InvoiceSummary, type OneTimePayment, type PurchasedInfo } from '../../shared/api/calls/payments';
import type { Currency } from '../../shared/constants';
import { AppError } from '../core/http/app-error';
import { stripeClient } from '../platform/payments';
import type { Team } from '../core/entities/team';
import type { TeamUser } from '../core/entities/team-user';
import { getPrice, productOfPrice } from '../core/entities/catalogue';
import { connectedAccount } from '../core/entities/connect';
import { getPurchase, purchasedInfoOf, type Purchase } from '../core/entities/purchase';
import { syncSubscription } from './purchase-sync';
import { viaStripe } from '../core/stripe-errors';
import { cardPaymentState, transferPaymentState } from './payment-state';

/**
 * A member's own subscriptions and payment history (SPEC §2 setting/paid_history, change_price, purchased).
 * A subscription id from the body is used only when the caller's own purchases hold it, so nobody reaches
 * another member's subscription, whatever id they send.
 */

const on = (account: string): Stripe.RequestOptions => ({ stripeAccount: account });
const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : undefined);

export async function ownSubscription(team: Team, userId: string, subscriptionId: string): Promise<Purchase> {
  const purchase = await getPurchase(team.teamId, userId, subscriptionId);
  if (!purchase || purchase.kind !== 'subscription') throw new AppError('subscription/not_purchased');
  return purchase;
}

/** Writes the subscription's new state at once (the webhook that follows finds it already so). */
async function resync(team: Team, account: string, subscriptionId: string, now: Date): Promise<PurchasedInfo> {
  const purchase = await syncSubscription(team.teamId, account, subscriptionId, now);
  if (!purchase) throw new AppError('subscription/not_purchased');
  return purchasedInfoOf(purchase);
}

/** SPEC §4 "cancel scheduled": the subscription stops renewing and ends with its current period. */
export async function cancelSubscription(team: Team, userId: string, subscriptionId: string, now: Date): Promise<PurchasedInfo> {
  const account = connectedAccount(team);
  const purchase = await ownSubscription(team, userId, subscriptionId);
  if (purchase.cancellableFrom && now.toISOString() < purchase.cancellableFrom) {
    throw new AppError('subscription/minimum_usage_period', undefined, { date: purchase.cancellableFrom });
  }
  if (purchase.state === 'canceled') throw new AppError('common/illegal_operation');
  const stripe = await viaStripe(() => stripeClient());
  await viaStripe(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }, on(account)), 'subscription/cancel_failed');
  return resync(team, account, subscriptionId, now);
}

/** Undoes a scheduled cancel before the period ends (SPEC §4 "restart"). */
export async function restartSubscription(team: Team, userId: string, subscriptionId: string, now: Date): Promise<PurchasedInfo> {
  const account = connectedAccount(team);
  const purchase = await ownSubscription(team, userId, subscriptionId);
  if (purchase.state !== 'cancel_scheduled') throw new AppError('common/illegal_operation');
  const stripe = await viaStripe(() => stripeClient());
  await viaStripe(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }, on(account)));
  return resync(team, account, subscriptionId, now);
}

/** The new price must be another active recurring price of the same product and currency. */
async function switchable(account: string, subscription: Stripe.Subscription, priceId: string): Promise<Stripe.SubscriptionItem> {
  const item = subscription.items.data[0];
  if (!item) throw new AppError('subscription/not_purchased');
  if (item.price.id === priceId) throw new AppError('common/illegal_operation', { price: 'common/illegal_operation' });
  // A price Stripe does not find in the team's account (or another account's) is SPEC §8 `price/not_found`.
  const next = await getPrice(account, priceId);
  const productOf = (p: Stripe.Price) => (typeof p.product === 'string' ? p.product : p.product.id);
  if (!next.active || next.type !== 'recurring' || productOf(next) !== productOf(item.price) || next.currency !== item.price.currency) {
    throw new AppError('common/illegal_operation', { price: 'common/illegal_operation' });
  }
  return item;
}

async function liveSubscription(team: Team, userId: string, subscriptionId: string) {
  const account = connectedAccount(team);
  const purchase = await ownSubscription(team, userId, subscriptionId);
  if (purchase.state === 'canceled') throw new AppError('common/illegal_operation');
  if (purchase.state === 'past_due' || purchase.state === 'unpaid') throw new AppError('payment/past_due');
  const stripe = await viaStripe(() => stripeClient());
  const subscription = await viaStripe(() => stripe.subscriptions.retrieve(subscriptionId, {}, on(account)));
  return { account, stripe, subscription };
}

/** What the next invoice charges after switching to `priceId` now, proration included (Stripe computes it). */
export async function previewPriceChange(team: Team, userId: string, subscriptionId: string, priceId: string): Promise<InvoicePreview> {
  const { account, stripe, subscription } = await liveSubscription(team, userId, subscriptionId);
  const item = await switchable(account, subscription, priceId);
  const preview = await viaStripe(
    () =>
      stripe.invoices.createPreview(
        { customer: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id, subscription: subscription.id, subscription_details: { items: [{ id: item.id, price: priceId }], proration_behavior: 'create_prorations' } },
        on(account),
      ),
    'subscription/price_difference_not_loaded',
  );
  const lines = preview.lines.data.map((l) => {
    const proration = l.parent?.subscription_item_details?.proration ?? l.parent?.invoice_item_details?.proration ?? false;
    return { description: l.description ?? '', amount: l.amount, proration };
  });
  return {
    currency: preview.currency as Currency,
    amountDue: preview.amount_due,
    prorationAmount: lines.filter((l) => l.proration).reduce((sum, l) => sum + l.amount, 0),
    lines,
    ...(iso(preview.next_payment_attempt ?? preview.period_end) ? { nextPaymentAt: iso(preview.next_payment_attempt ?? preview.period_end) } : {}),
  };
}

/** Switches the subscription's price now; the difference is prorated onto the next invoice (Stripe's default). */
export async function changePrice(team: Team, userId: string, subscriptionId: string, priceId: string, now: Date): Promise<PurchasedInfo> {
  const { account, stripe, subscription } = await liveSubscription(team, userId, subscriptionId);
  const item = await switchable(account, subscription, priceId);
  await viaStripe(() =>
    stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price: priceId }], proration_behavior: 'create_prorations' }, on(account)),
  );
  return resync(team, account, subscription.id, now);
}

const currencyOf = (c: string) => c as Currency;

/** The customer whose history is read: the caller's own, or (billing administrators) the named member's. */
export const customerIn = (account: string, user: TeamUser | undefined): string | undefined =>
  user?.paymentCustomerId && user.paymentAccountId === account ? user.paymentCustomerId : undefined;

/** What an invoice line bills for: its price and product ids (Stripe's `pricing.price_details`). */
const lineIds = (line: Stripe.InvoiceLineItem) => {
  const details = line.pricing?.price_details;
  if (!details) return undefined;
  return { priceId: typeof details.price === 'string' ? details.price : details.price.id, productId: details.product };
};

const isProration = (line: Stripe.InvoiceLineItem) => line.parent?.subscription_item_details?.proration ?? line.parent?.invoice_item_details?.proration ?? false;

/**
 * The line an invoice is for: its first line that is no proration (a price change's invoice also carries the
 * credit for the unused time), else its first. A subscription's first invoice has `period_start === period_end`
 * (the moment it was made); the period it bills is the line's.
 */
export const mainLine = (invoice: Stripe.Invoice): Stripe.InvoiceLineItem | undefined => {
  const lines = invoice.lines?.data ?? [];
  return lines.find((l) => !isProration(l)) ?? lines[0];
};

/** Names of what an invoice or payment was for: the product's name and the price's nickname. */
export interface PriceNames {
  productName?: string;
  priceNickname?: string;
}

export function invoiceSummary(invoice: Stripe.Invoice, names?: PriceNames): InvoiceSummary {
  const subscription = invoice.parent?.subscription_details?.subscription;
  const line = mainLine(invoice);
  const periodStart = iso(line?.period?.start ?? invoice.period_start);
  const periodEnd = iso(line?.period?.end ?? invoice.period_end);
  return {
    id: invoice.id ?? '',
    ...(invoice.number ? { number: invoice.number } : {}),
    status: (invoiceStatuses as readonly string[]).includes(invoice.status ?? '') ? (invoice.status as InvoiceSummary['status']) : 'draft',
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    currency: currencyOf(invoice.currency),
    createdAt: iso(invoice.created)!,
    ...(periodStart ? { periodStart } : {}),
    ...(periodEnd ? { periodEnd } : {}),
    ...(invoice.hosted_invoice_url ? { hostedInvoiceUrl: invoice.hosted_invoice_url } : {}),
    ...(subscription ? { subscriptionId: typeof subscription === 'string' ? subscription : subscription.id } : {}),
    ...(line && lineIds(line) ? { priceId: lineIds(line)!.priceId } : {}),
    ...(names?.productName ? { productName: names.productName } : {}),
    ...(names?.priceNickname ? { priceNickname: names.priceNickname } : {}),
  };
}

/** Reads each price once (with its product); a price or product since deleted is left unnamed. */
async function namesOfPrices(stripe: Stripe, account: string, priceIds: readonly (string | undefined)[]): Promise<Map<string, PriceNames>> {
  const ids = [...new Set(priceIds.filter((id): id is string => !!id))];
  return new Map(
    await Promise.all(
      ids.map(async (id): Promise<readonly [string, PriceNames]> => {
        try {
          const price = await stripe.prices.retrieve(id, { expand: ['product'] }, on(account));
          const productName = (await productOfPrice(account, price)).name;
          return [id, { productName, ...(price.nickname ? { priceNickname: price.nickname } : {}) }];
        } catch {
          return [id, {}]; // a price or product since deleted: the row stays listed, unnamed
        }
      }),
    ),
  );
}

const priceOfInvoice = (invoice: Stripe.Invoice) => {
  const line = mainLine(invoice);
  return (line && lineIds(line)?.priceId) ?? invoice.metadata?.priceId;
};

export async function listInvoices(team: Team, customer: string | undefined): Promise<InvoiceSummary[]> {
  const account = connectedAccount(team);
  if (!customer) return [];
  const stripe = await viaStripe(() => stripeClient());
  const invoices = await viaStripe(() => stripe.invoices.list({ customer, limit: 100 }, on(account)));
  const names = await namesOfPrices(stripe, account, invoices.data.map(priceOfInvoice));
  return invoices.data.map((invoice) => invoiceSummary(invoice, names.get(priceOfInvoice(invoice) ?? '')));
}

export async function getInvoice(team: Team, customer: string | undefined, invoiceId: string): Promise<InvoiceSummary> {
  const account = connectedAccount(team);
  const stripe = await viaStripe(() => stripeClient());
  const invoice = await viaStripe(() => stripe.invoices.retrieve(invoiceId, {}, on(account)));
  const owner = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
  // Another member's invoice is answered as missing, revealing nothing.
  if (!customer || owner !== customer) throw new AppError('common/not_found');
  const names = await namesOfPrices(stripe, account, [priceOfInvoice(invoice)]);
  return invoiceSummary(invoice, names.get(priceOfInvoice(invoice) ?? ''));
}

/** Whether a succeeded card payment's charge was refunded in full (the charge is read when Stripe did not expand it). */
async function refundedIn(stripe: Stripe, account: string, pi: Stripe.PaymentIntent): Promise<boolean> {
  if (pi.status !== 'succeeded' || !pi.latest_charge) return false;
  if (typeof pi.latest_charge === 'object') return pi.latest_charge.refunded;
  const charge = await viaStripe(() => stripe.charges.retrieve(pi.latest_charge as string, {}, on(account)));
  return charge.refunded;
}

/** A bank-transfer invoice's status in Stripe's words for a payment: paid, waiting for the transfer, or voided. */
const transferStatus = (invoice: Stripe.Invoice): OneTimePayment['status'] =>
  invoice.status === 'paid' ? 'succeeded' : invoice.status === 'open' ? 'requires_payment_method' : 'canceled';

/**
 * One-time payments: by card (payment intents the platform's checkout tagged with the price) and by bank transfer
 * (invoices for a one-time price; their own payment intents carry no price and are not listed twice). Each names its
 * product, read once per price.
 */
export async function listOneTimePayments(team: Team, customer: string | undefined): Promise<OneTimePayment[]> {
  const account = connectedAccount(team);
  if (!customer) return [];
  const stripe = await viaStripe(() => stripeClient());
  const [intents, invoices] = await Promise.all([
    viaStripe(() => stripe.paymentIntents.list({ customer, limit: 100, expand: ['data.latest_charge'] }, on(account))),
    viaStripe(() => stripe.invoices.list({ customer, limit: 100 }, on(account))),
  ]);
  // Only what is a payment: an intent whose card was declined (or never entered) charged nothing and is left out.
  const cards: OneTimePayment[] = (
    await Promise.all(
      intents.data
        // Subscription invoices' payments are listed with the invoices.
        .filter((pi) => pi.metadata?.priceId)
        .map(async (pi): Promise<OneTimePayment | undefined> => {
          const state = cardPaymentState(pi.status, await refundedIn(stripe, account, pi));
          if (!state) return undefined;
          return {
            id: pi.id,
            status: pi.status as OneTimePayment['status'],
            state,
            amount: pi.amount,
            currency: currencyOf(pi.currency),
            priceId: pi.metadata.priceId,
            method: pi.payment_method_types?.includes('customer_balance') ? 'customer_balance' : 'card',
            createdAt: iso(pi.created)!,
          };
        }),
    )
  ).filter((p): p is OneTimePayment => !!p);
  const transfers: OneTimePayment[] = invoices.data
    .filter((i) => i.id && i.metadata?.priceId && !i.parent?.subscription_details && transferPaymentState(i.status))
    .map((i) => ({
      id: i.id!,
      status: transferStatus(i),
      state: transferPaymentState(i.status)!,
      amount: i.status === 'paid' ? i.amount_paid : i.amount_due,
      currency: currencyOf(i.currency),
      priceId: i.metadata!.priceId,
      method: 'customer_balance',
      createdAt: iso(i.created)!,
      ...(i.hosted_invoice_url ? { hostedInvoiceUrl: i.hosted_invoice_url } : {}),
    }));
  const payments = [...cards, ...transfers].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const names = await namesOfPrices(stripe, account, payments.map((p) => p.priceId));
  return payments.map((p) => ({ ...p, ...(p.priceId ? names.get(p.priceId) : {}) }));
}
