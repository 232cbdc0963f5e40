import type Stripe from 'stripe';
import type { PaymentState, SubscriptionState } from '../../shared/api/calls/payments';
import type { Currency, Interval } from '../../shared/constants';
import { emitMemberEvent } from '../core/events/domain-events';
import { stripeClient } from '../platform/payments';
import { getTeamUser, updateTeamUser } from '../core/entities/team-user';
import { productOfPrice, toPrice } from '../core/entities/catalogue';
import { cancellableFrom } from './minimum-usage';
import { noticePayment } from './payment-notice';
import { savePurchase, type Purchase } from '../core/entities/purchase';

/**
 * Brings one purchase in line with Stripe's current state of its subscription or payment intent. Every path
 * (each webhook type, a member's own cancel or price change) reads the object afresh instead of trusting the
 * event's copy, so duplicates and any delivery order end in the same state.
 */

/** Who bought: the metadata the platform put on the session, the subscription and the payment intent. */
export interface PurchaseOwner {
  teamId: string;
  userId: string;
}

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : undefined);

const ownerOf = (metadata: Stripe.Metadata | null | undefined, teamId: string): PurchaseOwner | undefined =>
  metadata?.teamId === teamId && metadata.userId ? { teamId, userId: metadata.userId } : undefined;

export function subscriptionState(sub: Pick<Stripe.Subscription, 'status' | 'cancel_at_period_end'>): SubscriptionState {
  if ((sub.status === 'active' || sub.status === 'trialing') && sub.cancel_at_period_end) return 'cancel_scheduled';
  const known: readonly string[] = ['trialing', 'active', 'past_due', 'unpaid', 'canceled', 'incomplete'];
  // incomplete_expired and paused (and any status Stripe adds) give no access, as a cancelled one.
  return known.includes(sub.status) ? (sub.status as SubscriptionState) : 'canceled';
}

const paymentState = (status: Stripe.PaymentIntent.Status, refunded: boolean): PaymentState => {
  if (refunded) return 'refunded';
  if (status === 'succeeded') return 'success';
  return status === 'canceled' ? 'canceled' : 'pending';
};

/** After the write that created a purchase: the member becomes a customer (SPEC §3 role tab) with their customer id. */
async function markCustomer(owner: PurchaseOwner, customerId: string | undefined, accountId: string): Promise<void> {
  const user = await getTeamUser(owner.teamId, owner.userId);
  if (!user) return;
  await updateTeamUser(owner.teamId, owner.userId, (current) => ({
    ...current,
    ...(current.role === 'member' && current.roleTab !== 'manager' ? { roleTab: 'customer' as const } : {}),
    ...(customerId ? { paymentCustomerId: customerId, paymentAccountId: accountId } : {}),
  }));
}

async function priceDetails(stripe: Stripe, account: string, priceId: string) {
  const price = await stripe.prices.retrieve(priceId, { expand: ['product'] }, { stripeAccount: account });
  const product = await productOfPrice(account, price);
  return { price: toPrice(price), productName: product.name };
}

/**
 * A subscription paid by bank transfer (`send_invoice`, lambdas/payments/invoice-payment.ts) is active on Stripe from
 * its creation, before anything is paid: the platform grants only what its invoices paid for. Nothing paid yet: no
 * purchase (the first paid invoice creates it, and that write grants). Otherwise access runs to the end of the
 * period of its newest paid invoice (its main line, not a proration), so an unpaid renewal ends access at the end of
 * the paid period (with the renewal grace), and Stripe's past_due after the due date ends it as a failed card does.
 */
async function paidUntil(stripe: Stripe, account: string, sub: Stripe.Subscription): Promise<number | null | undefined> {
  if (sub.collection_method !== 'send_invoice') return undefined;
  const paid = await stripe.invoices.list({ subscription: sub.id, status: 'paid', limit: 10 }, { stripeAccount: account });
  const ends = paid.data.map((invoice) => {
    const lines = invoice.lines?.data ?? [];
    const main = lines.find((l) => !l.parent?.subscription_item_details?.proration && !l.parent?.invoice_item_details?.proration) ?? lines[0];
    return main?.period?.end ?? 0;
  });
  return ends.length ? Math.max(...ends) : null;
}

async function readSubscription(stripe: Stripe, teamId: string, account: string, subscriptionId: string, now: Date): Promise<Purchase | undefined> {
  const sub = await stripe.subscriptions.retrieve(subscriptionId, {}, { stripeAccount: account });
  const owner = ownerOf(sub.metadata, teamId);
  const item = sub.items.data[0];
  if (!owner || !item) return undefined;
  const paidEnd = await paidUntil(stripe, account, sub);
  if (paidEnd === null) return undefined;
  const { price, productName } = await priceDetails(stripe, account, item.price.id);
  const purchasedAt = iso(sub.start_date ?? sub.created)!;
  const noCancelBefore = cancellableFrom(purchasedAt, sub.metadata);
  return {
    ...owner,
    id: sub.id,
    kind: 'subscription',
    priceId: price.id,
    productId: price.productId,
    productName,
    priceNickname: price.nickname,
    amount: price.unitAmount * (item.quantity ?? 1),
    currency: price.currency as Currency,
    ...(price.interval ? { interval: price.interval as Interval } : {}),
    state: subscriptionState(sub),
    ...(iso(item.current_period_end) ? { currentPeriodEnd: iso(item.current_period_end), accessUntil: iso(paidEnd ?? item.current_period_end) } : {}),
    ...(paidEnd !== undefined ? { byBankTransfer: true } : {}),
    ...(iso(sub.trial_end) ? { trialEnd: iso(sub.trial_end) } : {}),
    purchasedAt,
    ...(noCancelBefore ? { cancellableFrom: noCancelBefore } : {}),
    paymentCustomerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    updatedAt: now.toISOString(),
  };
}

const isCancel = (state: Purchase['state']) => state === 'cancel_scheduled' || state === 'canceled';
/** A subscription that ran (an incomplete one that expires was never a subscription to cancel). */
const wasRunning = (state: Purchase['state']) => ['trialing', 'active', 'past_due', 'unpaid'].includes(state);

/** Reads `read` once, then writes it with `savePurchase` (which reads again when it must); the first write grants. */
async function sync(account: string, read: () => Promise<Purchase | undefined>): Promise<Purchase | undefined> {
  const first = await read();
  if (!first) return undefined;
  const { created, purchase, previous } = await savePurchase(first, read);
  if (created) await markCustomer(first, first.paymentCustomerId, account);
  const event = { teamId: purchase.teamId, userId: purchase.userId, objectIds: [purchase.priceId, purchase.productId] };
  // SPEC §3 auto mails: the write that created the purchase granted it; the write that moved a subscription from a
  // running state to a cancel is one writer's (version condition), so repeated or reordered webhooks tell it once.
  if (created) await emitMemberEvent({ ...event, type: 'completedPurchase' });
  if (previous && purchase.kind === 'subscription' && isCancel(purchase.state) && wasRunning(previous.state)) {
    await emitMemberEvent({ ...event, type: 'cancelSubscription' });
  }
  // A one-time payment is told when it stands paid (a subscription's payments are its invoices: the webhook).
  if (purchase.kind === 'one_time' && purchase.state === 'success') {
    await noticePayment(purchase, { id: purchase.id, paidAt: purchase.purchasedAt, amount: purchase.amount, currency: purchase.currency }, 'paymentUser');
  }
  return purchase;
}

export async function syncSubscription(teamId: string, account: string, subscriptionId: string, now: Date): Promise<Purchase | undefined> {
  const stripe = await stripeClient();
  return sync(account, () => readSubscription(stripe, teamId, account, subscriptionId, now));
}

async function readPayment(stripe: Stripe, teamId: string, account: string, paymentIntentId: string, now: Date): Promise<Purchase | undefined> {
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }, { stripeAccount: account });
  const owner = ownerOf(intent.metadata, teamId);
  const priceId = intent.metadata?.priceId;
  if (!owner || !priceId) return undefined;
  const { price, productName } = await priceDetails(stripe, account, priceId);
  const charge = intent.latest_charge && typeof intent.latest_charge === 'object' ? intent.latest_charge : undefined;
  const state = paymentState(intent.status, charge?.refunded === true);
  // A payment that never succeeded grants nothing and is not worth an item.
  if (state === 'pending' || state === 'canceled') return undefined;
  const paidAt = intent.created * 1000;
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  return {
    ...owner,
    id: intent.id,
    kind: 'one_time',
    priceId: price.id,
    productId: price.productId,
    productName,
    priceNickname: price.nickname,
    amount: intent.amount,
    currency: intent.currency as Currency,
    state,
    ...(price.validDays ? { accessUntil: new Date(paidAt + price.validDays * 86_400_000).toISOString() } : {}),
    purchasedAt: new Date(paidAt).toISOString(),
    ...(customer ? { paymentCustomerId: customer } : {}),
    updatedAt: now.toISOString(),
  };
}

export async function syncPayment(teamId: string, account: string, paymentIntentId: string, now: Date): Promise<Purchase | undefined> {
  const stripe = await stripeClient();
  return sync(account, () => readPayment(stripe, teamId, account, paymentIntentId, now));
}

/** A one-time price bought by bank transfer: granted when its invoice is paid (lambdas/payments/invoice-payment.ts). */
async function readInvoice(stripe: Stripe, teamId: string, account: string, invoiceId: string, now: Date): Promise<Purchase | undefined> {
  const invoice = await stripe.invoices.retrieve(invoiceId, {}, { stripeAccount: account });
  const owner = ownerOf(invoice.metadata, teamId);
  const priceId = invoice.metadata?.priceId;
  if (!owner || !priceId || !invoice.id || invoice.status !== 'paid') return undefined;
  const { price, productName } = await priceDetails(stripe, account, priceId);
  const paidAt = (invoice.status_transitions?.paid_at ?? invoice.created) * 1000;
  const customer = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
  return {
    ...owner,
    id: invoice.id,
    kind: 'one_time',
    priceId: price.id,
    productId: price.productId,
    productName,
    priceNickname: price.nickname,
    amount: invoice.amount_paid,
    currency: invoice.currency as Currency,
    state: 'success',
    ...(price.validDays ? { accessUntil: new Date(paidAt + price.validDays * 86_400_000).toISOString() } : {}),
    purchasedAt: new Date(paidAt).toISOString(),
    ...(customer ? { paymentCustomerId: customer } : {}),
    updatedAt: now.toISOString(),
  };
}

export async function syncInvoicePurchase(teamId: string, account: string, invoiceId: string, now: Date): Promise<Purchase | undefined> {
  const stripe = await stripeClient();
  return sync(account, () => readInvoice(stripe, teamId, account, invoiceId, now));
}
