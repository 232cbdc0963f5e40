import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { text, type Form } from './form';

/**
 * The local Stripe stand-in's stored objects (each a Pick of the SDK's own type, with the fields it implements),
 * its state file's layout, its errors and its clock, shared by `server.ts`, `payments.ts` and `invoices.ts`.
 */

/** Decimal fields travel as strings on the wire (the SDK turns them into its Decimal). */
export type Wire<T> = { [K in keyof T]: K extends `${string}_decimal` ? string | null : T[K] };
export type WirePrice = Wire<Stripe.Price>;
export type LocalSession = Pick<
  Stripe.Checkout.Session,
  | 'id' | 'object' | 'mode' | 'status' | 'payment_status' | 'url' | 'success_url' | 'cancel_url' | 'customer' | 'customer_email'
  | 'client_reference_id' | 'metadata' | 'payment_intent' | 'subscription' | 'setup_intent' | 'amount_subtotal' | 'amount_total' | 'currency'
  | 'created' | 'expires_at' | 'livemode' | 'locale'
>;
export type LocalPaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id' | 'object' | 'amount' | 'amount_received' | 'currency' | 'customer' | 'status' | 'metadata' | 'created' | 'livemode' | 'description' | 'last_payment_error'
  | 'payment_method' | 'payment_method_types' | 'allowed_payment_method_types' | 'next_action' | 'canceled_at' | 'cancellation_reason' | 'latest_charge'
>;
export type LocalCharge = Pick<
  Stripe.Charge,
  | 'id' | 'object' | 'amount' | 'amount_captured' | 'amount_refunded' | 'captured' | 'currency' | 'customer' | 'created' | 'livemode' | 'metadata' | 'paid'
  | 'payment_intent' | 'payment_method' | 'refunded' | 'status' | 'description' | 'failure_code' | 'failure_message'
>;
export type LocalRefund = Pick<Stripe.Refund, 'id' | 'object' | 'amount' | 'charge' | 'created' | 'currency' | 'metadata' | 'payment_intent' | 'reason' | 'status'>;
export type LocalPaymentMethod = Pick<Stripe.PaymentMethod, 'id' | 'object' | 'type' | 'billing_details' | 'customer' | 'created' | 'livemode' | 'metadata'> & {
  card: Pick<Stripe.PaymentMethod.Card, 'brand' | 'display_brand' | 'last4' | 'exp_month' | 'exp_year' | 'funding' | 'country' | 'checks' | 'networks' | 'wallet' | 'three_d_secure_usage'>;
};
export type LocalSetupIntent = Pick<
  Stripe.SetupIntent,
  | 'id' | 'object' | 'status' | 'customer' | 'payment_method' | 'payment_method_types' | 'metadata' | 'created' | 'livemode' | 'usage' | 'last_setup_error' | 'next_action' | 'description'
  | 'application' | 'automatic_payment_methods' | 'cancellation_reason' | 'client_secret' | 'mandate' | 'on_behalf_of' | 'single_use_mandate'
>;
export type LocalAccountLink = Pick<Stripe.AccountLink, 'object' | 'created' | 'expires_at' | 'url'>;
export interface LocalSubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: WirePrice;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}
export type LocalSubscription = Pick<
  Stripe.Subscription,
  | 'id' | 'object' | 'status' | 'customer' | 'created' | 'start_date' | 'trial_start' | 'trial_end' | 'cancel_at_period_end' | 'cancel_at' | 'canceled_at' | 'ended_at'
  | 'metadata' | 'livemode' | 'currency' | 'default_payment_method' | 'latest_invoice' | 'collection_method' | 'days_until_due'
> & {
  payment_settings: { payment_method_options: null | { customer_balance: { bank_transfer: { type: string } | null; funding_type: 'bank_transfer' | null } }; payment_method_types: string[] | null; save_default_payment_method: 'off' | 'on_subscription' };
  items: { object: 'list'; data: LocalSubscriptionItem[]; has_more: false; url: string } };
export type LocalWebhookEndpoint = Pick<Stripe.WebhookEndpoint, 'id' | 'object' | 'url' | 'enabled_events' | 'status' | 'created' | 'livemode' | 'metadata' | 'description' | 'api_version'> & {
  /** Only on creation, as Stripe answers it. */
  secret?: string;
  /** Receives connected accounts' events (Stripe's `connect: true`). */
  connect: boolean;
};
export type LocalEvent = Pick<Stripe.Event, 'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request'> & {
  type: string;
  account?: string;
  data: { object: unknown };
};
/** How a line or an invoice item is priced (this API version's `pricing`, its decimal as wire text). */
export type LocalPricing = { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string | null } | null;
export type LocalInvoiceItem = Pick<Stripe.InvoiceItem, 'id' | 'object' | 'amount' | 'currency' | 'customer' | 'date' | 'description' | 'discountable' | 'invoice' | 'livemode' | 'metadata' | 'period' | 'proration' | 'quantity'> & {
  pricing: LocalPricing;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } } | null;
};
export type LocalInvoiceLine = Pick<Stripe.InvoiceLineItem, 'id' | 'object' | 'amount' | 'currency' | 'description' | 'discountable' | 'invoice' | 'livemode' | 'metadata' | 'parent' | 'period' | 'quantity' | 'subtotal' | 'subscription'> & {
  pricing: LocalPricing;
};
export type LocalInvoicePayment = Pick<Stripe.InvoicePayment, 'id' | 'object' | 'amount_paid' | 'amount_requested' | 'created' | 'currency' | 'invoice' | 'is_default' | 'livemode' | 'status' | 'status_transitions'> & {
  payment: { type: 'payment_intent'; payment_intent: string };
};
export type LocalInvoice = Pick<
  Stripe.Invoice,
  | 'id' | 'object' | 'customer' | 'status' | 'amount_due' | 'amount_paid' | 'amount_remaining' | 'attempt_count' | 'attempted' | 'auto_advance' | 'billing_reason'
  | 'collection_method' | 'currency' | 'created' | 'livemode' | 'period_start' | 'period_end' | 'subtotal' | 'total' | 'due_date' | 'metadata' | 'number'
  | 'hosted_invoice_url' | 'status_transitions' | 'description' | 'default_payment_method' | 'effective_at' | 'total_discount_amounts' | 'total_taxes'
> & {
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> | null; subscription_proration_date?: number }; quote_details: null } | null;
  lines: { object: 'list'; data: LocalInvoiceLine[]; has_more: false; url: string };
  payment_settings: { default_mandate: null; payment_method_options: null; payment_method_types: string[] | null };
  payments: { object: 'list'; data: LocalInvoicePayment[]; has_more: false; url: string };
};
export type LocalTestClock = Pick<Stripe.TestHelpers.TestClock, 'id' | 'object' | 'created' | 'deletes_after' | 'frozen_time' | 'livemode' | 'name' | 'status'>;
export type StoredObject =
  | LocalInvoice
  | LocalInvoiceItem
  | LocalTestClock
  | Stripe.Account
  | Stripe.Product
  | WirePrice
  | Stripe.Coupon
  | Stripe.TaxRate
  | Stripe.Customer
  | LocalSession
  | LocalPaymentIntent
  | LocalCharge
  | LocalRefund
  | LocalPaymentMethod
  | LocalSetupIntent
  | LocalSubscription
  | LocalWebhookEndpoint
  | LocalEvent;

/** What a card entered on a hosted page was: kept until the payment it is for succeeds or is abandoned. */
export interface EnteredCard {
  number: string;
  expMonth: number;
  expYear: number;
}

/** What a checkout session will buy, kept beside the session (Stripe does not answer it this way). */
export interface SessionPlan {
  owner: string;
  /** Absent in setup mode, which buys nothing. */
  price?: string;
  quantity: number;
  coupon?: string;
  taxRates: string[];
  trialDays?: number;
  subscriptionMetadata: Record<string, string>;
  paymentMetadata: Record<string, string>;
  setupMetadata: Record<string, string>;
  /** The last refusal on the hosted page, shown again until a payment succeeds. */
  error?: string;
  /** The card waiting for 3-D Secure authentication on the hosted page. */
  card?: EnteredCard;
}

/** An onboarding link handed out by `POST /v1/account_links` (Stripe's links are single-use and short-lived). */
export interface OnboardingLink {
  account: string;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  used: boolean;
}

/** A coupon's discount and the exclusive tax rates an invoice applies to its lines, as they were when it was made. */
export interface InvoiceTerms {
  coupon?: { id: string; percentOff: number | null; amountOff: number | null };
  taxRates: { id: string; percentage: number }[];
}

export interface State {
  /** Objects by owner (`platform` or a connected account id), then by id. */
  objects: Record<string, Record<string, StoredObject>>;
  /** Replayed answers by owner and Idempotency-Key. */
  idempotent: Record<string, { status: number; body: unknown }>;
  /** Checkout sessions' plans by session id. */
  plans: Record<string, SessionPlan>;
  /** Webhook signing secrets by endpoint id (Stripe shows a secret once, on creation). */
  secrets: Record<string, string>;
  /** Seconds the test clocks have moved the stand-in's time forward. */
  clockOffset?: number;
  /** Onboarding links by token. */
  links?: Record<string, OnboardingLink>;
  /** What an invoice made with `invoices.create` takes off and adds (its coupon and default tax rates), by invoice id. */
  invoiceTerms?: Record<string, InvoiceTerms>;
  /** A subscription's coupon and default tax rates, given to each invoice it makes (`subscriptions.create`). */
  subscriptionTerms?: Record<string, InvoiceTerms>;
  /** The test card number behind each payment method, by payment method id (it decides later charges). */
  cards?: Record<string, string>;
  /** Customers' cash balances (bank transfers received, not yet applied) by owner, customer and currency. */
  cash?: Record<string, Record<string, Record<string, number>>>;
}

export interface StripeErrorBody {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  payment_intent?: unknown;
}

export class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param });
export const invalid = (param: string, message: string) => new StripeHttpError(400, { type: 'invalid_request_error', code: 'parameter_invalid', message, param });
export const required = (param: string) => new StripeHttpError(400, { type: 'invalid_request_error', code: 'parameter_missing', message: `Missing required param: ${param}.`, param });
export const refused = (message: string, code?: string) => new StripeHttpError(400, { type: 'invalid_request_error', message, ...(code ? { code } : {}) });

/** The id of a field that holds an id or, expanded, its object. */
export const idOf = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String(v.id) : null);

export const integer = (form: Form, key: string): number | undefined => {
  const v = text(form[key]);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw invalid(key, `Invalid integer: ${v}`);
  return Number(v);
};

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** The stand-in's clock: real time plus what the test clocks have advanced it by. */
export const clock = { offset: 0 };
export const now = () => Math.floor(Date.now() / 1000) + clock.offset;

/** What the server lends `payments.ts` and `invoices.ts`: its state, lookups, events and public address. */
export interface Core {
  state: State;
  bucket(owner: string): Record<string, StoredObject>;
  get<T extends StoredObject>(owner: string, object: T['object'], id: string): T;
  /** An owner's objects of a kind that `keep` accepts, newest first. */
  all<T extends StoredObject>(owner: string, object: T['object'], keep: (o: T) => boolean): T[];
  /** One of Stripe's list pages of those (`limit`, `starting_after`). */
  list<T extends StoredObject>(owner: string, object: T['object'], q: URLSearchParams, path: string, keep?: (o: T) => boolean): { object: 'list'; data: T[]; has_more: boolean; url: string };
  emit(owner: string, type: string, object: unknown): void;
  createCustomer(owner: string, form: Form): Stripe.Customer;
  publicUrl(): string;
}

/** A recurring price's period in seconds (a month is 30 days: the stand-in's calendar is simple). */
export const periodSeconds = (price: WirePrice): number => {
  const units: Record<string, number> = { day: 86400, week: 7 * 86400, month: 30 * 86400, year: 365 * 86400 };
  const unit = units[price.recurring?.interval ?? 'month'];
  return unit * (price.recurring?.interval_count ?? 1);
};

/**
 * A new subscription of one price starting now (trialing for `trialDays`, else active), its first period the trial or
 * one period of the price; what differs by how it is collected (card from Checkout, sent invoices) comes in `billing`.
 */
export function newSubscription(input: {
  customer: string;
  price: WirePrice;
  quantity: number;
  /** Absent or 0: no trial. */
  trialDays?: number;
  metadata: Stripe.Metadata;
  billing: Pick<LocalSubscription, 'default_payment_method' | 'collection_method' | 'days_until_due' | 'payment_settings'>;
}): LocalSubscription {
  const start = now();
  const trialEnd = input.trialDays ? start + input.trialDays * 86400 : null;
  return {
    id: newId('sub'),
    object: 'subscription',
    status: trialEnd ? 'trialing' : 'active',
    customer: input.customer,
    created: start,
    start_date: start,
    trial_start: trialEnd ? start : null,
    trial_end: trialEnd,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    metadata: input.metadata,
    livemode: false,
    currency: input.price.currency,
    latest_invoice: null,
    ...input.billing,
    items: {
      object: 'list',
      data: [{ id: newId('si'), object: 'subscription_item', price: input.price, quantity: input.quantity, current_period_start: start, current_period_end: trialEnd ?? start + periodSeconds(input.price) }],
      has_more: false,
      url: '/v1/subscription_items',
    },
  };
}
