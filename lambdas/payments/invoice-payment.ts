import type Stripe from 'stripe';
import type { CreateInvoicePaymentInput, InvoicePayment } from '../../shared/api/calls/payments';
import type { Currency } from '../../shared/constants';
import { normalizeEmail } from '../../shared/rules/email';
import { AppError } from '../core/http/app-error';
import { stripeClient } from '../platform/payments';
import type { Team } from '../core/entities/team';
import type { TeamUser } from '../core/entities/team-user';
import { checkCurrency, getPrice, productOfPrice, toPrice, toProduct } from '../core/entities/catalogue';
import { minimumUsageMetadata } from './minimum-usage';
import { customerOf } from './checkout';
import { connectedAccount } from '../core/entities/connect';
import { memberEntitlements } from '../core/entities/purchase';
import { viaStripe } from '../core/stripe-errors';

/**
 * SPEC §7 invoice payment: a member buys a one-time price, or subscribes to a recurring one, by bank transfer. Stripe issues an invoice paid from
 * the customer's balance (the bank transfer details are on its invoice page); the purchase is granted when the
 * webhook reports the invoice paid (`syncInvoicePurchase`), as for cards.
 */
const on = (account: string): Stripe.RequestOptions => ({ stripeAccount: account });
const DAYS_UNTIL_DUE = 7;

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : undefined);

export function invoicePaymentOf(invoice: Stripe.Invoice): InvoicePayment {
  return {
    invoiceId: invoice.id ?? '',
    status: (invoice.status ?? 'draft') as InvoicePayment['status'],
    amountDue: invoice.amount_due,
    currency: invoice.currency as Currency,
    ...(iso(invoice.due_date) ? { dueDate: iso(invoice.due_date) } : {}),
    ...(invoice.hosted_invoice_url ? { hostedInvoiceUrl: invoice.hosted_invoice_url } : {}),
  };
}

async function issue(team: Team, user: TeamUser, account: string, input: { price: string; coupon?: string; name: string; email: string; locale?: 'ja' | 'en' }, now: Date): Promise<InvoicePayment> {
  const stripe = await viaStripe(() => stripeClient());
  // SPEC §8: a price that does not exist, is another account's or is not on sale (itself or its product) is `price/not_found`.
  const price = await getPrice(account, input.price);
  const product = await productOfPrice(account, price);
  if (!price.active || !product.active) throw new AppError('price/not_found', { price: 'price/not_found' });
  checkCurrency(team.language, price.currency, 'price');
  const held = await memberEntitlements(team.teamId, user.userId);
  if (held.some((p) => p.priceId === price.id && (!p.expiresAt || p.expiresAt > now.toISOString()))) throw new AppError('common/illegal_operation', { price: 'common/illegal_operation' });
  if (input.coupon) {
    const coupon = await viaStripe(() => stripe.coupons.retrieve(input.coupon!, {}, on(account)), 'payment/invalid_coupon');
    if (!coupon.valid || (coupon.amount_off !== null && coupon.currency !== price.currency)) throw new AppError('payment/invalid_coupon', { coupon: 'payment/invalid_coupon' });
  }
  const customer = await customerOf(account, user);
  // The invoice goes to the recipient named on the form (SPEC §5): Stripe mails the customer's name and address,
  // and its invoice mail and page speak the member's language (else the site's).
  await viaStripe(() => stripe.customers.update(customer, { name: input.name, email: normalizeEmail(input.email), preferred_locales: [input.locale ?? team.language] }, on(account)));
  const taxRateId = toProduct(product).taxRateId;
  const metadata = { teamId: team.teamId, userId: user.userId, priceId: price.id };
  if (price.type === 'recurring') return subscribe(stripe, account, customer, price, { metadata, coupon: input.coupon, taxRateId });
  const invoice = await viaStripe(() =>
    stripe.invoices.create(
      {
        customer,
        collection_method: 'send_invoice',
        days_until_due: DAYS_UNTIL_DUE,
        payment_settings: { payment_method_types: ['customer_balance'] },
        metadata,
        auto_advance: false,
        ...(input.coupon ? { discounts: [{ coupon: input.coupon }] } : {}),
        ...(taxRateId ? { default_tax_rates: [taxRateId] } : {}),
      },
      on(account),
    ),
  );
  await viaStripe(() => stripe.invoiceItems.create({ customer, invoice: invoice.id, pricing: { price: price.id }, metadata }, on(account)));
  const finalized = await viaStripe(() => stripe.invoices.finalizeInvoice(invoice.id!, {}, on(account)));
  return invoicePaymentOf(finalized);
}

/** Stripe's bank transfer type for the currency (the site's: ja sells in JPY, en in USD, SPEC §8). */
const TRANSFER_TYPE: Record<string, string> = {
  jpy: 'jp_bank_transfer',
  usd: 'us_bank_transfer',
};

const RUNNING: readonly Stripe.Subscription.Status[] = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete'];

/**
 * A recurring price by bank transfer, as Stripe's "subscriptions with bank transfers" guide has it: a subscription
 * billed by sent invoices (`collection_method: send_invoice`, due in `DAYS_UNTIL_DUE` days) payable only from the
 * customer's balance, funded by transfer (`jp_bank_transfer` for JPY, `us_bank_transfer` for USD). Checkout cannot
 * do this (its subscription mode takes no `customer_balance`). The trial, coupon, tax rate and minimum usage
 * period are the card path's (checkout.ts). Stripe makes the subscription active at once; the platform grants it
 * only when an invoice is paid (purchase-sync.ts). Asked again while the first invoice still waits, the same invoice
 * is answered rather than a second subscription made.
 */
async function subscribe(
  stripe: Stripe,
  account: string,
  customer: string,
  price: Stripe.Price,
  terms: { metadata: Record<string, string>; coupon?: string; taxRateId?: string },
): Promise<InvoicePayment> {
  const existing = await viaStripe(() => stripe.subscriptions.list({ customer, limit: 100 }, on(account)));
  const waiting = existing.data.find((sub) => RUNNING.includes(sub.status) && sub.items.data[0]?.price.id === price.id);
  if (waiting) {
    const latest = waiting.latest_invoice ? await viaStripe(() => stripe.invoices.retrieve(idOf(waiting.latest_invoice)!, {}, on(account))) : undefined;
    if (waiting.collection_method === 'send_invoice' && latest?.status === 'open') return { ...invoicePaymentOf(latest), subscriptionId: waiting.id };
    throw new AppError('common/illegal_operation', { price: 'common/illegal_operation' });
  }
  const transferType = TRANSFER_TYPE[price.currency];
  const subscription = await viaStripe(() =>
    stripe.subscriptions.create(
      {
        customer,
        items: [{ price: price.id }],
        collection_method: 'send_invoice',
        days_until_due: DAYS_UNTIL_DUE,
        payment_settings: {
          payment_method_types: ['customer_balance'],
          ...(transferType ? { payment_method_options: { customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: transferType } } } } : {}),
        },
        metadata: { ...terms.metadata, ...minimumUsageMetadata(toPrice(price)) },
        ...(price.recurring?.trial_period_days ? { trial_period_days: price.recurring.trial_period_days } : {}),
        ...(terms.coupon ? { discounts: [{ coupon: terms.coupon }] } : {}),
        ...(terms.taxRateId ? { default_tax_rates: [terms.taxRateId] } : {}),
      },
      on(account),
    ),
  );
  const invoiceId = idOf(subscription.latest_invoice);
  if (!invoiceId) throw new AppError('common/illegal_operation');
  let invoice = await viaStripe(() => stripe.invoices.retrieve(invoiceId, {}, on(account)));
  // Stripe may leave a sent subscription's first invoice a draft for a while: finalized now, its transfer details exist.
  if (invoice.status === 'draft') invoice = await viaStripe(() => stripe.invoices.finalizeInvoice(invoiceId, {}, on(account)));
  return { ...invoicePaymentOf(invoice), subscriptionId: subscription.id };
}

const idOf = (v: string | { id?: string } | null | undefined): string | undefined => (typeof v === 'string' ? v : (v?.id ?? undefined));

export async function createInvoicePayment(team: Team, user: TeamUser, input: CreateInvoicePaymentInput & { name: string; email: string }, now: Date): Promise<InvoicePayment> {
  return issue(team, user, connectedAccount(team), input, now);
}

/** The member's own invoice of an invoice payment (another customer's is answered as missing). */
async function ownInvoice(team: Team, user: TeamUser, invoiceId: string): Promise<{ account: string; stripe: Stripe; invoice: Stripe.Invoice }> {
  const account = connectedAccount(team);
  const stripe = await viaStripe(() => stripeClient());
  const invoice = await viaStripe(() => stripe.invoices.retrieve(invoiceId, {}, on(account)));
  if (invoice.metadata?.teamId !== team.teamId || invoice.metadata?.userId !== user.userId) throw new AppError('common/not_found');
  return { account, stripe, invoice };
}

export async function sendInvoice(team: Team, user: TeamUser, invoiceId: string): Promise<InvoicePayment> {
  const { account, stripe, invoice } = await ownInvoice(team, user, invoiceId);
  if (invoice.status !== 'open') throw new AppError('common/illegal_operation');
  return invoicePaymentOf(await viaStripe(() => stripe.invoices.sendInvoice(invoiceId, {}, on(account))));
}

/** Voids an open invoice (its payment intent is cancelled with it); a paid one cannot be. */
export async function cancelInvoicePayment(team: Team, user: TeamUser, invoiceId: string): Promise<InvoicePayment> {
  const { account, stripe, invoice } = await ownInvoice(team, user, invoiceId);
  if (invoice.status !== 'open') throw new AppError('common/illegal_operation');
  return invoicePaymentOf(await viaStripe(() => stripe.invoices.voidInvoice(invoiceId, {}, on(account))));
}

/** Voids the open invoice and issues a new one, for the same or another one-time price and coupon. */
export async function replaceInvoicePayment(team: Team, user: TeamUser, input: { invoiceId: string; price?: string; coupon?: string }, now: Date): Promise<InvoicePayment> {
  const { account, stripe, invoice } = await ownInvoice(team, user, input.invoiceId);
  if (invoice.status !== 'open') throw new AppError('common/illegal_operation');
  const customer = await viaStripe(() => stripe.customers.retrieve(typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? ''), {}, on(account)));
  if (customer.deleted) throw new AppError('common/not_found');
  await viaStripe(() => stripe.invoices.voidInvoice(input.invoiceId, {}, on(account)));
  const locale = customer.preferred_locales?.find((l): l is 'ja' | 'en' => l === 'ja' || l === 'en');
  return issue(team, user, account, { price: input.price ?? invoice.metadata!.priceId!, coupon: input.coupon, name: customer.name ?? user.name, email: customer.email ?? user.email, locale }, now);
}
