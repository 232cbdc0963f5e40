import type Stripe from 'stripe';
import { record, section, strings, text, type Form, type FormValue } from './form';
import {
  idOf,
  integer,
  invalid,
  newId,
  newSubscription,
  now,
  periodSeconds,
  refused,
  required,
  StripeHttpError,
  type Core,
  type LocalInvoice,
  type LocalInvoiceItem,
  type LocalInvoiceLine,
  type LocalPaymentIntent,
  type LocalPricing,
  type LocalSubscription,
  type LocalSubscriptionItem,
  type WirePrice,
} from './model';
import type { Payments } from './payments';
import type { CardOutcome } from './test-cards';

/**
 * Invoices in the local Stripe stand-in: invoice items, invoices charged automatically or sent for bank transfer
 * (paid from the customer's cash balance, funded by the test helper or the hosted page's simulated transfer),
 * subscription renewals charged to the saved card (which can fail: past_due, then unpaid), prorations and the
 * upcoming-invoice preview. Lines, totals and payments take this API version's shape.
 */
type Params = Record<string, FormValue>;

export function invoices(core: Core, money: Payments) {
  const { state, bucket, get, emit, all, list } = core;
  const emptyList = <T>(data: T[], url: string) => ({ object: 'list' as const, data, has_more: false as const, url });

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
    invoice: idOf(item.invoice),
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

  /**
   * Subtotal of the lines, less discounts, plus exclusive taxes: a subscription's first invoice carries the checkout's;
   * an invoice made with `invoices.create` applies its own coupon and default tax rates to the lines it has.
   */
  const total = (invoice: { id?: string | null } & Pick<LocalInvoice, 'lines' | 'amount_paid' | 'subtotal' | 'total' | 'amount_due' | 'amount_remaining' | 'total_discount_amounts' | 'total_taxes'>) => {
    const sum = (amounts: { amount: number }[] | null) => (amounts ?? []).reduce((s, a) => s + a.amount, 0);
    invoice.subtotal = sum(invoice.lines.data);
    const terms = invoice.id ? state.invoiceTerms?.[invoice.id] : undefined;
    if (terms) {
      const { coupon } = terms;
      const discount = coupon ? (coupon.percentOff ? Math.round((invoice.subtotal * coupon.percentOff) / 100) : Math.min(invoice.subtotal, coupon.amountOff ?? 0)) : 0;
      const taxable = invoice.subtotal - discount;
      invoice.total_discount_amounts = discount ? [{ amount: discount, discount: `di_${invoice.id!.slice(3)}` }] : [];
      invoice.total_taxes = terms.taxRates.map((r) => ({
        amount: Math.round((taxable * r.percentage) / 100),
        tax_behavior: 'exclusive',
        tax_rate_details: { tax_rate: r.id },
        taxability_reason: 'standard_rated',
        taxable_amount: taxable,
        type: 'tax_rate_details',
      }));
    }
    invoice.total = invoice.subtotal - sum(invoice.total_discount_amounts) + sum(invoice.total_taxes);
    invoice.amount_due = Math.max(0, invoice.total);
    invoice.amount_remaining = Math.max(0, invoice.amount_due - invoice.amount_paid);
  };

  const pending = (owner: string, keep: (i: LocalInvoiceItem) => boolean) => all<LocalInvoiceItem>(owner, 'invoiceitem', (i) => !i.invoice && keep(i)).reverse();

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
      total_discount_amounts: [],
      total_taxes: [],
      lines: emptyList([], ''),
      payments: emptyList([], ''),
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
  const invoiceOf = (owner: string, piId: string) => all<LocalInvoice>(owner, 'invoice', (i) => i.payments.data.some((p) => p.payment.payment_intent === piId))[0];
  const intentOf = (owner: string, invoice: LocalInvoice) => {
    const payment = invoice.payments.data.find((p) => p.is_default);
    return payment ? get<LocalPaymentIntent>(owner, 'payment_intent', payment.payment.payment_intent) : undefined;
  };

  /** Open, numbered and payable: its payment intent is made, and its hosted page can take a bank transfer. */
  const finalize = (owner: string, invoice: LocalInvoice): LocalInvoice => {
    if (invoice.status !== 'draft') throw refused('This invoice is already finalized, you can\'t re-finalize a non-draft invoice.', 'invoice_not_editable');
    const numbered = all<LocalInvoice>(owner, 'invoice', (i) => i.number !== null).length;
    Object.assign(invoice, {
      status: 'open',
      number: `LOCAL-${String(numbered + 1).padStart(4, '0')}`,
      hosted_invoice_url: `${core.publicUrl()}/invoice/${invoice.id}`,
      effective_at: now(),
    });
    invoice.status_transitions.finalized_at = now();
    // Days until due count from finalization, as Stripe counts them.
    if (invoice.due_date !== null) invoice.due_date += now() - invoice.created;
    if (invoice.amount_due > 0) {
      const types = invoice.payment_settings.payment_method_types ?? ['card'];
      const intent = money.createIntent(owner, { amount: invoice.amount_due, currency: invoice.currency, customer: idOf(invoice.customer), types, method: null, metadata: {}, description: `Invoice ${invoice.number}` });
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

  /** A payment intent succeeded: the invoice it was made for is paid. */
  const settle = (owner: string, intent: LocalPaymentIntent) => {
    const invoice = invoiceOf(owner, intent.id);
    if (invoice && invoice.status !== 'paid') markPaid(owner, invoice, intent.amount);
  };

  const openOf = (owner: string, subId: string) => all<LocalInvoice>(owner, 'invoice', (i) => i.status === 'open' && i.parent?.subscription_details.subscription === subId);

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
    const customerId = idOf(invoice.customer);
    const customer = customerId ? get<Stripe.Customer>(owner, 'customer', customerId) : undefined;
    return idOf(invoice.default_payment_method) ?? idOf(subscription?.default_payment_method) ?? idOf(customer?.invoice_settings.default_payment_method) ?? null;
  };

  /** Charges an open invoice's card, as Stripe's automatic collection (and `pay`) do. */
  const collect = (owner: string, invoice: LocalInvoice, pmId: string | null, returnUrl: string | null = null): CardOutcome['kind'] => {
    const intent = intentOf(owner, invoice);
    if (!intent) return 'succeeds';
    Object.assign(invoice, { attempted: true, attempt_count: invoice.attempt_count + 1 });
    intent.payment_method = pmId;
    const outcome = money.attempt(owner, intent, returnUrl).kind;
    if (outcome === 'succeeds') return outcome;
    emit(owner, outcome === 'declined' ? 'invoice.payment_failed' : 'invoice.payment_action_required', invoice);
    const subscription = subscriptionOf(owner, invoice);
    if (subscription) fallBehind(owner, subscription);
    return outcome;
  };

  /** A sent subscription's invoice: due `days_until_due` days on, payable as the subscription's payment settings say. */
  const sentFields = (subscription: LocalSubscription) =>
    subscription.collection_method === 'send_invoice'
      ? {
          collection_method: 'send_invoice' as const,
          due_date: now() + (subscription.days_until_due ?? 0) * 86400,
          payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: subscription.payment_settings?.payment_method_types ?? null },
        }
      : { collection_method: 'charge_automatically' as const, due_date: null, payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null } };

  /** The subscription's coupon and tax rates on one of its invoices (a `once` coupon on its first invoice only). */
  const carryTerms = (owner: string, subscription: LocalSubscription, invoice: LocalInvoice, first: boolean) => {
    const terms = state.subscriptionTerms?.[subscription.id];
    if (!terms) return;
    const coupon = terms.coupon && (first || (bucket(owner)[terms.coupon.id] as Stripe.Coupon | undefined)?.duration !== 'once') ? terms.coupon : undefined;
    (state.invoiceTerms ??= {})[invoice.id] = { ...(coupon ? { coupon } : {}), taxRates: terms.taxRates };
  };

  /** A subscription's new period: its invoice (with prorations waiting for it) is made and charged, or sent. */
  const renew = (owner: string, subscription: LocalSubscription, item: LocalSubscriptionItem) => {
    const invoice = draft(owner, {
      customer: subscription.customer,
      currency: item.price.currency,
      ...sentFields(subscription),
      billing_reason: 'subscription_cycle',
      metadata: {},
      description: null,
      auto_advance: true,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata }, quote_details: null },
      period_start: item.current_period_start,
      period_end: item.current_period_end,
    });
    carryTerms(owner, subscription, invoice, false);
    invoice.lines.data.push(lineOfPeriod(owner, subscription, item, item.price, { start: item.current_period_start, end: item.current_period_end }, invoice.id));
    for (const waiting of pending(owner, (i) => i.parent?.subscription_details.subscription === subscription.id)) addItem(invoice, waiting);
    total(invoice);
    subscription.latest_invoice = invoice.id;
    // An unpaid subscription's new invoices stay drafts, not attempted, as Stripe leaves them.
    if (subscription.status === 'unpaid') {
      invoice.auto_advance = false;
      return invoice;
    }
    finalize(owner, invoice);
    if (invoice.status !== 'open') return invoice;
    if (invoice.collection_method === 'send_invoice') {
      // Sent, not charged: a cash balance already held pays it (Stripe's reconciliation); else it waits for a transfer.
      emit(owner, 'invoice.sent', invoice);
      applyCash(owner, idOf(invoice.customer)!, invoice.currency);
    } else collect(owner, invoice, chargedMethod(owner, invoice));
    return invoice;
  };

  /** Sent invoices still open at their due date put their subscription past due (then unpaid), as a failed charge does. */
  const overdue = (owner: string, at: number) => {
    for (const invoice of all<LocalInvoice>(owner, 'invoice', (i) => i.status === 'open' && i.collection_method === 'send_invoice' && i.due_date !== null && i.due_date <= at)) {
      const subscription = subscriptionOf(owner, invoice);
      if (subscription && subscription.status !== 'canceled') fallBehind(owner, subscription);
    }
  };

  /**
   * `subscriptions.create`, as Stripe answers it for a subscription billed by sent invoices (bank transfer:
   * `payment_settings[payment_method_types][]=customer_balance`): active (or trialing) at once, its first invoice
   * finalized and open until the customer pays it (a trial's is zero and paid). Card subscriptions start in Checkout.
   */
  const createSubscription = (owner: string, form: Form): LocalSubscription => {
    const customer = text(form.customer);
    if (!customer) throw required('customer');
    get<Stripe.Customer>(owner, 'customer', customer);
    const items = Array.isArray(form.items) ? (form.items as Params[]) : [];
    const priceId = items[0] ? text(items[0].price) : undefined;
    if (!priceId) throw required('items');
    if (items.length > 1) throw invalid('items', 'The local Stripe server takes one item per subscription.');
    const price = get<WirePrice>(owner, 'price', priceId);
    if (price.type !== 'recurring') throw invalid('items[0][price]', 'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.');
    if (!price.active) throw invalid('items[0][price]', `The price specified is inactive. This field only accepts active prices.`);
    const method = text(form.collection_method) ?? 'charge_automatically';
    if (!['charge_automatically', 'send_invoice'].includes(method)) throw invalid('collection_method', `Invalid collection_method: ${method}`);
    if (method !== 'send_invoice') throw invalid('collection_method', 'The local Stripe server creates subscriptions with collection_method=send_invoice only (card subscriptions start in Checkout).');
    const days = integer(form, 'days_until_due');
    if (days === undefined) throw invalid('days_until_due', 'Subscriptions with `collection_method=send_invoice` must have `days_until_due`.');
    const settings = section(form, 'payment_settings');
    const types = strings(settings.payment_method_types);
    const known = ['customer_balance', 'card', 'konbini'];
    const unknown = types.find((t) => !known.includes(t));
    if (unknown) throw invalid('payment_settings[payment_method_types][0]', `Invalid payment_settings[payment_method_types][0]: must be one of ${known.join(', ')}`);
    const balanceOptions = section(section(settings, 'payment_method_options'), 'customer_balance');
    const transferType = text(section(balanceOptions, 'bank_transfer').type);
    if (transferType && !['jp_bank_transfer', 'us_bank_transfer', 'eu_bank_transfer', 'gb_bank_transfer', 'mx_bank_transfer'].includes(transferType)) {
      throw invalid('payment_settings[payment_method_options][customer_balance][bank_transfer][type]', `Invalid payment_settings[payment_method_options][customer_balance][bank_transfer][type]: ${transferType}`);
    }
    const discounts = Array.isArray(form.discounts) ? (form.discounts as Params[]) : [];
    const couponId = discounts[0] ? text(discounts[0].coupon) : undefined;
    const coupon = couponId ? get<Stripe.Coupon>(owner, 'coupon', couponId) : undefined;
    if (coupon && !coupon.valid) throw invalid('discounts[0][coupon]', `Coupon expired: ${coupon.id}`);
    if (coupon?.amount_off && coupon.currency !== price.currency) throw invalid('discounts[0][coupon]', `Coupon ${coupon.id} is not valid for currency ${price.currency}.`);
    const taxRates = strings(form.default_tax_rates).map((id) => get<Stripe.TaxRate>(owner, 'tax_rate', id)).filter((r) => !r.inclusive);
    const trialDays = integer(form, 'trial_period_days') ?? (text(form.trial_from_plan) === 'true' ? (price.recurring?.trial_period_days ?? undefined) : undefined);
    const quantity = Number(text(items[0]!.quantity) ?? 1);
    const subscription = newSubscription({
      customer,
      price,
      quantity,
      trialDays,
      metadata: record(form.metadata),
      billing: {
        default_payment_method: null,
        collection_method: 'send_invoice',
        days_until_due: days,
        payment_settings: {
          payment_method_options: types.includes('customer_balance') ? { customer_balance: { bank_transfer: transferType ? { type: transferType } : null, funding_type: text(balanceOptions.funding_type) === 'bank_transfer' ? 'bank_transfer' : null } } : null,
          payment_method_types: types.length ? types : null,
          save_default_payment_method: 'off',
        },
      },
    });
    const { created: start, trial_end: trialEnd } = subscription;
    bucket(owner)[subscription.id] = subscription;
    if (coupon || taxRates.length) {
      (state.subscriptionTerms ??= {})[subscription.id] = {
        ...(coupon ? { coupon: { id: coupon.id, percentOff: coupon.percent_off, amountOff: coupon.amount_off } } : {}),
        taxRates: taxRates.map((r) => ({ id: r.id, percentage: r.percentage })),
      };
    }
    emit(owner, 'customer.subscription.created', subscription);
    const item = subscription.items.data[0]!;
    const invoice = draft(owner, {
      customer,
      currency: price.currency,
      ...sentFields(subscription),
      billing_reason: 'subscription_create',
      metadata: {},
      description: null,
      auto_advance: true,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata }, quote_details: null },
      period_start: start,
      period_end: start,
    });
    const line = lineOfPeriod(owner, subscription, item, price, { start: item.current_period_start, end: item.current_period_end }, invoice.id);
    invoice.lines.data.push(trialEnd ? { ...line, amount: 0, subtotal: 0, description: `Trial period for ${productName(owner, price)}` } : line);
    if (!trialEnd) carryTerms(owner, subscription, invoice, true);
    total(invoice);
    subscription.latest_invoice = invoice.id;
    finalize(owner, invoice);
    if (invoice.status === 'open') applyCash(owner, customer, invoice.currency);
    return subscription;
  };

  /**
   * A subscription's first invoice, for what the buyer paid on the checkout page with `method` (nothing in a
   * trial), carrying the checkout's coupon and tax. Paid at once: the page has already taken the payment.
   */
  const start = (owner: string, subscription: LocalSubscription, item: LocalSubscriptionItem, method: string, checkout: { discount: number; coupon?: string; taxes: { rate: string; amount: number; taxable: number }[] }) => {
    const trial = subscription.status === 'trialing';
    const invoice = draft(owner, {
      customer: subscription.customer,
      currency: item.price.currency,
      collection_method: 'charge_automatically',
      billing_reason: 'subscription_create',
      metadata: {},
      description: null,
      auto_advance: false,
      due_date: null,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata }, quote_details: null },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_start: subscription.start_date,
      period_end: subscription.start_date,
    });
    const line = lineOfPeriod(owner, subscription, item, item.price, { start: item.current_period_start, end: item.current_period_end }, invoice.id);
    invoice.lines.data.push(trial ? { ...line, amount: 0, subtotal: 0, description: `Trial period for ${productName(owner, item.price)}` } : line);
    if (!trial) {
      invoice.total_discount_amounts = checkout.discount && checkout.coupon ? [{ amount: checkout.discount, discount: newId('di') }] : [];
      invoice.total_taxes = checkout.taxes.map((t) => ({ amount: t.amount, tax_behavior: 'exclusive', tax_rate_details: { tax_rate: t.rate }, taxability_reason: 'standard_rated', taxable_amount: t.taxable, type: 'tax_rate_details' }));
    }
    total(invoice);
    subscription.latest_invoice = invoice.id;
    finalize(owner, invoice);
    const intent = intentOf(owner, invoice);
    if (intent) {
      intent.payment_method = method;
      money.succeed(owner, intent);
    }
    return invoice;
  };

  const createItem = (owner: string, form: Form): LocalInvoiceItem => {
    const invoiceId = text(form.invoice);
    const invoice = invoiceId ? get<LocalInvoice>(owner, 'invoice', invoiceId) : undefined;
    const customer = text(form.customer) ?? (invoice ? idOf(invoice.customer) : undefined);
    if (!customer) throw required('customer');
    get<Stripe.Customer>(owner, 'customer', customer);
    if (invoice && invoice.status !== 'draft') throw invalid('invoice', 'Invoice items can only be added to draft invoices.');
    const priceId = text(section(form, 'pricing').price);
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
    const types = strings(section(form, 'payment_settings').payment_method_types);
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
    if (pmId) invoice.default_payment_method = money.attachedTo(owner, customer, pmId, 'default_payment_method').id;
    const discounts = Array.isArray(form.discounts) ? (form.discounts as Record<string, FormValue>[]) : [];
    const couponId = discounts[0] ? text(discounts[0].coupon) : undefined;
    const coupon = couponId ? get<Stripe.Coupon>(owner, 'coupon', couponId) : undefined;
    const taxRates = strings(form.default_tax_rates).map((id) => get<Stripe.TaxRate>(owner, 'tax_rate', id)).filter((r) => !r.inclusive);
    if (coupon || taxRates.length) {
      (state.invoiceTerms ??= {})[invoice.id] = {
        ...(coupon ? { coupon: { id: coupon.id, percentOff: coupon.percent_off, amountOff: coupon.amount_off } } : {}),
        taxRates: taxRates.map((r) => ({ id: r.id, percentage: r.percentage })),
      };
    }
    for (const item of waiting) addItem(invoice, item);
    total(invoice);
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
    const open = all<LocalInvoice>(owner, 'invoice', (i) => i.customer === customerId && i.status === 'open' && i.currency === currency && !!i.payment_settings.payment_method_types?.includes('customer_balance')).reverse();
    for (const invoice of open) {
      const intent = intentOf(owner, invoice);
      if (!intent || (balances[currency] ?? 0) < invoice.amount_remaining) continue;
      balances[currency] -= invoice.amount_remaining;
      intent.payment_method_types = ['customer_balance'];
      money.succeed(owner, intent);
    }
  };

  const pay = (owner: string, invoice: LocalInvoice, form: Form): LocalInvoice => {
    if (invoice.status === 'draft') finalize(owner, invoice);
    if (invoice.status === 'paid') throw refused('Invoice is already paid', 'invoice_already_paid');
    if (invoice.status === 'void') throw refused('This invoice has been voided and can no longer be paid.', 'invoice_not_payable');
    if (text(form.paid_out_of_band) === 'true') {
      const intent = intentOf(owner, invoice);
      if (intent && intent.status !== 'succeeded' && intent.status !== 'canceled') money.cancelIntent(owner, intent, undefined);
      markPaid(owner, invoice, invoice.amount_remaining);
      return invoice;
    }
    const customerId = idOf(invoice.customer)!;
    const pmId = text(form.payment_method);
    const types = invoice.payment_settings.payment_method_types;
    if (!pmId && types?.includes('customer_balance') && !types.includes('card')) {
      const balance = state.cash?.[owner]?.[customerId]?.[invoice.currency] ?? 0;
      if (balance < invoice.amount_remaining) throw refused('The customer does not have enough cash balance to pay this invoice.', 'invoice_payment_intent_requires_action');
      applyCash(owner, customerId, invoice.currency);
      return invoice;
    }
    const method = pmId ? money.attachedTo(owner, customerId, pmId, 'payment_method').id : chargedMethod(owner, invoice);
    const outcome = collect(owner, invoice, method);
    const intent = intentOf(owner, invoice)!;
    if (outcome === 'declined') throw money.cardError(intent);
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
      customer: idOf(subscription.customer)!,
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
    const customerId = customer ?? idOf(subscription!.customer)!;
    get<Stripe.Customer>(owner, 'customer', customerId);
    const details = section(form, 'subscription_details');
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
      total_discount_amounts: [],
      total_taxes: [],
      period_start: subscription?.items.data[0].current_period_start ?? now(),
      period_end: subscription?.items.data[0].current_period_end ?? now(),
      parent: subscription
        ? { type: 'subscription_details' as const, subscription_details: { subscription: subscription.id, metadata: subscription.metadata, ...(prorationDate ? { subscription_proration_date: prorationDate } : {}) }, quote_details: null }
        : null,
      lines: emptyList(lines, '/v1/invoices/upcoming/lines'),
    };
    total(invoice);
    return invoice;
  };


  const route = (method: string, parts: string[], q: URLSearchParams, form: Form, owner: string): unknown => {
    const [, resource, objectId, action, sub] = parts;
    if (resource === 'invoiceitems') {
      if (method === 'POST' && !objectId) return createItem(owner, form);
      if (method === 'GET' && objectId) return get<LocalInvoiceItem>(owner, 'invoiceitem', objectId);
      if (method === 'GET') {
        const customer = q.get('customer');
        const pendingOnly = q.get('pending') === 'true';
        return list<LocalInvoiceItem>(owner, 'invoiceitem', q, '/v1/invoiceitems', (i) => (!customer || i.customer === customer) && (!pendingOnly || !i.invoice));
      }
    }
    if (resource === 'subscriptions' && method === 'POST' && !objectId) return createSubscription(owner, form);
    if (resource === 'invoices') {
      if (method === 'POST' && objectId === 'create_preview') return preview(owner, form);
      if (method === 'POST' && !objectId) return createInvoice(owner, form);
      if (method === 'GET' && objectId) return get<LocalInvoice>(owner, 'invoice', objectId);
      if (method === 'GET') {
        const customer = q.get('customer');
        const subscription = q.get('subscription');
        const status = q.get('status');
        return list<LocalInvoice>(owner, 'invoice', q, '/v1/invoices', (i) => (!customer || i.customer === customer) && (!subscription || i.parent?.subscription_details.subscription === subscription) && (!status || i.status === status));
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


  return { route, start, renew, overdue, prorate, settle, fundCashBalance };
}
