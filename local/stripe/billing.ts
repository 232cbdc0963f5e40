import type Stripe from 'stripe';
import { record, text, type Form, type FormValue } from './form';
import {
  invalid,
  missing,
  newId,
  now,
  periodSeconds,
  refused,
  required,
  StripeHttpError,
  type Core,
  type EnteredCard,
  type LocalCharge,
  type LocalInvoice,
  type LocalInvoiceItem,
  type LocalInvoiceLine,
  type LocalPaymentIntent,
  type LocalPaymentMethod,
  type LocalPricing,
  type LocalRefund,
  type LocalSetupIntent,
  type LocalSubscription,
  type LocalSubscriptionItem,
  type StoredObject,
  type WirePrice,
} from './model';
import { brandOf, cardOutcome, digitsOf, TEST_PAYMENT_METHODS, type CardOutcome } from './test-cards';

/**
 * Money movements of the local Stripe stand-in: payment methods (saved cards), payment and setup intents, charges
 * and refunds, invoice items and invoices (charged automatically or sent for bank transfer through the customer's
 * cash balance), subscription renewals that can fail, and prorations. `server.ts` routes to `route` here and
 * calls `renew`, `prorate` and `savePaymentMethod` from its subscription and checkout code.
 */
export type Billing = ReturnType<typeof billing>;

const list = <T>(data: T[], url: string) => ({ object: 'list' as const, data, has_more: false as const, url });
type Params = Record<string, FormValue>;
const part = (form: Form, key: string): Params => (form[key] && typeof form[key] === 'object' && !Array.isArray(form[key]) ? (form[key] as Params) : {});
const strings = (v: FormValue | undefined): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
const id = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String(v.id) : null);

/** Stripe's words for an authentication the buyer failed or abandoned. */
const AUTHENTICATION_FAILED = {
  code: 'payment_intent_authentication_failure',
  message: 'The provided payment method has failed authentication. Provide a new payment method to attempt to fulfill this PaymentIntent again.',
};

export function billing(core: Core) {
  const { state, bucket, get, emit } = core;
  const integer = (form: Params, key: string): number | undefined => {
    const v = text(form[key]);
    if (v === undefined) return undefined;
    if (!/^-?\d+$/.test(v)) throw invalid(key, `Invalid integer: ${v}`);
    return Number(v);
  };
  const of = <T extends StoredObject>(owner: string, object: T['object'], keep: (o: T) => boolean) =>
    Object.values(bucket(owner))
      .filter((o): o is T => o.object === object && keep(o as T))
      .sort((a, b) => ((b as { created?: number }).created ?? 0) - ((a as { created?: number }).created ?? 0));

  // ---- Payment methods: cards entered on a hosted page, or Stripe's `pm_card_*` test ids.

  const createPaymentMethod = (owner: string, card: EnteredCard, customer: string | null): LocalPaymentMethod => {
    const brand = brandOf(card.number);
    const method: LocalPaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
      card: {
        brand,
        display_brand: brand,
        last4: digitsOf(card.number).slice(-4),
        exp_month: card.expMonth,
        exp_year: card.expYear,
        funding: 'credit',
        country: 'US',
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        networks: { available: [brand], preferred: null },
        wallet: null,
        three_d_secure_usage: { supported: true },
      },
      customer,
      created: now(),
      livemode: false,
      metadata: {},
    };
    bucket(owner)[method.id] = method;
    (state.cards ??= {})[method.id] = digitsOf(card.number);
    if (customer) emit(owner, 'payment_method.attached', method);
    return method;
  };

  /** A payment method by id; one of Stripe's test ids makes a fresh one from its card. */
  const paymentMethod = (owner: string, pmId: string, param: string): LocalPaymentMethod => {
    const number = TEST_PAYMENT_METHODS[pmId];
    if (number) return createPaymentMethod(owner, { number, expMonth: 12, expYear: new Date().getFullYear() + 3 }, null);
    const found = bucket(owner)[pmId];
    if (!found || found.object !== 'payment_method') throw missing('PaymentMethod', pmId, param);
    return found;
  };

  const attach = (owner: string, method: LocalPaymentMethod, customerId: string) => {
    get<Stripe.Customer>(owner, 'customer', customerId);
    if (method.customer && method.customer !== customerId) throw refused('The payment method you provided has already been attached to a customer.');
    if (method.customer === customerId) return method;
    method.customer = customerId;
    emit(owner, 'payment_method.attached', method);
    return method;
  };

  /** A payment method the customer has (Stripe refuses to charge or default to another customer's card). */
  const attachedTo = (owner: string, customerId: string, pmId: string, param: string): LocalPaymentMethod => {
    const method = paymentMethod(owner, pmId, param);
    if (TEST_PAYMENT_METHODS[pmId]) return attach(owner, method, customerId);
    if (method.customer !== customerId) throw invalid(param, `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`);
    return method;
  };

  /** A saved card becomes the customer's default for invoices when the customer has none yet. */
  const defaultIfUnset = (owner: string, customerId: string, pmId: string) => {
    const customer = get<Stripe.Customer>(owner, 'customer', customerId);
    if (customer.invoice_settings.default_payment_method) return;
    customer.invoice_settings.default_payment_method = pmId;
    emit(owner, 'customer.updated', customer);
  };

  /** What a card entered on the hosted checkout page leaves behind: a payment method on the customer. */
  const savePaymentMethod = (owner: string, card: EnteredCard, customerId: string): LocalPaymentMethod => {
    const method = createPaymentMethod(owner, card, customerId);
    defaultIfUnset(owner, customerId, method.id);
    return method;
  };

  const createSetupIntent = (owner: string, customerId: string, method: LocalPaymentMethod, metadata: Record<string, string>): LocalSetupIntent => {
    const intent: LocalSetupIntent = {
      id: newId('seti'),
      object: 'setup_intent',
      status: 'succeeded',
      customer: customerId,
      payment_method: method.id,
      payment_method_types: ['card'],
      metadata,
      created: now(),
      livemode: false,
      usage: 'off_session',
      last_setup_error: null,
      next_action: null,
      description: null,
    };
    bucket(owner)[intent.id] = intent;
    emit(owner, 'setup_intent.succeeded', intent);
    const subscriptionId = metadata.subscription;
    const subscription = subscriptionId ? bucket(owner)[subscriptionId] : undefined;
    if (subscription?.object === 'subscription' && subscription.customer === customerId) {
      subscription.default_payment_method = method.id;
      emit(owner, 'customer.subscription.updated', subscription);
    }
    return intent;
  };

  // ---- Payment intents and their charges.

  const createIntent = (
    owner: string,
    fields: { amount: number; currency: string; customer: string | null; types: string[]; allowed?: string[]; method: string | null; metadata: Record<string, string>; description: string | null },
  ): LocalPaymentIntent => {
    const intent: LocalPaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: fields.amount,
      amount_received: 0,
      currency: fields.currency,
      customer: fields.customer,
      status: fields.method ? 'requires_confirmation' : 'requires_payment_method',
      metadata: fields.metadata,
      created: now(),
      livemode: false,
      description: fields.description,
      last_payment_error: null,
      payment_method: fields.method,
      payment_method_types: fields.types,
      allowed_payment_method_types: fields.allowed ?? null,
      next_action: null,
      canceled_at: null,
      cancellation_reason: null,
      latest_charge: null,
    };
    bucket(owner)[intent.id] = intent;
    emit(owner, 'payment_intent.created', intent);
    return intent;
  };

  /** The intent is paid: its charge is made and the invoice it pays, if any, is paid too. */
  const succeed = (owner: string, intent: LocalPaymentIntent) => {
    const charge: LocalCharge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      captured: true,
      currency: intent.currency,
      customer: intent.customer,
      created: now(),
      livemode: false,
      metadata: intent.metadata,
      paid: true,
      payment_intent: intent.id,
      payment_method: id(intent.payment_method),
      refunded: false,
      status: 'succeeded',
      description: intent.description,
      failure_code: null,
      failure_message: null,
    };
    bucket(owner)[charge.id] = charge;
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, last_payment_error: null, next_action: null });
    emit(owner, 'charge.succeeded', charge);
    emit(owner, 'payment_intent.succeeded', intent);
    const invoice = invoiceOf(owner, intent.id);
    if (invoice && invoice.status !== 'paid') markPaid(owner, invoice, intent.amount);
  };

  const decline = (owner: string, intent: LocalPaymentIntent, error: { code: string; decline_code?: string; message: string }) => {
    Object.assign(intent, { status: 'requires_payment_method', next_action: null, last_payment_error: { type: 'card_error', ...error } });
    emit(owner, 'payment_intent.payment_failed', intent);
  };

  /** Charges the intent's card as the test card it was made from answers. */
  const attempt = (owner: string, intent: LocalPaymentIntent, returnUrl: string | null): CardOutcome => {
    const pmId = id(intent.payment_method);
    const outcome: CardOutcome = pmId ? cardOutcome(state.cards?.[pmId] ?? '') : { kind: 'declined', code: 'card_declined', message: 'This customer has no attached payment source or default payment method.' };
    if (outcome.kind === 'succeeds') succeed(owner, intent);
    else if (outcome.kind === 'declined') decline(owner, intent, { code: outcome.code, message: outcome.message, ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}) });
    else {
      intent.status = 'requires_action';
      intent.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${core.publicUrl()}/checkout/authenticate/${intent.id}`, return_url: returnUrl } };
      emit(owner, 'payment_intent.requires_action', intent);
    }
    return outcome;
  };

  /** Stripe answers a declined confirmation with a card error carrying the intent. */
  const cardError = (intent: LocalPaymentIntent) =>
    new StripeHttpError(402, {
      type: 'card_error',
      code: intent.last_payment_error?.code ?? 'card_declined',
      ...(intent.last_payment_error?.decline_code ? { decline_code: intent.last_payment_error.decline_code } : {}),
      message: intent.last_payment_error?.message ?? 'Your card was declined.',
      payment_intent: intent,
    });

  const confirm = (owner: string, intent: LocalPaymentIntent, form: Form): LocalPaymentIntent => {
    if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status)) {
      throw refused(`You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`, 'payment_intent_unexpected_state');
    }
    const pmId = text(form.payment_method);
    if (pmId) intent.payment_method = (intent.customer ? attachedTo(owner, id(intent.customer)!, pmId, 'payment_method') : paymentMethod(owner, pmId, 'payment_method')).id;
    if (!intent.payment_method) throw refused("You cannot confirm this PaymentIntent because it's missing a payment method.", 'payment_intent_unexpected_state');
    if (attempt(owner, intent, text(form.return_url) ?? null).kind === 'declined') throw cardError(intent);
    return intent;
  };

  /** The stand-in's 3-D Secure page answered: the payment goes through, or fails as unauthenticated. */
  const authenticate = (owner: string, intent: LocalPaymentIntent, ok: boolean) => {
    if (ok) return succeed(owner, intent);
    decline(owner, intent, AUTHENTICATION_FAILED);
  };

  const cancelIntent = (owner: string, intent: LocalPaymentIntent, reason: string | undefined) => {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw refused(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        'payment_intent_unexpected_state',
      );
    }
    Object.assign(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: reason ?? null, next_action: null });
    emit(owner, 'payment_intent.canceled', intent);
    return intent;
  };

  const createPaymentIntent = (owner: string, form: Form): LocalPaymentIntent => {
    const amount = integer(form, 'amount');
    if (amount === undefined) throw required('amount');
    if (amount < 1) throw invalid('amount', 'This value must be greater than or equal to 1.');
    const currency = text(form.currency)?.toLowerCase();
    if (!currency) throw required('currency');
    const customer = text(form.customer) ?? null;
    if (customer) get<Stripe.Customer>(owner, 'customer', customer);
    const pmId = text(form.payment_method);
    const method = pmId ? (customer ? attachedTo(owner, customer, pmId, 'payment_method') : paymentMethod(owner, pmId, 'payment_method')) : null;
    // This API version names the accepted types `allowed_payment_method_types`; earlier ones `payment_method_types`.
    const types = strings(form.allowed_payment_method_types ?? form.payment_method_types);
    const intent = createIntent(owner, {
      amount,
      currency,
      customer,
      types: types.length ? types : ['card'],
      ...(types.length ? { allowed: types } : {}),
      method: method?.id ?? null,
      metadata: record(form.metadata),
      description: text(form.description) ?? null,
    });
    if (text(form.confirm) === 'true') return confirm(owner, intent, form.return_url ? { return_url: form.return_url } : {});
    return intent;
  };

  // ---- Refunds.

  const refund = (owner: string, form: Form): LocalRefund => {
    const piId = text(form.payment_intent);
    if (!piId) throw required('payment_intent');
    const intent = get<LocalPaymentIntent>(owner, 'payment_intent', piId);
    const chargeId = id(intent.latest_charge);
    if (intent.status !== 'succeeded' || !chargeId) throw refused(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, 'charge_not_refundable');
    const charge = get<LocalCharge>(owner, 'charge', chargeId);
    const left = charge.amount - charge.amount_refunded;
    const amount = integer(form, 'amount') ?? left;
    if (left === 0) throw refused(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
    if (amount < 1 || amount > left) throw invalid('amount', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`);
    const made: LocalRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: record(form.metadata),
      payment_intent: intent.id,
      reason: (text(form.reason) as Stripe.Refund.Reason | undefined) ?? null,
      status: 'succeeded',
    };
    bucket(owner)[made.id] = made;
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    emit(owner, 'refund.created', made);
    emit(owner, 'charge.refunded', charge);
    return made;
  };

  // ---- Invoices.

  const pricing = (price: WirePrice): LocalPricing => ({
    type: 'price_details',
    price_details: { price: price.id, product: typeof price.product === 'string' ? price.product : price.product.id },
    unit_amount_decimal: price.unit_amount_decimal,
  });
  const productName = (owner: string, price: WirePrice) => get<Stripe.Product>(owner, 'product', pricing(price)!.price_details.product).name;

  const lineOfItem = (item: LocalInvoiceItem): LocalInvoiceLine => ({
    id: newId('il'),
    object: 'line_item',
    amount: item.amount,
    currency: item.currency,
    description: item.description,
    discountable: item.discountable,
    invoice: id(item.invoice),
    livemode: false,
    metadata: item.metadata ?? {},
    parent: {
      type: 'invoice_item_details',
      invoice_item_details: { invoice_item: item.id, proration: item.proration, proration_details: { credited_items: null }, subscription: item.parent?.subscription_details.subscription ?? null },
      subscription_item_details: null,
    },
    period: item.period,
    quantity: item.quantity,
    subtotal: item.amount,
    subscription: item.parent?.subscription_details.subscription ?? null,
    pricing: item.pricing,
  });

  /** The line a subscription item bills for one period. */
  const lineOfPeriod = (owner: string, subscription: LocalSubscription, item: LocalSubscriptionItem, price: WirePrice, period: { start: number; end: number }, invoiceId: string | null): LocalInvoiceLine => ({
    id: newId('il'),
    object: 'line_item',
    amount: (price.unit_amount ?? 0) * item.quantity,
    currency: price.currency,
    description: `${item.quantity} × ${productName(owner, price)}`,
    discountable: true,
    invoice: invoiceId,
    livemode: false,
    metadata: subscription.metadata ?? {},
    parent: {
      type: 'subscription_item_details',
      subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription: subscription.id, subscription_item: item.id },
      invoice_item_details: null,
    },
    period,
    quantity: item.quantity,
    subtotal: (price.unit_amount ?? 0) * item.quantity,
    subscription: subscription.id,
    pricing: pricing(price),
  });

  const total = (invoice: Pick<LocalInvoice, 'lines' | 'amount_paid' | 'subtotal' | 'total' | 'amount_due' | 'amount_remaining'>) => {
    invoice.subtotal = invoice.lines.data.reduce((sum, l) => sum + l.amount, 0);
    invoice.total = invoice.subtotal;
    invoice.amount_due = Math.max(0, invoice.total);
    invoice.amount_remaining = Math.max(0, invoice.amount_due - invoice.amount_paid);
  };

  const pending = (owner: string, keep: (i: LocalInvoiceItem) => boolean) => of<LocalInvoiceItem>(owner, 'invoiceitem', (i) => !i.invoice && keep(i)).reverse();

  const addItem = (invoice: LocalInvoice, item: LocalInvoiceItem) => {
    item.invoice = invoice.id;
    invoice.lines.data.push(lineOfItem(item));
    total(invoice);
  };

  const draft = (
    owner: string,
    fields: Pick<LocalInvoice, 'customer' | 'currency' | 'collection_method' | 'billing_reason' | 'metadata' | 'description' | 'auto_advance' | 'due_date' | 'parent' | 'payment_settings' | 'period_start' | 'period_end'>,
  ): LocalInvoice => {
    const invoice: LocalInvoice = {
      id: newId('in'),
      object: 'invoice',
      status: 'draft',
      amount_due: 0,
      amount_paid: 0,
      amount_remaining: 0,
      attempt_count: 0,
      attempted: false,
      created: now(),
      livemode: false,
      subtotal: 0,
      total: 0,
      number: null,
      hosted_invoice_url: null,
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      default_payment_method: null,
      effective_at: null,
      lines: list([], ''),
      payments: list([], ''),
      ...fields,
    };
    invoice.lines.url = `/v1/invoices/${invoice.id}/lines`;
    invoice.payments.url = `/v1/invoices/${invoice.id}/payments`;
    bucket(owner)[invoice.id] = invoice;
    emit(owner, 'invoice.created', invoice);
    return invoice;
  };

  const subscriptionOf = (owner: string, invoice: LocalInvoice) => {
    const subId = invoice.parent?.subscription_details.subscription;
    return subId ? get<LocalSubscription>(owner, 'subscription', subId) : undefined;
  };
  const invoiceOf = (owner: string, piId: string) => of<LocalInvoice>(owner, 'invoice', (i) => i.payments.data.some((p) => p.payment.payment_intent === piId))[0];
  const intentOf = (owner: string, invoice: LocalInvoice) => {
    const payment = invoice.payments.data.find((p) => p.is_default);
    return payment ? get<LocalPaymentIntent>(owner, 'payment_intent', payment.payment.payment_intent) : undefined;
  };

  /** Open, numbered and payable: its payment intent is made, and its hosted page can take a bank transfer. */
  const finalize = (owner: string, invoice: LocalInvoice): LocalInvoice => {
    if (invoice.status !== 'draft') throw refused('This invoice is already finalized, you can\'t re-finalize a non-draft invoice.', 'invoice_not_editable');
    const numbered = of<LocalInvoice>(owner, 'invoice', (i) => i.number !== null).length;
    Object.assign(invoice, {
      status: 'open',
      number: `LOCAL-${String(numbered + 1).padStart(4, '0')}`,
      hosted_invoice_url: `${core.publicUrl()}/invoice/${invoice.id}`,
      effective_at: now(),
    });
    invoice.status_transitions.finalized_at = now();
    if (invoice.amount_due > 0) {
      const types = invoice.payment_settings.payment_method_types ?? ['card'];
      const intent = createIntent(owner, { amount: invoice.amount_due, currency: invoice.currency, customer: id(invoice.customer), types, method: null, metadata: {}, description: `Invoice ${invoice.number}` });
      invoice.payments.data.push({
        id: newId('inpay'),
        object: 'invoice_payment',
        amount_paid: null,
        amount_requested: invoice.amount_due,
        created: now(),
        currency: invoice.currency,
        invoice: invoice.id,
        is_default: true,
        livemode: false,
        status: 'open',
        status_transitions: { canceled_at: null, paid_at: null },
        payment: { type: 'payment_intent', payment_intent: intent.id },
      });
    }
    emit(owner, 'invoice.finalized', invoice);
    if (invoice.amount_due === 0) markPaid(owner, invoice, 0);
    return invoice;
  };

  const markPaid = (owner: string, invoice: LocalInvoice, amount: number) => {
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_paid + amount, amount_remaining: 0 });
    invoice.status_transitions.paid_at = now();
    const payment = invoice.payments.data.find((p) => p.is_default);
    if (payment) Object.assign(payment, { status: 'paid', amount_paid: amount, status_transitions: { canceled_at: null, paid_at: now() } });
    emit(owner, 'invoice.paid', invoice);
    const subscription = subscriptionOf(owner, invoice);
    if (subscription && (subscription.status === 'past_due' || subscription.status === 'unpaid') && !openOf(owner, subscription.id).length) {
      subscription.status = 'active';
      emit(owner, 'customer.subscription.updated', subscription);
    }
  };

  const openOf = (owner: string, subId: string) => of<LocalInvoice>(owner, 'invoice', (i) => i.status === 'open' && i.parent?.subscription_details.subscription === subId);

  /** A subscription whose invoice went unpaid: past due, and unpaid once a second period has gone unpaid too. */
  const fallBehind = (owner: string, subscription: LocalSubscription) => {
    const status = openOf(owner, subscription.id).length >= 2 ? 'unpaid' : 'past_due';
    if (subscription.status === status) return;
    subscription.status = status;
    emit(owner, 'customer.subscription.updated', subscription);
  };

  /** The payment method a subscription's invoices are charged to: its own default, else the customer's. */
  const chargedMethod = (owner: string, invoice: LocalInvoice): string | null => {
    const subscription = subscriptionOf(owner, invoice);
    const customerId = id(invoice.customer);
    const customer = customerId ? get<Stripe.Customer>(owner, 'customer', customerId) : undefined;
    return id(invoice.default_payment_method) ?? id(subscription?.default_payment_method) ?? id(customer?.invoice_settings.default_payment_method) ?? null;
  };

  /** Charges an open invoice's card, as Stripe's automatic collection (and `pay`) do. */
  const collect = (owner: string, invoice: LocalInvoice, pmId: string | null, returnUrl: string | null = null): CardOutcome['kind'] => {
    const intent = intentOf(owner, invoice);
    if (!intent) return 'succeeds';
    Object.assign(invoice, { attempted: true, attempt_count: invoice.attempt_count + 1 });
    intent.payment_method = pmId;
    const outcome = attempt(owner, intent, returnUrl).kind;
    if (outcome === 'succeeds') return outcome;
    emit(owner, outcome === 'declined' ? 'invoice.payment_failed' : 'invoice.payment_action_required', invoice);
    const subscription = subscriptionOf(owner, invoice);
    if (subscription) fallBehind(owner, subscription);
    return outcome;
  };

  /** A subscription's new period: its invoice (with prorations waiting for it) is made and charged. */
  const renew = (owner: string, subscription: LocalSubscription, item: LocalSubscriptionItem) => {
    const invoice = draft(owner, {
      customer: subscription.customer,
      currency: item.price.currency,
      collection_method: 'charge_automatically',
      billing_reason: 'subscription_cycle',
      metadata: {},
      description: null,
      auto_advance: true,
      due_date: null,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata }, quote_details: null },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_start: item.current_period_start,
      period_end: item.current_period_end,
    });
    invoice.lines.data.push(lineOfPeriod(owner, subscription, item, item.price, { start: item.current_period_start, end: item.current_period_end }, invoice.id));
    for (const waiting of pending(owner, (i) => i.parent?.subscription_details.subscription === subscription.id)) addItem(invoice, waiting);
    total(invoice);
    subscription.latest_invoice = invoice.id;
    finalize(owner, invoice);
    if (invoice.status === 'open') collect(owner, invoice, chargedMethod(owner, invoice));
    return invoice;
  };

  const createItem = (owner: string, form: Form, fields?: Partial<LocalInvoiceItem>): LocalInvoiceItem => {
    const invoiceId = text(form.invoice);
    const invoice = invoiceId ? get<LocalInvoice>(owner, 'invoice', invoiceId) : undefined;
    const customer = text(form.customer) ?? (invoice ? id(invoice.customer) : undefined);
    if (!customer) throw required('customer');
    get<Stripe.Customer>(owner, 'customer', customer);
    if (invoice && invoice.status !== 'draft') throw invalid('invoice', 'Invoice items can only be added to draft invoices.');
    const priceId = text(part(form, 'pricing').price);
    const price = priceId ? get<WirePrice>(owner, 'price', priceId) : undefined;
    const quantity = integer(form, 'quantity') ?? 1;
    const amount = price ? (price.unit_amount ?? 0) * quantity : integer(form, 'amount');
    if (amount === undefined) throw required('amount');
    const currency = price?.currency ?? text(form.currency)?.toLowerCase();
    if (!currency) throw required('currency');
    const item: LocalInvoiceItem = {
      id: newId('ii'),
      object: 'invoiceitem',
      amount,
      currency,
      customer,
      date: now(),
      description: text(form.description) ?? (price ? productName(owner, price) : null),
      discountable: true,
      invoice: null,
      livemode: false,
      metadata: record(form.metadata),
      period: { start: now(), end: now() },
      proration: false,
      quantity,
      pricing: price ? pricing(price) : null,
      parent: null,
      ...fields,
    };
    bucket(owner)[item.id] = item;
    if (invoice) addItem(invoice, item);
    emit(owner, 'invoiceitem.created', item);
    return item;
  };

  const createInvoice = (owner: string, form: Form): LocalInvoice => {
    const customer = text(form.customer);
    if (!customer) throw required('customer');
    get<Stripe.Customer>(owner, 'customer', customer);
    const method = (text(form.collection_method) ?? 'charge_automatically') as Stripe.Invoice.CollectionMethod;
    if (!['charge_automatically', 'send_invoice'].includes(method)) throw invalid('collection_method', `Invalid collection_method: ${method}`);
    const days = integer(form, 'days_until_due');
    if (method === 'send_invoice' && days === undefined) throw invalid('days_until_due', 'Invoices with `collection_method=send_invoice` must have `days_until_due` or `due_date`.');
    const behavior = text(form.pending_invoice_items_behavior) ?? 'exclude';
    if (!['include', 'exclude'].includes(behavior)) throw invalid('pending_invoice_items_behavior', `Invalid pending_invoice_items_behavior: ${behavior}`);
    const waiting = behavior === 'include' ? pending(owner, (i) => i.customer === customer && !i.parent) : [];
    const types = strings(part(form, 'payment_settings').payment_method_types);
    const invoice = draft(owner, {
      customer,
      currency: text(form.currency)?.toLowerCase() ?? waiting[0]?.currency ?? 'jpy',
      collection_method: method,
      billing_reason: 'manual',
      metadata: record(form.metadata),
      description: text(form.description) ?? null,
      auto_advance: text(form.auto_advance) === 'true',
      due_date: method === 'send_invoice' ? now() + (days ?? 0) * 86400 : null,
      parent: null,
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: types.length ? types : null },
      period_start: now(),
      period_end: now(),
    });
    const pmId = text(form.default_payment_method);
    if (pmId) invoice.default_payment_method = attachedTo(owner, customer, pmId, 'default_payment_method').id;
    for (const item of waiting) addItem(invoice, item);
    return invoice;
  };

  /** Money received by bank transfer: kept as the customer's cash balance and applied to its open invoices. */
  const fundCashBalance = (owner: string, customerId: string, form: Form) => {
    get<Stripe.Customer>(owner, 'customer', customerId);
    const amount = integer(form, 'amount');
    if (amount === undefined) throw required('amount');
    if (amount < 1) throw invalid('amount', 'This value must be greater than or equal to 1.');
    const currency = text(form.currency)?.toLowerCase();
    if (!currency) throw required('currency');
    const balances = ((state.cash ??= {})[owner] ??= {})[customerId] ??= {};
    balances[currency] = (balances[currency] ?? 0) + amount;
    const transaction: Pick<Stripe.CustomerCashBalanceTransaction, 'id' | 'object' | 'created' | 'currency' | 'customer' | 'customer_account' | 'ending_balance' | 'livemode' | 'net_amount' | 'type' | 'funded'> = {
      id: newId('ccsbtxn'),
      object: 'customer_cash_balance_transaction',
      created: now(),
      currency,
      customer: customerId,
      customer_account: null,
      ending_balance: balances[currency],
      livemode: false,
      net_amount: amount,
      type: 'funded',
      funded: { bank_transfer: { type: 'jp_bank_transfer', reference: text(form.reference) ?? null } },
    };
    applyCash(owner, customerId, currency);
    return transaction;
  };

  /** Pays the customer's open bank-transfer invoices from its cash balance, oldest first, as Stripe reconciles. */
  const applyCash = (owner: string, customerId: string, currency: string) => {
    const balances = ((state.cash ??= {})[owner] ??= {})[customerId] ??= {};
    const open = of<LocalInvoice>(owner, 'invoice', (i) => i.customer === customerId && i.status === 'open' && i.currency === currency && !!i.payment_settings.payment_method_types?.includes('customer_balance')).reverse();
    for (const invoice of open) {
      const intent = intentOf(owner, invoice);
      if (!intent || (balances[currency] ?? 0) < invoice.amount_remaining) continue;
      balances[currency] -= invoice.amount_remaining;
      intent.payment_method_types = ['customer_balance'];
      succeed(owner, intent);
    }
  };

  const pay = (owner: string, invoice: LocalInvoice, form: Form): LocalInvoice => {
    if (invoice.status === 'draft') finalize(owner, invoice);
    if (invoice.status === 'paid') throw refused('Invoice is already paid', 'invoice_already_paid');
    if (invoice.status === 'void') throw refused('This invoice has been voided and can no longer be paid.', 'invoice_not_payable');
    if (text(form.paid_out_of_band) === 'true') {
      const intent = intentOf(owner, invoice);
      if (intent && intent.status !== 'succeeded' && intent.status !== 'canceled') cancelIntent(owner, intent, undefined);
      markPaid(owner, invoice, invoice.amount_remaining);
      return invoice;
    }
    const customerId = id(invoice.customer)!;
    const pmId = text(form.payment_method);
    const types = invoice.payment_settings.payment_method_types;
    if (!pmId && types?.includes('customer_balance') && !types.includes('card')) {
      const balance = state.cash?.[owner]?.[customerId]?.[invoice.currency] ?? 0;
      if (balance < invoice.amount_remaining) throw refused('The customer does not have enough cash balance to pay this invoice.', 'invoice_payment_intent_requires_action');
      applyCash(owner, customerId, invoice.currency);
      return invoice;
    }
    const method = pmId ? attachedTo(owner, customerId, pmId, 'payment_method').id : chargedMethod(owner, invoice);
    const outcome = collect(owner, invoice, method);
    const intent = intentOf(owner, invoice)!;
    if (outcome === 'declined') throw cardError(intent);
    if (outcome === 'requires_authentication') {
      throw new StripeHttpError(402, { type: 'card_error', code: 'invoice_payment_intent_requires_action', message: 'This payment requires additional user action before it can be completed successfully.', payment_intent: intent });
    }
    return invoice;
  };

  const closeIntent = (owner: string, invoice: LocalInvoice, reason: string) => {
    const intent = intentOf(owner, invoice);
    if (intent && intent.status !== 'succeeded' && intent.status !== 'canceled') Object.assign(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: reason, next_action: null });
  };

  // ---- Prorations: the unused time of the old price is credited, the rest of the period on the new one charged.

  const prorations = (owner: string, subscription: LocalSubscription, item: LocalSubscriptionItem, price: WirePrice, at: number): LocalInvoiceItem[] => {
    const { current_period_start: start, current_period_end: end } = item;
    if (at < start || at > end) throw invalid('proration_date', 'The proration date must be within the current billing period.');
    const left = (end - at) / (end - start);
    const date = new Date(at * 1000).toISOString().slice(0, 10);
    const make = (p: WirePrice, sign: 1 | -1, words: string): LocalInvoiceItem => ({
      id: newId('ii'),
      object: 'invoiceitem',
      amount: sign * Math.round((p.unit_amount ?? 0) * item.quantity * left),
      currency: p.currency,
      customer: id(subscription.customer)!,
      date: now(),
      description: `${words} ${productName(owner, p)} after ${date}`,
      discountable: false,
      invoice: null,
      livemode: false,
      metadata: {},
      period: { start: at, end },
      proration: true,
      quantity: item.quantity,
      pricing: pricing(p),
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    });
    return [make(item.price, -1, 'Unused time on'), make(price, 1, 'Remaining time on')];
  };

  /**
   * A subscription's price changes: `create_prorations` (Stripe's default) leaves the proration for the next
   * renewal, `always_invoice` bills it at once, `none` bills nothing. A trial has nothing to prorate.
   */
  const prorate = (owner: string, subscription: LocalSubscription, price: WirePrice, behavior: string, at: number) => {
    if (!['create_prorations', 'always_invoice', 'none'].includes(behavior)) throw invalid('proration_behavior', `Invalid proration_behavior: ${behavior}`);
    const item = subscription.items.data[0];
    if (behavior === 'none' || subscription.status === 'trialing') return;
    const items = prorations(owner, subscription, item, price, at);
    for (const made of items) {
      bucket(owner)[made.id] = made;
      emit(owner, 'invoiceitem.created', made);
    }
    if (behavior !== 'always_invoice') return;
    const invoice = draft(owner, {
      customer: subscription.customer,
      currency: price.currency,
      collection_method: 'charge_automatically',
      billing_reason: 'subscription_update',
      metadata: {},
      description: null,
      auto_advance: true,
      due_date: null,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata, subscription_proration_date: at }, quote_details: null },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_start: at,
      period_end: item.current_period_end,
    });
    for (const waiting of pending(owner, (i) => i.parent?.subscription_details.subscription === subscription.id)) addItem(invoice, waiting);
    subscription.latest_invoice = invoice.id;
    finalize(owner, invoice);
    if (invoice.status === 'open') collect(owner, invoice, chargedMethod(owner, invoice));
  };

  /** `invoices.createPreview`: the next invoice as it would be, stored nowhere (so without an id, as Stripe answers). */
  const preview = (owner: string, form: Form) => {
    const customer = text(form.customer);
    const subId = text(form.subscription);
    if (!customer && !subId) throw required('customer');
    const subscription = subId ? get<LocalSubscription>(owner, 'subscription', subId) : undefined;
    const customerId = customer ?? id(subscription!.customer)!;
    get<Stripe.Customer>(owner, 'customer', customerId);
    const details = part(form, 'subscription_details');
    const lines: LocalInvoiceLine[] = pending(owner, (i) => (subscription ? i.parent?.subscription_details.subscription === subscription.id : i.customer === customerId && !i.parent)).map(lineOfItem);
    let prorationDate: number | undefined;
    if (subscription) {
      const item = subscription.items.data[0];
      const changes = Array.isArray(details.items) ? (details.items as Params[]) : [];
      const change = changes.find((c) => text(c.id) === item.id) ?? changes[0];
      const priceId = change ? text(change.price) : undefined;
      const price = priceId ? get<WirePrice>(owner, 'price', priceId) : item.price;
      const behavior = text(details.proration_behavior) ?? 'create_prorations';
      if (priceId && behavior !== 'none' && subscription.status !== 'trialing') {
        prorationDate = integer(details, 'proration_date') ?? now();
        lines.push(...prorations(owner, subscription, item, price, prorationDate).map((i) => ({ ...lineOfItem(i), id: newId('il_tmp') })));
      }
      const start = item.current_period_end;
      lines.push(lineOfPeriod(owner, subscription, item, price, { start, end: start + periodSeconds(price) }, null));
    }
    const invoice = {
      object: 'invoice' as const,
      customer: customerId,
      status: 'draft' as const,
      billing_reason: subscription ? ('upcoming' as const) : ('manual' as const),
      collection_method: 'charge_automatically' as const,
      currency: lines[0]?.currency ?? 'jpy',
      created: now(),
      livemode: false,
      amount_paid: 0,
      amount_due: 0,
      amount_remaining: 0,
      subtotal: 0,
      total: 0,
      attempt_count: 0,
      attempted: false,
      number: null,
      period_start: subscription?.items.data[0].current_period_start ?? now(),
      period_end: subscription?.items.data[0].current_period_end ?? now(),
      parent: subscription
        ? { type: 'subscription_details' as const, subscription_details: { subscription: subscription.id, metadata: subscription.metadata, ...(prorationDate ? { subscription_proration_date: prorationDate } : {}) }, quote_details: null }
        : null,
      lines: list(lines, '/v1/invoices/upcoming/lines'),
    };
    total(invoice);
    return invoice;
  };

  const listOf = <T extends StoredObject>(owner: string, object: T['object'], q: URLSearchParams, url: string, keep: (o: T) => boolean) => {
    const limit = Math.min(100, Math.max(1, Number(q.get('limit') ?? 10) || 10));
    let all = of<T>(owner, object, keep);
    const after = q.get('starting_after');
    if (after) all = all.slice(all.findIndex((o) => o.id === after) + 1);
    return { object: 'list' as const, data: all.slice(0, limit), has_more: all.length > limit, url };
  };

  /** The endpoints this module answers; `undefined` for a request that is not its own. */
  const route = (method: string, parts: string[], q: URLSearchParams, form: Form, owner: string): unknown => {
    const [, resource, objectId, action, sub] = parts;
    if (resource === 'payment_methods') {
      if (method === 'GET' && objectId) return paymentMethod(owner, objectId, 'id');
      if (method === 'GET') {
        const customer = q.get('customer');
        const type = q.get('type');
        return listOf<LocalPaymentMethod>(owner, 'payment_method', q, '/v1/payment_methods', (m) => (!customer || m.customer === customer) && (!type || m.type === type));
      }
      if (method === 'POST' && objectId && action === 'attach') {
        const customer = text(form.customer);
        if (!customer) throw required('customer');
        return attach(owner, paymentMethod(owner, objectId, 'id'), customer);
      }
      if (method === 'POST' && objectId && action === 'detach') {
        const found = paymentMethod(owner, objectId, 'id');
        const customerId = id(found.customer);
        if (!customerId) throw refused(`The payment method ${found.id} is not attached to a customer.`);
        found.customer = null;
        const customer = get<Stripe.Customer>(owner, 'customer', customerId);
        if (customer.invoice_settings.default_payment_method === found.id) customer.invoice_settings.default_payment_method = null;
        emit(owner, 'payment_method.detached', found);
        return found;
      }
    }
    if (resource === 'customers' && objectId && action === 'payment_methods' && method === 'GET') {
      get<Stripe.Customer>(owner, 'customer', objectId);
      const type = q.get('type');
      return listOf<LocalPaymentMethod>(owner, 'payment_method', q, `/v1/customers/${objectId}/payment_methods`, (m) => m.customer === objectId && (!type || m.type === type));
    }
    if (resource === 'setup_intents' && method === 'GET') {
      if (objectId) return get<LocalSetupIntent>(owner, 'setup_intent', objectId);
      const customer = q.get('customer');
      return listOf<LocalSetupIntent>(owner, 'setup_intent', q, '/v1/setup_intents', (s) => !customer || s.customer === customer);
    }
    if (resource === 'payment_intents' && method === 'POST') {
      if (!objectId) return createPaymentIntent(owner, form);
      const intent = get<LocalPaymentIntent>(owner, 'payment_intent', objectId);
      if (action === 'confirm') return confirm(owner, intent, form);
      if (action === 'cancel') return cancelIntent(owner, intent, text(form.cancellation_reason));
    }
    if (resource === 'refunds') {
      if (method === 'POST' && !objectId) return refund(owner, form);
      if (method === 'GET' && objectId) return get<LocalRefund>(owner, 'refund', objectId);
      if (method === 'GET') {
        const intent = q.get('payment_intent');
        return listOf<LocalRefund>(owner, 'refund', q, '/v1/refunds', (r) => !intent || r.payment_intent === intent);
      }
    }
    if (resource === 'charges' && method === 'GET' && objectId) return get<LocalCharge>(owner, 'charge', objectId);
    if (resource === 'invoiceitems') {
      if (method === 'POST' && !objectId) return createItem(owner, form);
      if (method === 'GET' && objectId) return get<LocalInvoiceItem>(owner, 'invoiceitem', objectId);
      if (method === 'GET') {
        const customer = q.get('customer');
        const pendingOnly = q.get('pending') === 'true';
        return listOf<LocalInvoiceItem>(owner, 'invoiceitem', q, '/v1/invoiceitems', (i) => (!customer || i.customer === customer) && (!pendingOnly || !i.invoice));
      }
    }
    if (resource === 'invoices') {
      if (method === 'POST' && objectId === 'create_preview') return preview(owner, form);
      if (method === 'POST' && !objectId) return createInvoice(owner, form);
      if (method === 'GET' && objectId) return get<LocalInvoice>(owner, 'invoice', objectId);
      if (method === 'GET') {
        const customer = q.get('customer');
        const subscription = q.get('subscription');
        const status = q.get('status');
        return listOf<LocalInvoice>(owner, 'invoice', q, '/v1/invoices', (i) => (!customer || i.customer === customer) && (!subscription || i.parent?.subscription_details.subscription === subscription) && (!status || i.status === status));
      }
      if (method === 'POST' && objectId && !sub) {
        const invoice = get<LocalInvoice>(owner, 'invoice', objectId);
        if (!action) {
          if (invoice.status !== 'draft' && Object.keys(form).some((k) => k !== 'metadata' && k !== 'expand')) throw refused('Only draft invoices can be updated beyond their metadata.', 'invoice_not_editable');
          if (form.metadata !== undefined) invoice.metadata = { ...invoice.metadata, ...record(form.metadata) };
          if (form.description !== undefined) invoice.description = text(form.description) || null;
          emit(owner, 'invoice.updated', invoice);
          return invoice;
        }
        if (action === 'finalize') return finalize(owner, invoice);
        if (action === 'pay') return pay(owner, invoice, form);
        if (action === 'send') {
          if (invoice.collection_method !== 'send_invoice') throw refused('You can only manually send an invoice if its collection method is \'send_invoice\'.');
          if (invoice.status === 'draft') finalize(owner, invoice);
          if (invoice.status !== 'open') throw refused(`You can only send an open invoice; this one is ${invoice.status}.`, 'invoice_not_editable');
          emit(owner, 'invoice.sent', invoice);
          return invoice;
        }
        if (action === 'void') {
          if (invoice.status !== 'open' && invoice.status !== 'uncollectible') throw refused(`You can only pass in open or uncollectible invoices. This invoice is ${invoice.status}.`, 'invoice_not_editable');
          closeIntent(owner, invoice, 'void_invoice');
          Object.assign(invoice, { status: 'void', amount_remaining: 0 });
          invoice.status_transitions.voided_at = now();
          emit(owner, 'invoice.voided', invoice);
          return invoice;
        }
        if (action === 'mark_uncollectible') {
          if (invoice.status !== 'open') throw refused(`You can only mark an open invoice as uncollectible. This invoice is ${invoice.status}.`, 'invoice_not_editable');
          invoice.status = 'uncollectible';
          invoice.status_transitions.marked_uncollectible_at = now();
          emit(owner, 'invoice.marked_uncollectible', invoice);
          return invoice;
        }
      }
    }
    if (resource === 'test_helpers' && objectId === 'customers' && action && sub === 'fund_cash_balance' && method === 'POST') return fundCashBalance(owner, action, form);
    return undefined;
  };

  return { route, renew, prorate, savePaymentMethod, createSetupIntent, createIntent, succeed, attempt, authenticate, attachedTo, fundCashBalance, intentOf };
}

/** A card typed on a hosted page: its number and `MM / YY` expiry. */
export const enteredCard = (form: Form): EnteredCard => {
  const [month, year] = (text(form.expiry) ?? '').split('/').map((s) => Number(s.trim()));
  return { number: digitsOf(text(form.card_number) ?? ''), expMonth: month >= 1 && month <= 12 ? month : 12, expYear: year ? (year < 100 ? 2000 + year : year) : new Date().getFullYear() + 3 };
};
