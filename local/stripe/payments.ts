import type Stripe from 'stripe';
import { record, strings, text, type Form } from './form';
import {
  idOf,
  integer,
  invalid,
  missing,
  newId,
  now,
  refused,
  required,
  StripeHttpError,
  type Core,
  type EnteredCard,
  type LocalCharge,
  type LocalPaymentIntent,
  type LocalPaymentMethod,
  type LocalRefund,
  type LocalSetupIntent,
} from './model';
import { brandOf, cardOutcome, digitsOf, TEST_PAYMENT_METHODS, type CardOutcome } from './test-cards';

/**
 * Payments in the local Stripe stand-in: payment methods (saved cards, and Stripe's `pm_card_*` test ids), setup
 * intents, payment intents with their charges (each card answering as its test number does), and refunds.
 * `settled` is told of each intent that succeeds, so the invoice it pays can be paid too (see `invoices.ts`).
 */
export type Payments = ReturnType<typeof payments>;

/** Stripe's words for an authentication the buyer failed or abandoned. */
const AUTHENTICATION_FAILED = {
  code: 'payment_intent_authentication_failure',
  message: 'The provided payment method has failed authentication. Provide a new payment method to attempt to fulfill this PaymentIntent again.',
};

export function payments(core: Core, settled: (owner: string, intent: LocalPaymentIntent) => void) {
  const { state, bucket, get, emit, list } = core;

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

  /** What a card paid with on the hosted checkout page (payment or subscription mode) leaves behind: a payment method on the customer. */
  const savePaymentMethod = (owner: string, card: EnteredCard, customerId: string): LocalPaymentMethod => {
    const method = createPaymentMethod(owner, card, customerId);
    defaultIfUnset(owner, customerId, method.id);
    return method;
  };

  /**
   * Setup mode's SetupIntent, made when the buyer first confirms a card on the hosted page (as Checkout does in
   * this API version: the session has none before). It fails with a declined card and succeeds with the next.
   */
  const createSetupIntent = (owner: string, customerId: string, metadata: Record<string, string>): LocalSetupIntent => {
    const id = newId('seti');
    const intent: LocalSetupIntent = {
      id,
      object: 'setup_intent',
      status: 'requires_payment_method',
      customer: customerId,
      payment_method: null,
      payment_method_types: ['card'],
      metadata,
      created: now(),
      livemode: false,
      usage: 'off_session',
      last_setup_error: null,
      next_action: null,
      description: null,
      application: null,
      automatic_payment_methods: null,
      cancellation_reason: null,
      client_secret: `${id}_secret_${newId('x').slice(2)}`,
      mandate: null,
      on_behalf_of: null,
      single_use_mandate: null,
    };
    bucket(owner)[intent.id] = intent;
    emit(owner, 'setup_intent.created', intent);
    return intent;
  };

  const failSetup = (owner: string, intent: LocalSetupIntent, error: { code: string; decline_code: string | null; message: string }) => {
    intent.last_setup_error = { type: 'card_error', code: error.code, message: error.message, ...(error.decline_code ? { decline_code: error.decline_code } : {}) };
    emit(owner, 'setup_intent.setup_failed', intent);
  };

  /**
   * The card is saved: a payment method attached to the intent's customer, and the intent succeeded. It becomes
   * nobody's default: on Stripe that is the platform's move (Checkout's "update payment details" guide), so the
   * stand-in must not make it either.
   */
  const succeedSetup = (owner: string, intent: LocalSetupIntent, card: EnteredCard): LocalPaymentMethod => {
    const method = createPaymentMethod(owner, card, idOf(intent.customer));
    Object.assign(intent, { status: 'succeeded', payment_method: method.id, last_setup_error: null });
    emit(owner, 'setup_intent.succeeded', intent);
    return method;
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

  /** The intent is paid: its charge is made, and `settled` is told. */
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
      payment_method: idOf(intent.payment_method),
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
    settled(owner, intent);
  };

  const decline = (owner: string, intent: LocalPaymentIntent, error: { code: string; decline_code?: string; message: string }) => {
    Object.assign(intent, { status: 'requires_payment_method', next_action: null, last_payment_error: { type: 'card_error', ...error } });
    emit(owner, 'payment_intent.payment_failed', intent);
  };

  /** Charges the intent's card as the test card it was made from answers. */
  const attempt = (owner: string, intent: LocalPaymentIntent, returnUrl: string | null): CardOutcome => {
    const pmId = idOf(intent.payment_method);
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
    // Stripe's own list: a payment waiting for 3-D Secure may be confirmed again (with a new return_url).
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      throw refused(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`,
        'payment_intent_unexpected_state',
      );
    }
    const pmId = text(form.payment_method);
    if (pmId) intent.payment_method = (intent.customer ? attachedTo(owner, idOf(intent.customer)!, pmId, 'payment_method') : paymentMethod(owner, pmId, 'payment_method')).id;
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
    const chargeId = idOf(intent.latest_charge);
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

  const route = (method: string, parts: string[], q: URLSearchParams, form: Form, owner: string): unknown => {
    const [, resource, objectId, action] = parts;
    if (resource === 'payment_methods') {
      if (method === 'GET' && objectId) return paymentMethod(owner, objectId, 'id');
      if (method === 'GET') {
        const customer = q.get('customer');
        const type = q.get('type');
        return list<LocalPaymentMethod>(owner, 'payment_method', q, '/v1/payment_methods', (m) => (!customer || m.customer === customer) && (!type || m.type === type));
      }
      if (method === 'POST' && objectId && action === 'attach') {
        const customer = text(form.customer);
        if (!customer) throw required('customer');
        return attach(owner, paymentMethod(owner, objectId, 'id'), customer);
      }
      if (method === 'POST' && objectId && action === 'detach') {
        const found = paymentMethod(owner, objectId, 'id');
        const customerId = idOf(found.customer);
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
      return list<LocalPaymentMethod>(owner, 'payment_method', q, `/v1/customers/${objectId}/payment_methods`, (m) => m.customer === objectId && (!type || m.type === type));
    }
    if (resource === 'setup_intents' && method === 'GET') {
      if (objectId) return get<LocalSetupIntent>(owner, 'setup_intent', objectId);
      const customer = q.get('customer');
      return list<LocalSetupIntent>(owner, 'setup_intent', q, '/v1/setup_intents', (s) => !customer || s.customer === customer);
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
        return list<LocalRefund>(owner, 'refund', q, '/v1/refunds', (r) => !intent || r.payment_intent === intent);
      }
    }
    if (resource === 'charges' && method === 'GET' && objectId) return get<LocalCharge>(owner, 'charge', objectId);
    return undefined;
  };

  return { route, savePaymentMethod, createSetupIntent, failSetup, succeedSetup, createIntent, succeed, attempt, cardError, cancelIntent, authenticate, attachedTo };
}

/** A card typed on a hosted page: its number and `MM / YY` expiry. */
export const enteredCard = (form: Form): EnteredCard => {
  const [month, year] = (text(form.expiry) ?? '').split('/').map((s) => Number(s.trim()));
  return { number: digitsOf(text(form.card_number) ?? ''), expMonth: month >= 1 && month <= 12 ? month : 12, expYear: year ? (year < 100 ? 2000 + year : year) : new Date().getFullYear() + 3 };
};
