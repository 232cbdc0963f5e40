import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import type Stripe from 'stripe';
import { checkoutPage, resultPage } from './checkout-page';
import { invoices } from './invoices';
import { parseForm, record, strings, text, withoutEmpty, type Form, type FormValue } from './form';
import {
  clock,
  integer,
  invalid,
  missing,
  newId,
  newSubscription,
  now,
  periodSeconds,
  required,
  StripeHttpError,
  type LocalAccountLink,
  type LocalEvent,
  type LocalInvoice,
  type LocalPaymentIntent,
  type LocalSession,
  type LocalSetupIntent,
  type LocalSubscription,
  type LocalTestClock,
  type LocalWebhookEndpoint,
  type SessionPlan,
  type State,
  type StoredObject,
  type EnteredCard,
  type WirePrice,
} from './model';
import { authenticatePage, invoicePage, linkGonePage, localeOf, onboardingPage } from './pages';
import { enteredCard, payments } from './payments';
import { cardOutcome, setupOutcome } from './test-cards';

/**
 * A local Stripe-compatible server for `npm start` and the tests (no emulator covers Connect, Prices and
 * Checkout: localstripe lacks them, stripe-mock keeps no state). The real `stripe` SDK reaches it through its
 * host, port and protocol options. It answers what the platform's calls use, shaped by the SDK's own types;
 * `test/integration/payments/stripe-contract.test.ts` runs the SDK against it so it cannot drift silently.
 *
 * So far: connected accounts (`/v1/accounts`), onboarded through account links and a stand-in onboarding page
 * at `/connect/onboard/<token>`; products, prices, coupons, tax rates, customers; Checkout sessions (payment,
 * subscription and setup mode) with a hosted page at `/checkout/pay/<session>` that answers Stripe's test cards
 * and saves the card as a payment method; the payment intents (with a 3-D Secure page at
 * `/checkout/authenticate/<pi>`), setup intents, charges, refunds and subscriptions they create (updated with
 * prorations, cancelled at the period end or at once) with their first invoice; invoice items and invoices,
 * charged automatically or sent for bank transfer with a hosted page at `/invoice/<in>` (see `payments.ts` and
 * `invoices.ts`); renewals charged to the saved card, which can fail (past_due, then unpaid); a test clock that
 * moves the stand-in's time forward; webhook endpoints
 * and signed event delivery with retries (Stripe's `Stripe-Signature` scheme, so the SDK's
 * `webhooks.constructEvent` verifies them); each object scoped by the `Stripe-Account` header as Stripe scopes
 * a connected account's; Stripe's list pages, error bodies and idempotency keys. Answers are the SDK's own types
 * (a Pick of the fields implemented, for the larger objects; see `model.ts`).
 */

export interface StripeStandIn {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface StripeStandInOptions {
  port: number;
  /** The platform's secret key; a request with another is refused as Stripe does. */
  secretKey: string;
  /** Where the state is kept between runs (absent: memory only). */
  stateFile?: string;
}

export async function startStripeStandIn(opts: StripeStandInOptions): Promise<StripeStandIn> {
  const state: State = opts.stateFile && existsSync(opts.stateFile) ? (JSON.parse(readFileSync(opts.stateFile, 'utf8')) as State) : { objects: {}, idempotent: {}, plans: {}, secrets: {} };
  const save = () => {
    if (!opts.stateFile) return;
    mkdirSync(dirname(opts.stateFile), { recursive: true });
    writeFileSync(opts.stateFile, JSON.stringify(state));
  };
  clock.offset = state.clockOffset ?? 0;
  // Invoices kept by an earlier stand-in had no lines, payments or payment settings: they get empty ones.
  for (const objects of Object.values(state.objects)) {
    for (const o of Object.values(objects) as Partial<LocalInvoice>[]) {
      if (o.object !== 'invoice') continue;
      o.lines ??= { object: 'list', data: [], has_more: false, url: `/v1/invoices/${o.id}/lines` };
      o.payments ??= { object: 'list', data: [], has_more: false, url: `/v1/invoices/${o.id}/payments` };
      o.payment_settings ??= { default_mandate: null, payment_method_options: null, payment_method_types: null };
      o.status_transitions ??= { finalized_at: o.created ?? null, marked_uncollectible_at: null, paid_at: o.created ?? null, voided_at: null };
    }
  }
  const bucket = (owner: string) => (state.objects[owner] ??= {});

  const accountOf = (owner: string): void => {
    if (owner !== 'platform' && !state.objects.platform?.[owner]) {
      throw new StripeHttpError(403, { type: 'invalid_request_error', code: 'account_invalid', message: `The provided key does not have access to account '${owner}' (or that account does not exist).` });
    }
  };

  const get = <T extends StoredObject>(owner: string, object: T['object'], id: string): T => {
    const found = bucket(owner)[id];
    if (!found || found.object !== object) throw missing(object, id);
    return found as T;
  };

  /** Newest first, as Stripe lists; within one second, the later stored first (objects keep their insertion order). */
  const all = <T extends StoredObject>(owner: string, object: T['object'], keep: (o: T) => boolean = () => true): T[] =>
    Object.values(bucket(owner))
      .filter((o): o is T => o.object === object && keep(o as T))
      .map((o, i) => ({ o, i }))
      .sort((a, b) => (b.o as { created: number }).created - (a.o as { created: number }).created || b.i - a.i)
      .map(({ o }) => o);

  const list = <T extends StoredObject>(owner: string, object: T['object'], q: URLSearchParams, path: string, keep: (o: T) => boolean = () => true) => {
    const limit = Math.min(100, Math.max(1, Number(q.get('limit') ?? 10) || 10));
    let found = all(owner, object, keep);
    const after = q.get('starting_after');
    if (after) {
      const i = found.findIndex((o) => o.id === after);
      if (i < 0) throw missing(object, after, 'starting_after');
      found = found.slice(i + 1);
    }
    return { object: 'list' as const, data: found.slice(0, limit), has_more: found.length > limit, url: path };
  };

  const flag = (form: Form, key: string): boolean | undefined => {
    const v = text(form[key]);
    if (v === undefined) return undefined;
    if (v !== 'true' && v !== 'false') throw invalid(key, `Invalid boolean: ${v}`);
    return v === 'true';
  };

  const createAccount = (form: Form): Stripe.Account => {
    const type = (text(form.type) ?? 'standard') as Stripe.Account.Type;
    if (!['standard', 'express', 'custom'].includes(type)) throw invalid('type', `Invalid type: ${type}`);
    const onboarded = record(form.metadata).local_onboarded === 'true';
    const account: Stripe.Account = {
      id: newId('acct'),
      object: 'account',
      type,
      email: text(form.email) ?? null,
      country: text(form.country) ?? 'JP',
      default_currency: 'jpy',
      created: now(),
      metadata: record(form.metadata),
      // A new account takes no payments until it is onboarded through an account link, as on Stripe; the local
      // shortcut `metadata[local_onboarded]=true` (for seeded demo data) makes it ready at once.
      charges_enabled: onboarded,
      payouts_enabled: onboarded,
      details_submitted: onboarded,
    };
    bucket('platform')[account.id] = account;
    return account;
  };

  /** A single-use onboarding link, good for five minutes as Stripe's are, to the stand-in's onboarding page. */
  const createAccountLink = (form: Form): LocalAccountLink => {
    const account = text(form.account);
    if (!account) throw required('account');
    get<Stripe.Account>('platform', 'account', account);
    const type = text(form.type);
    if (!type) throw required('type');
    if (type !== 'account_onboarding') throw invalid('type', 'The local Stripe server makes account_onboarding links only.');
    const refreshUrl = text(form.refresh_url);
    if (!refreshUrl) throw required('refresh_url');
    const returnUrl = text(form.return_url);
    if (!returnUrl) throw required('return_url');
    const token = randomBytes(18).toString('base64url');
    const link: LocalAccountLink = { object: 'account_link', created: now(), expires_at: now() + 300, url: `${publicUrl}/connect/onboard/${token}` };
    (state.links ??= {})[token] = { account, refreshUrl, returnUrl, expiresAt: link.expires_at, used: false };
    return link;
  };

  const createProduct = (owner: string, form: Form): Stripe.Product => {
    const name = text(form.name);
    if (!name) throw required('name');
    const product: Stripe.Product = {
      id: text(form.id) ?? newId('prod'),
      object: 'product',
      active: flag(form, 'active') ?? true,
      created: now(),
      updated: now(),
      default_price: null,
      description: text(form.description) ?? null,
      images: strings(form.images),
      livemode: false,
      marketing_features: [],
      metadata: withoutEmpty(record(form.metadata)),
      name,
      package_dimensions: null,
      shippable: null,
      tax_details: null,
      type: 'service',
      url: null,
    };
    if (bucket(owner)[product.id]) throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'resource_already_exists', message: `Product already exists.`, param: 'id' });
    bucket(owner)[product.id] = product;
    return product;
  };

  const updateProduct = (owner: string, id: string, form: Form): Stripe.Product => {
    const product = get<Stripe.Product>(owner, 'product', id);
    const name = text(form.name);
    if (name !== undefined && !name) throw invalid('name', 'You must supply a non-empty name.');
    Object.assign(product, {
      ...(name ? { name } : {}),
      ...(form.description !== undefined ? { description: text(form.description) || null } : {}),
      ...(flag(form, 'active') !== undefined ? { active: flag(form, 'active') } : {}),
      // As Stripe: a key sent empty is removed; `images` sent (empty = none) replaces the list.
      ...(form.metadata !== undefined ? { metadata: withoutEmpty({ ...product.metadata, ...record(form.metadata) }) } : {}),
      ...(form.images !== undefined ? { images: strings(form.images) } : {}),
      updated: now(),
    });
    return product;
  };

  const createPrice = (owner: string, form: Form): WirePrice => {
    const productId = text(form.product);
    if (!productId) throw required('product');
    get<Stripe.Product>(owner, 'product', productId);
    const currency = text(form.currency)?.toLowerCase();
    if (!currency) throw required('currency');
    if (!['jpy', 'usd'].includes(currency)) throw invalid('currency', `Invalid currency: ${currency}.`);
    const unitAmount = integer(form, 'unit_amount');
    if (unitAmount === undefined) throw required('unit_amount');
    if (unitAmount < 0) throw invalid('unit_amount', 'This value must be greater than or equal to 0.');
    const recurringForm = form.recurring && typeof form.recurring === 'object' && !Array.isArray(form.recurring) ? form.recurring : undefined;
    let recurring: Stripe.Price.Recurring | null = null;
    if (recurringForm) {
      const interval = text(recurringForm.interval) as Stripe.Price.Recurring.Interval | undefined;
      if (!interval || !['day', 'week', 'month', 'year'].includes(interval)) throw invalid('recurring[interval]', `Invalid recurring[interval]: ${interval ?? ''}`);
      const count = integer(recurringForm as Form, 'interval_count') ?? 1;
      const trial = integer(recurringForm as Form, 'trial_period_days');
      recurring = { interval, interval_count: count, meter: null, trial_period_days: trial ?? null, usage_type: 'licensed' };
    }
    const price: WirePrice = {
      id: newId('price'),
      object: 'price',
      active: flag(form, 'active') ?? true,
      billing_scheme: 'per_unit',
      created: now(),
      currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: text(form.lookup_key) ?? null,
      metadata: record(form.metadata),
      nickname: text(form.nickname) ?? null,
      product: productId,
      recurring,
      tax_behavior: (text(form.tax_behavior) as Stripe.Price.TaxBehavior | undefined) ?? 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    bucket(owner)[price.id] = price;
    return price;
  };

  const updatePrice = (owner: string, id: string, form: Form): WirePrice => {
    const price = get<WirePrice>(owner, 'price', id);
    // Stripe prices are immutable but for these: an amount change is a new price.
    for (const key of Object.keys(form)) {
      if (!['active', 'metadata', 'nickname', 'lookup_key', 'expand'].includes(key)) throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'parameter_unknown', message: `Received unknown parameter: ${key}`, param: key });
    }
    Object.assign(price, {
      ...(flag(form, 'active') !== undefined ? { active: flag(form, 'active') } : {}),
      ...(form.nickname !== undefined ? { nickname: text(form.nickname) || null } : {}),
      ...(form.metadata !== undefined ? { metadata: { ...price.metadata, ...record(form.metadata) } } : {}),
    });
    return price;
  };

  const decimal = (form: Form, key: string): number | undefined => {
    const v = text(form[key]);
    if (v === undefined) return undefined;
    if (!/^\d+(\.\d+)?$/.test(v)) throw invalid(key, `Invalid decimal: ${v}`);
    return Number(v);
  };

  const createCoupon = (owner: string, form: Form): Stripe.Coupon => {
    const percentOff = decimal(form, 'percent_off');
    const amountOff = integer(form, 'amount_off');
    if ((percentOff === undefined) === (amountOff === undefined)) throw invalid('percent_off', 'You must pass exactly one of percent_off or amount_off.');
    if (percentOff !== undefined && (percentOff <= 0 || percentOff > 100)) throw invalid('percent_off', 'Percent off must be greater than 0 and at most 100.');
    const currency = text(form.currency)?.toLowerCase();
    if (amountOff !== undefined && !currency) throw required('currency');
    const duration = (text(form.duration) ?? 'once') as Stripe.Coupon.Duration;
    if (!['once', 'repeating', 'forever'].includes(duration)) throw invalid('duration', `Invalid duration: ${duration}`);
    const months = integer(form, 'duration_in_months');
    if (duration === 'repeating' && !months) throw required('duration_in_months');
    const id = text(form.id) ?? newId('coupon').slice(7, 15);
    if (bucket(owner)[id]) throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'resource_already_exists', message: 'Coupon already exists.', param: 'id' });
    const coupon: Stripe.Coupon = {
      id,
      object: 'coupon',
      amount_off: amountOff ?? null,
      currency: amountOff !== undefined ? currency! : null,
      created: now(),
      duration,
      duration_in_months: duration === 'repeating' ? months! : null,
      livemode: false,
      max_redemptions: integer(form, 'max_redemptions') ?? null,
      metadata: record(form.metadata),
      name: text(form.name) ?? null,
      percent_off: percentOff ?? null,
      redeem_by: integer(form, 'redeem_by') ?? null,
      times_redeemed: 0,
      valid: true,
    };
    bucket(owner)[id] = coupon;
    return coupon;
  };

  const createTaxRate = (owner: string, form: Form): Stripe.TaxRate => {
    const displayName = text(form.display_name);
    if (!displayName) throw required('display_name');
    const percentage = decimal(form, 'percentage');
    if (percentage === undefined) throw required('percentage');
    if (percentage > 100) throw invalid('percentage', 'Percentage must be at most 100.');
    const inclusive = flag(form, 'inclusive');
    if (inclusive === undefined) throw required('inclusive');
    const rate: Stripe.TaxRate = {
      id: newId('txr'),
      object: 'tax_rate',
      active: flag(form, 'active') ?? true,
      country: text(form.country) ?? null,
      created: now(),
      description: text(form.description) ?? null,
      display_name: displayName,
      effective_percentage: percentage,
      flat_amount: null,
      inclusive,
      jurisdiction: text(form.jurisdiction) ?? null,
      jurisdiction_level: null,
      livemode: false,
      metadata: record(form.metadata),
      percentage,
      rate_type: 'percentage',
      state: null,
      tax_type: (text(form.tax_type) as Stripe.TaxRate.TaxType | undefined) ?? null,
    };
    bucket(owner)[rate.id] = rate;
    return rate;
  };

  let publicUrl = '';

  const createCustomer = (owner: string, form: Form): Stripe.Customer => {
    const customer: Stripe.Customer = {
      id: newId('cus'),
      object: 'customer',
      balance: 0,
      created: now(),
      default_source: null,
      description: text(form.description) ?? null,
      email: text(form.email) ?? null,
      name: text(form.name) ?? null,
      phone: text(form.phone) ?? null,
      preferred_locales: strings(form.preferred_locales),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: record(form.metadata),
      shipping: null,
    };
    bucket(owner)[customer.id] = customer;
    return customer;
  };

  const core = { state, bucket, get, all, list, emit: (owner: string, type: string, object: unknown) => emit(owner, type, object), createCustomer, publicUrl: () => publicUrl };
  // Each module uses the other's answers; the arrow reads `billing` only once requests arrive.
  const money = payments(core, (owner, intent) => billing.settle(owner, intent));
  const billing = invoices(core, money);

  // Webhooks: endpoints live on the platform; a connected account's events go to the `connect` endpoints.
  /** Tries each endpoint three times, 200 ms then 400 ms apart (Stripe retries for days; tests cannot wait). */
  const deliver = async (event: LocalEvent, endpoints: LocalWebhookEndpoint[]) => {
    const payload = JSON.stringify(event, null, 2);
    for (const endpoint of endpoints) {
      const timestamp = now();
      const signature = createHmac('sha256', state.secrets[endpoint.id]).update(`${timestamp}.${payload}`).digest('hex');
      for (let attempt = 0; attempt < 3; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, 200 * 2 ** (attempt - 1)));
        const ok = await fetch(endpoint.url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': `t=${timestamp},v1=${signature}` }, body: payload }).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) {
          event.pending_webhooks -= 1;
          break;
        }
      }
    }
  };
  const emit = (owner: string, type: string, object: unknown) => {
    const endpoints = Object.values(bucket('platform')).filter(
      (o): o is LocalWebhookEndpoint =>
        o.object === 'webhook_endpoint' && o.status === 'enabled' && o.connect === (owner !== 'platform') && (o.enabled_events.includes('*') || o.enabled_events.includes(type)),
    );
    const event: LocalEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: now(),
      livemode: false,
      // Endpoints still to answer 2xx, as Stripe counts them.
      pending_webhooks: endpoints.length,
      request: { id: null, idempotency_key: null },
      type,
      ...(owner === 'platform' ? {} : { account: owner }),
      data: { object: structuredClone(object) },
    };
    bucket(owner)[event.id] = event;
    void deliver(event, endpoints);
  };

  const createWebhookEndpoint = (form: Form): LocalWebhookEndpoint => {
    const url = text(form.url);
    if (!url || !/^https?:\/\//.test(url)) throw invalid('url', 'Invalid URL: must be an http(s) URL.');
    const events = Array.isArray(form.enabled_events) ? form.enabled_events.filter((e): e is string => typeof e === 'string') : [];
    if (!events.length) throw required('enabled_events');
    const endpoint: LocalWebhookEndpoint = {
      id: newId('we'),
      object: 'webhook_endpoint',
      api_version: null,
      created: now(),
      description: text(form.description) ?? null,
      enabled_events: events,
      livemode: false,
      metadata: record(form.metadata),
      status: 'enabled',
      url,
      connect: flag(form, 'connect') ?? false,
    };
    bucket('platform')[endpoint.id] = endpoint;
    state.secrets[endpoint.id] = `whsec_${randomBytes(24).toString('hex')}`;
    return { ...endpoint, secret: state.secrets[endpoint.id] };
  };

  /** The amounts of a plan: subtotal, then the coupon, then exclusive tax rates on the discounted amount. */
  const totals = (plan: SessionPlan & { price: string }) => {
    const price = get<WirePrice>(plan.owner, 'price', plan.price);
    const subtotal = (price.unit_amount ?? 0) * plan.quantity;
    const coupon = plan.coupon ? get<Stripe.Coupon>(plan.owner, 'coupon', plan.coupon) : undefined;
    const discount = coupon ? (coupon.percent_off ? Math.round((subtotal * coupon.percent_off) / 100) : Math.min(subtotal, coupon.amount_off ?? 0)) : 0;
    const taxable = subtotal - discount;
    const taxes = plan.taxRates
      .map((id) => get<Stripe.TaxRate>(plan.owner, 'tax_rate', id))
      .filter((r) => !r.inclusive)
      .map((r) => ({ rate: r.id, amount: Math.round((taxable * r.percentage) / 100), taxable }));
    return { subtotal, discount, coupon: plan.coupon, taxes, total: taxable + taxes.reduce((sum, t) => sum + t.amount, 0), currency: price.currency };
  };

  const lineItem = (form: Form): { price: string; quantity: number; taxRates: string[] } => {
    const items = Array.isArray(form.line_items) ? form.line_items : [];
    const first = items[0] as Record<string, FormValue> | undefined;
    const price = first && text(first.price);
    if (!price) throw required('line_items[0][price]');
    if (items.length > 1) throw invalid('line_items', 'The local Stripe server takes one line item per session.');
    const quantity = Number(text(first.quantity) ?? 1);
    const taxRates = Array.isArray(first.tax_rates) ? first.tax_rates.filter((t): t is string => typeof t === 'string') : [];
    return { price, quantity, taxRates };
  };

  const createSession = (owner: string, form: Form): LocalSession => {
    const mode = text(form.mode) as LocalSession['mode'] | undefined;
    if (mode !== 'payment' && mode !== 'subscription' && mode !== 'setup') throw invalid('mode', 'The local Stripe server takes mode payment, subscription or setup.');
    const successUrl = text(form.success_url);
    if (!successUrl) throw required('success_url');
    const customer = text(form.customer);
    if (customer) get<Stripe.Customer>(owner, 'customer', customer);
    const section = (key: string) => (form[key] ?? {}) as Record<string, FormValue>;
    let plan: SessionPlan;
    let amounts: { subtotal: number | null; total: number | null; currency: string | null };
    if (mode === 'setup') {
      // Setup mode saves a card for the customer and charges nothing, so it needs one.
      if (!customer) throw required('customer');
      if (form.line_items !== undefined) throw invalid('line_items', 'You cannot pass `line_items` in `setup` mode.');
      plan = { owner, quantity: 0, taxRates: [], subscriptionMetadata: {}, paymentMetadata: {}, setupMetadata: record(section('setup_intent_data').metadata) };
      amounts = { subtotal: null, total: null, currency: text(form.currency)?.toLowerCase() ?? null };
    } else {
      const { price: priceId, quantity, taxRates } = lineItem(form);
      const price = get<WirePrice>(owner, 'price', priceId);
      if (!price.active) throw invalid('line_items[0][price]', `The price ${priceId} is not active.`);
      if ((price.type === 'recurring') !== (mode === 'subscription')) {
        throw invalid('line_items[0][price]', mode === 'payment' ? 'You must provide at least one recurring price in `subscription` mode when using prices.' : 'You specified `payment` mode but passed a recurring price.');
      }
      for (const id of taxRates) get<Stripe.TaxRate>(owner, 'tax_rate', id);
      const discounts = Array.isArray(form.discounts) ? (form.discounts as Record<string, FormValue>[]) : [];
      const coupon = discounts[0] ? text(discounts[0].coupon) : undefined;
      if (coupon) get<Stripe.Coupon>(owner, 'coupon', coupon);
      const subscriptionData = section('subscription_data');
      const trialDays = mode === 'subscription' ? (text(subscriptionData.trial_period_days) ? Number(text(subscriptionData.trial_period_days)) : (price.recurring?.trial_period_days ?? undefined)) : undefined;
      const priced = {
        owner,
        price: priceId,
        quantity,
        taxRates,
        ...(coupon ? { coupon } : {}),
        ...(trialDays ? { trialDays } : {}),
        subscriptionMetadata: record(subscriptionData.metadata),
        paymentMetadata: record(section('payment_intent_data').metadata),
        setupMetadata: {},
      };
      plan = priced;
      amounts = totals(priced);
    }
    const id = `cs_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;
    const session: LocalSession = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      url: `${publicUrl}/checkout/pay/${id}`,
      success_url: successUrl,
      cancel_url: text(form.cancel_url) ?? null,
      customer: customer ?? null,
      customer_email: text(form.customer_email) ?? null,
      client_reference_id: text(form.client_reference_id) ?? null,
      metadata: record(form.metadata),
      payment_intent: null,
      subscription: null,
      setup_intent: null,
      amount_subtotal: amounts.subtotal,
      amount_total: amounts.total,
      currency: amounts.currency,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
      locale: (text(form.locale) as LocalSession['locale']) ?? null,
    };
    bucket(owner)[id] = session;
    state.plans[id] = plan;
    return session;
  };

  /** The buyer paid (or saved a card) on the hosted page: the objects Stripe would create, then their events. */
  const completeSession = (session: LocalSession, card: EnteredCard) => {
    const plan = state.plans[session.id];
    const owner = plan.owner;
    let customerId = typeof session.customer === 'string' ? session.customer : null;
    if (!customerId) customerId = createCustomer(owner, { email: session.customer_email ?? '' }).id;
    session.customer = customerId;
    session.status = 'complete';
    if (!plan.price) {
      // Setup mode: the card is saved on the customer through the session's SetupIntent (one a declined card
      // already made, else a new one), and nothing else changes: no default, no subscription.
      const earlier = typeof session.setup_intent === 'string' ? (bucket(owner)[session.setup_intent] as LocalSetupIntent | undefined) : undefined;
      const intent = earlier ?? money.createSetupIntent(owner, customerId, plan.setupMetadata);
      money.succeedSetup(owner, intent, card);
      session.setup_intent = intent.id;
      emit(owner, 'checkout.session.completed', session);
      return;
    }
    const method = money.savePaymentMethod(owner, card, customerId);
    if (session.mode === 'payment') {
      const { total, currency } = totals({ ...plan, price: plan.price });
      // A declined attempt made the session's intent already: the card that pays completes that one, as on Stripe.
      const earlier = typeof session.payment_intent === 'string' ? (bucket(owner)[session.payment_intent] as LocalPaymentIntent | undefined) : undefined;
      const intent = earlier ?? money.createIntent(owner, { amount: total, currency, customer: customerId, types: ['card'], method: method.id, metadata: plan.paymentMetadata, description: null });
      if (earlier) Object.assign(earlier, { customer: customerId, payment_method: method.id, last_payment_error: null });
      money.succeed(owner, intent);
      session.payment_intent = intent.id;
      session.payment_status = 'paid';
    } else {
      const price = get<WirePrice>(owner, 'price', plan.price);
      const subscription = newSubscription({
        customer: customerId,
        price,
        quantity: plan.quantity,
        trialDays: plan.trialDays,
        metadata: plan.subscriptionMetadata,
        billing: {
          default_payment_method: method.id,
          collection_method: 'charge_automatically',
          days_until_due: null,
          payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
        },
      });
      const trialEnd = subscription.trial_end;
      bucket(owner)[subscription.id] = subscription;
      session.subscription = subscription.id;
      emit(owner, 'customer.subscription.created', subscription);
      billing.start(owner, subscription, subscription.items.data[0], method.id, totals({ ...plan, price: plan.price }));
      // A trial is paid nothing now: Stripe reports it as no payment required.
      session.payment_status = trialEnd ? 'no_payment_required' : 'paid';
    }
    emit(owner, 'checkout.session.completed', session);
  };

  /**
   * Moves the stand-in's time forward and runs what falls due, as Stripe does for a test clock: trials end,
   * periods renew (an invoice each, charged to the saved card, which may fail), and subscriptions set to cancel at
   * the period end end. One clock for the whole stand-in, rather than Stripe's clock per customer: the local
   * platform has one time.
   */
  const advanceClock = (to: number) => {
    if (to < now()) throw invalid('frozen_time', 'The test clock cannot move backwards.');
    clock.offset += to - now();
    state.clockOffset = clock.offset;
    for (const owner of Object.keys(state.objects)) {
      for (const object of Object.values(bucket(owner))) {
        if (object.object !== 'subscription' || object.status === 'canceled') continue;
        const subscription = object;
        const item = subscription.items.data[0];
        while (item.current_period_end <= to) {
          if (subscription.cancel_at_period_end) {
            Object.assign(subscription, { status: 'canceled', ended_at: item.current_period_end, canceled_at: subscription.canceled_at ?? item.current_period_end });
            emit(owner, 'customer.subscription.deleted', subscription);
            break;
          }
          const start = item.current_period_end;
          Object.assign(item, { current_period_start: start, current_period_end: start + periodSeconds(item.price) });
          if (subscription.status === 'trialing') subscription.status = 'active';
          const invoice = billing.renew(owner, subscription, item);
          // A failed renewal has already reported the subscription's new state.
          if (invoice.status === 'paid') emit(owner, 'customer.subscription.updated', subscription);
        }
      }
      billing.overdue(owner, to);
    }
  };

  const updateSubscription = (owner: string, id: string, form: Form): LocalSubscription => {
    const subscription = get<LocalSubscription>(owner, 'subscription', id);
    if (subscription.status === 'canceled') throw invalid('subscription', 'A canceled subscription can only update its cancellation_details and metadata.');
    const cancelAtPeriodEnd = flag(form, 'cancel_at_period_end');
    if (cancelAtPeriodEnd !== undefined) {
      subscription.cancel_at_period_end = cancelAtPeriodEnd;
      subscription.cancel_at = cancelAtPeriodEnd ? subscription.items.data[0].current_period_end : null;
      subscription.canceled_at = cancelAtPeriodEnd ? now() : null;
    }
    const pmId = text(form.default_payment_method);
    if (pmId) subscription.default_payment_method = money.attachedTo(owner, String(subscription.customer), pmId, 'default_payment_method').id;
    const items = Array.isArray(form.items) ? (form.items as Record<string, FormValue>[]) : [];
    const newPrice = items[0] ? text(items[0].price) : undefined;
    if (newPrice) {
      const price = get<WirePrice>(owner, 'price', newPrice);
      if (price.type !== 'recurring') throw invalid('items[0][price]', 'The price on a subscription must be recurring.');
      billing.prorate(owner, subscription, price, text(form.proration_behavior) ?? 'create_prorations', integer(form, 'proration_date') ?? now());
      subscription.items.data[0].price = price;
    }
    if (form.metadata !== undefined) subscription.metadata = { ...subscription.metadata, ...record(form.metadata) };
    emit(owner, 'customer.subscription.updated', subscription);
    return subscription;
  };

  const route = (method: string, path: string, q: URLSearchParams, form: Form, owner: string): unknown => {
    const parts = path.split('/').filter(Boolean); // ['v1', resource, id?]
    if (parts[0] !== 'v1') throw new StripeHttpError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    const [, resource, id] = parts;
    const answered = money.route(method, parts, q, form, owner) ?? billing.route(method, parts, q, form, owner);
    if (answered !== undefined) return answered;
    if (resource === 'accounts') {
      if (owner !== 'platform') throw new StripeHttpError(403, { type: 'invalid_request_error', message: 'A connected account cannot manage accounts.' });
      if (method === 'POST' && !id) return createAccount(form);
      if (method === 'GET' && id) return get<Stripe.Account>('platform', 'account', id);
      if (method === 'GET') return list<Stripe.Account>('platform', 'account', q, '/v1/accounts');
      if (method === 'DELETE' && id) {
        get<Stripe.Account>('platform', 'account', id);
        delete bucket('platform')[id];
        delete state.objects[id];
        return { id, object: 'account', deleted: true };
      }
    }
    if (resource === 'account_links' && method === 'POST') {
      if (owner !== 'platform') throw new StripeHttpError(403, { type: 'invalid_request_error', message: 'Account links are made by the platform account.' });
      return createAccountLink(form);
    }
    if (resource === 'products') {
      if (method === 'POST' && !id) return createProduct(owner, form);
      if (method === 'POST' && id) return updateProduct(owner, id, form);
      if (method === 'GET' && id) return get<Stripe.Product>(owner, 'product', id);
      if (method === 'GET') {
        const active = q.get('active');
        return list<Stripe.Product>(owner, 'product', q, '/v1/products', (p) => active === null || String(p.active) === active);
      }
      if (method === 'DELETE' && id) {
        get<Stripe.Product>(owner, 'product', id);
        if (Object.values(bucket(owner)).some((o) => o.object === 'price' && o.product === id)) {
          throw new StripeHttpError(400, { type: 'invalid_request_error', message: 'This product cannot be deleted because it has one or more user-created prices.' });
        }
        delete bucket(owner)[id];
        return { id, object: 'product', deleted: true };
      }
    }
    if (resource === 'prices') {
      if (method === 'POST' && !id) return createPrice(owner, form);
      if (method === 'POST' && id) return updatePrice(owner, id, form);
      if (method === 'GET' && id) return get<WirePrice>(owner, 'price', id);
      if (method === 'GET') {
        const product = q.get('product');
        const active = q.get('active');
        const type = q.get('type');
        // `lookup_keys[]`: the SDK sends an array as lookup_keys[0], lookup_keys[1]...
        const lookupKeys = [...q.entries()].filter(([k]) => /^lookup_keys\[\d*\]$/.test(k)).map(([, v]) => v);
        return list<WirePrice>(
          owner,
          'price',
          q,
          '/v1/prices',
          (p) => (!product || p.product === product) && (active === null || String(p.active) === active) && (!type || p.type === type) && (!lookupKeys.length || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))),
        );
      }
    }
    if (resource === 'customers') {
      if (method === 'POST' && !id) return createCustomer(owner, form);
      if (method === 'GET' && id) return get<Stripe.Customer>(owner, 'customer', id);
      if (method === 'POST' && id) {
        const customer = get<Stripe.Customer>(owner, 'customer', id);
        Object.assign(customer, {
          ...(form.email !== undefined ? { email: text(form.email) || null } : {}),
          ...(form.name !== undefined ? { name: text(form.name) || null } : {}),
          ...(form.preferred_locales !== undefined ? { preferred_locales: strings(form.preferred_locales) } : {}),
          ...(form.metadata !== undefined ? { metadata: { ...customer.metadata, ...record(form.metadata) } } : {}),
        });
        const settings = form.invoice_settings && typeof form.invoice_settings === 'object' && !Array.isArray(form.invoice_settings) ? form.invoice_settings : {};
        const pmId = text(settings.default_payment_method);
        if (pmId !== undefined) {
          customer.invoice_settings.default_payment_method = pmId ? money.attachedTo(owner, customer.id, pmId, 'invoice_settings[default_payment_method]').id : null;
        }
        emit(owner, 'customer.updated', customer);
        return customer;
      }
      if (method === 'GET') {
        const email = q.get('email');
        return list<Stripe.Customer>(owner, 'customer', q, '/v1/customers', (c) => !email || c.email === email);
      }
    }
    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = parts[3];
      if (method === 'POST' && !sessionId) return createSession(owner, form);
      if (method === 'GET' && sessionId) return get<LocalSession>(owner, 'checkout.session', sessionId);
      if (method === 'POST' && sessionId && parts[4] === 'expire') {
        const session = get<LocalSession>(owner, 'checkout.session', sessionId);
        if (session.status !== 'open') throw new StripeHttpError(400, { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired.` });
        session.status = 'expired';
        emit(owner, 'checkout.session.expired', session);
        return session;
      }
    }
    if (resource === 'payment_intents') {
      if (method === 'GET' && id) return get<LocalPaymentIntent>(owner, 'payment_intent', id);
      if (method === 'GET') {
        const customer = q.get('customer');
        return list<LocalPaymentIntent>(owner, 'payment_intent', q, '/v1/payment_intents', (p) => !customer || p.customer === customer);
      }
    }
    if (resource === 'subscriptions') {
      if (method === 'GET' && id) return get<LocalSubscription>(owner, 'subscription', id);
      if (method === 'POST' && id) return updateSubscription(owner, id, form);
      if (method === 'DELETE' && id) {
        const subscription = get<LocalSubscription>(owner, 'subscription', id);
        if (subscription.status === 'canceled') throw invalid('subscription', 'This subscription is already canceled.');
        Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
        emit(owner, 'customer.subscription.deleted', subscription);
        return subscription;
      }
      if (method === 'GET') {
        const customer = q.get('customer');
        return list<LocalSubscription>(owner, 'subscription', q, '/v1/subscriptions', (p) => !customer || p.customer === customer);
      }
    }
    if (resource === 'webhook_endpoints') {
      if (owner !== 'platform') throw new StripeHttpError(403, { type: 'invalid_request_error', message: 'Webhook endpoints belong to the platform account.' });
      if (method === 'POST' && !id) return createWebhookEndpoint(form);
      if (method === 'GET' && id) return get<LocalWebhookEndpoint>('platform', 'webhook_endpoint', id);
      if (method === 'GET') return list<LocalWebhookEndpoint>('platform', 'webhook_endpoint', q, '/v1/webhook_endpoints');
      if (method === 'DELETE' && id) {
        get<LocalWebhookEndpoint>('platform', 'webhook_endpoint', id);
        delete bucket('platform')[id];
        return { id, object: 'webhook_endpoint', deleted: true };
      }
    }
    if (resource === 'test_helpers' && id === 'test_clocks') {
      if (owner !== 'platform') throw new StripeHttpError(403, { type: 'invalid_request_error', message: 'Test clocks belong to the platform account.' });
      const clockId = parts[3];
      if (method === 'POST' && !clockId) {
        const frozen = integer(form, 'frozen_time');
        if (frozen === undefined) throw required('frozen_time');
        const clock: LocalTestClock = { id: newId('clock'), object: 'test_helpers.test_clock', created: now(), deletes_after: now() + 30 * 86400, frozen_time: Math.max(frozen, now()), livemode: false, name: text(form.name) ?? null, status: 'ready' };
        bucket('platform')[clock.id] = clock;
        return clock;
      }
      if (method === 'GET' && clockId) return get<LocalTestClock>('platform', 'test_helpers.test_clock', clockId);
      if (method === 'POST' && clockId && parts[4] === 'advance') {
        const clock = get<LocalTestClock>('platform', 'test_helpers.test_clock', clockId);
        const to = integer(form, 'frozen_time');
        if (to === undefined) throw required('frozen_time');
        advanceClock(to);
        clock.frozen_time = to;
        return clock;
      }
    }
    if (resource === 'events') {
      if (method === 'GET' && id) return get<LocalEvent>(owner, 'event', id);
      if (method === 'GET') {
        const type = q.get('type');
        return list<LocalEvent>(owner, 'event', q, '/v1/events', (e) => !type || e.type === type);
      }
    }
    if (resource === 'coupons') {
      if (method === 'POST' && !id) return createCoupon(owner, form);
      if (method === 'GET' && id) return get<Stripe.Coupon>(owner, 'coupon', id);
      if (method === 'GET') return list<Stripe.Coupon>(owner, 'coupon', q, '/v1/coupons');
      if (method === 'POST' && id) {
        const coupon = get<Stripe.Coupon>(owner, 'coupon', id);
        // Only the name and metadata of a coupon can change.
        Object.assign(coupon, {
          ...(form.name !== undefined ? { name: text(form.name) || null } : {}),
          ...(form.metadata !== undefined ? { metadata: { ...coupon.metadata, ...record(form.metadata) } } : {}),
        });
        return coupon;
      }
      if (method === 'DELETE' && id) {
        get<Stripe.Coupon>(owner, 'coupon', id);
        delete bucket(owner)[id];
        return { id, object: 'coupon', deleted: true };
      }
    }
    if (resource === 'tax_rates') {
      if (method === 'POST' && !id) return createTaxRate(owner, form);
      if (method === 'GET' && id) return get<Stripe.TaxRate>(owner, 'tax_rate', id);
      if (method === 'GET') {
        const active = q.get('active');
        return list<Stripe.TaxRate>(owner, 'tax_rate', q, '/v1/tax_rates', (r) => active === null || String(r.active) === active);
      }
      if (method === 'POST' && id) {
        const rate = get<Stripe.TaxRate>(owner, 'tax_rate', id);
        // A tax rate's percentage is fixed once created; its labels and state can change.
        if (form.percentage !== undefined) throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'parameter_unknown', message: 'Received unknown parameter: percentage', param: 'percentage' });
        Object.assign(rate, {
          ...(text(form.display_name) ? { display_name: text(form.display_name) } : {}),
          ...(form.description !== undefined ? { description: text(form.description) || null } : {}),
          ...(flag(form, 'active') !== undefined ? { active: flag(form, 'active') } : {}),
          ...(form.metadata !== undefined ? { metadata: { ...rate.metadata, ...record(form.metadata) } } : {}),
        });
        return rate;
      }
    }
    throw new StripeHttpError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  };

  const html = (res: ServerResponse, status: number, body: string, location?: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...(location ? { location } : {}) });
    res.end(body);
  };

  /** The hosted payment page: the buyer enters a test card; success goes on to `success_url`, as Stripe's does. */
  const hostedCheckout = (res: ServerResponse, method: string, sessionId: string, form: Form) => {
    const owner = state.plans[sessionId]?.owner;
    const session = owner ? (bucket(owner)[sessionId] as LocalSession | undefined) : undefined;
    if (!owner || !session) return html(res, 404, resultPage('This checkout session does not exist.'));
    const plan = state.plans[sessionId];
    const show = (status: number) => {
      const price = plan.price ? get<WirePrice>(owner, 'price', plan.price) : undefined;
      const product = price ? get<Stripe.Product>(owner, 'product', typeof price.product === 'string' ? price.product : price.product.id) : undefined;
      html(res, status, checkoutPage({ session, productName: product?.name, price, error: plan.error, authenticate: form.step === 'authenticate' }));
    };
    if (session.status !== 'open') return html(res, 410, resultPage(session.status === 'complete' ? 'This checkout session is already paid.' : 'This checkout session has expired.'));
    if (method === 'GET') return show(200);
    if (text(form.action) === 'cancel') return html(res, 303, '', session.cancel_url ?? session.success_url ?? '/');
    const finish = (card: EnteredCard) => {
      delete plan.error;
      delete plan.card;
      completeSession(session, card);
      save();
      html(res, 303, '', (session.success_url ?? '/').replace('{CHECKOUT_SESSION_ID}', session.id));
    };
    if (text(form.action) === 'authenticated' && plan.card) return finish(plan.card);
    if (text(form.action) === 'authentication_failed') {
      plan.error = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
      save();
      return show(402);
    }
    const card = enteredCard(form);
    // Nothing is charged now in setup mode or at a trial's start: the card is only saved.
    const charged = session.mode === 'payment' || (session.mode === 'subscription' && !plan.trialDays);
    const outcome = charged ? cardOutcome(card.number) : setupOutcome(card.number);
    if (outcome.kind === 'succeeds') return finish(card);
    if (outcome.kind === 'requires_authentication') {
      plan.card = card;
      save();
      form.step = 'authenticate';
      return show(200);
    }
    plan.error = outcome.message;
    const error = { code: outcome.code, decline_code: outcome.declineCode ?? null, message: outcome.message };
    if (session.mode === 'setup') {
      // As in payment mode, the failed attempt stays on the session's intent, which the next card completes.
      const existing = typeof session.setup_intent === 'string' ? (bucket(owner)[session.setup_intent] as LocalSetupIntent | undefined) : undefined;
      const intent = existing ?? money.createSetupIntent(owner, String(session.customer), plan.setupMetadata);
      session.setup_intent = intent.id;
      money.failSetup(owner, intent, error);
    } else if (session.mode === 'payment' && plan.price) {
      // Stripe keeps the failed attempt on the session's payment intent, where the platform reads why it failed.
      const existing = typeof session.payment_intent === 'string' ? (bucket(owner)[session.payment_intent] as LocalPaymentIntent | undefined) : undefined;
      const { total, currency } = totals({ ...plan, price: plan.price });
      const intent =
        existing ?? money.createIntent(owner, { amount: total, currency, customer: typeof session.customer === 'string' ? session.customer : null, types: ['card'], method: null, metadata: plan.paymentMetadata, description: null });
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
      session.payment_intent = intent.id;
      emit(owner, 'payment_intent.payment_failed', intent);
    } else emit(owner, 'payment_intent.payment_failed', { object: 'payment_intent', status: 'requires_payment_method', last_payment_error: error, metadata: plan.paymentMetadata });
    save();
    show(402);
  };

  /** Where an object lives, for the hosted pages, which are reached without the Stripe-Account header. */
  const ownerOf = (id: string): string | undefined => Object.keys(state.objects).find((owner) => bucket(owner)[id]);

  /** The onboarding, 3-D Secure and hosted invoice pages: a GET shows one, a POST does what its button says. */
  const hostedPage = (res: ServerResponse, method: string, kind: string, key: string, action: string | undefined, asked: 'ja' | 'en', path: string, localeInQuery: boolean) => {
    let lang = asked;
    if (kind === 'connect/onboard') {
      const link = state.links?.[key];
      if (!link || link.used || link.expiresAt < now()) return html(res, 410, linkGonePage(lang, link?.refreshUrl ?? null));
      const account = get<Stripe.Account>('platform', 'account', link.account);
      if (method === 'GET' || action !== 'complete') return html(res, 200, onboardingPage(lang, path, account));
      link.used = true;
      Object.assign(account, { details_submitted: true, charges_enabled: true, payouts_enabled: true });
      emit(account.id, 'account.updated', account);
      save();
      return html(res, 303, '', link.returnUrl);
    }
    const owner = ownerOf(key);
    if (kind === 'checkout/authenticate') {
      const intent = owner ? (bucket(owner)[key] as LocalPaymentIntent) : undefined;
      if (!owner || intent?.object !== 'payment_intent') return html(res, 404, resultPage('This payment does not exist.'));
      if (method === 'GET' || intent.status !== 'requires_action') return html(res, 200, authenticatePage(lang, path, intent));
      const returnUrl = intent.next_action?.redirect_to_url?.return_url;
      money.authenticate(owner, intent, action === 'authenticated');
      save();
      if (!returnUrl) return html(res, 200, authenticatePage(lang, path, intent));
      // Stripe sends the buyer back with the intent's id and how the redirect ended.
      const back = new URL(returnUrl);
      back.searchParams.set('payment_intent', intent.id);
      back.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
      return html(res, 303, '', back.toString());
    }
    const invoice = owner ? (bucket(owner)[key] as LocalInvoice) : undefined;
    if (!owner || invoice?.object !== 'invoice' || !invoice.hosted_invoice_url) return html(res, 404, resultPage('This invoice does not exist.'));
    const bankTransfer = !!invoice.payment_settings.payment_method_types?.includes('customer_balance');
    // Stripe's hosted invoice page speaks the customer's preferred language (then the browser's).
    const preferred = (bucket(owner)[String(invoice.customer)] as Stripe.Customer | undefined)?.preferred_locales?.[0];
    if (!localeInQuery && preferred) lang = localeOf(new URLSearchParams({ locale: preferred }), undefined);
    if (method === 'POST' && action === 'simulate_transfer' && bankTransfer && invoice.status === 'open') {
      billing.fundCashBalance(owner, String(invoice.customer), { amount: String(invoice.amount_remaining), currency: invoice.currency, reference: invoice.number ?? '' });
      save();
      return html(res, 303, '', `${path}?locale=${lang}`);
    }
    html(res, 200, invoicePage(lang, path, { ...invoice, customer: String(invoice.customer), bankTransfer }));
  };

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    try {
      const pay = url.pathname.match(/^\/checkout\/pay\/(cs_test_\w+)$/);
      if (pay) return hostedCheckout(res, method, pay[1], parseForm(Buffer.concat(chunks).toString('utf8')));
      const lang = localeOf(url.searchParams, req.headers['accept-language']);
      const page = url.pathname.match(/^\/(connect\/onboard|checkout\/authenticate|invoice)\/([\w-]+)$/);
      if (page) return hostedPage(res, method, page[1], page[2], text(parseForm(Buffer.concat(chunks).toString('utf8')).action), lang, url.pathname, url.searchParams.has('locale'));
      if ((req.headers.authorization ?? '') !== `Bearer ${opts.secretKey}`) {
        throw new StripeHttpError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
      }
      const owner = String(req.headers['stripe-account'] ?? '') || 'platform';
      accountOf(owner);
      const form = method === 'POST' ? parseForm(Buffer.concat(chunks).toString('utf8')) : {};
      const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const replayKey = key ? `${owner} ${String(key)}` : undefined;
      if (replayKey && state.idempotent[replayKey]) {
        const { status, body } = state.idempotent[replayKey];
        res.setHeader('idempotent-replayed', 'true');
        return answer(res, status, body);
      }
      try {
        const body = route(method, url.pathname, url.searchParams, form, owner);
        if (replayKey) state.idempotent[replayKey] = { status: 200, body };
        answer(res, 200, body);
      } finally {
        // A declined payment is an error answer that still changed state (its intent, invoice, events).
        if (method !== 'GET') save();
      }
    } catch (error) {
      if (error instanceof StripeHttpError) return answer(res, error.status, { error: error.body });
      answer(res, 500, { error: { type: 'api_error', message: (error as Error).message } });
    }
  };

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  publicUrl = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
