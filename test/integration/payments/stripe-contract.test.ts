import '../support/platform-env';
import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeClient } from '../../../lambdas/platform/payments';
import { checkHealth } from '../../../local/health';

/**
 * The local Stripe stand-in against the real SDK (through the payments port, as the platform reaches it): the
 * same call sequence the payments calls make, each answer checked against the shapes the SDK's types promise,
 * so the stand-in cannot drift silently from Stripe.
 */
let stripe: Stripe;
/** Events reach the endpoint after the answer; with every test file's subscriptions renewing at once, it can take seconds. */
const EVENT_WAIT = { timeout: 15_000 };
let account: Stripe.Account;

beforeAll(async () => {
  stripe = await stripeClient();
  account = await stripe.accounts.create({ type: 'standard', email: `contract-${Date.now()}@example.test`, metadata: { teamId: 'contract' } });
});

/** The fields every Stripe object of these kinds carries, with their JSON types. */
const productShape = {
  id: expect.stringMatching(/^prod_/),
  object: 'product',
  active: expect.any(Boolean),
  created: expect.any(Number),
  updated: expect.any(Number),
  images: expect.any(Array),
  livemode: false,
  metadata: expect.any(Object),
  name: expect.any(String),
};

describe('local Stripe stand-in: started with the platform', () => {
  it('is one of the services the health check reaches', async () => {
    const health = await checkHealth();
    expect(health.services.stripe).toBe('up');
  });
});

describe('local Stripe stand-in: connected accounts', () => {
  it('creates, retrieves and lists a connected account, not yet onboarded', async () => {
    expect(account).toMatchObject({ id: expect.stringMatching(/^acct_/), object: 'account', type: 'standard', charges_enabled: false, payouts_enabled: false, details_submitted: false, metadata: { teamId: 'contract' } });
    await expect(stripe.accounts.retrieve(account.id)).resolves.toMatchObject({ id: account.id, email: account.email });
    const listed = await stripe.accounts.list({ limit: 100 });
    expect(listed.object).toBe('list');
    expect(listed.data.map((a) => a.id)).toContain(account.id);
  });

  it("refuses another account's objects and an unknown account with Stripe's errors", async () => {
    const other = await stripe.accounts.create({ type: 'standard' });
    const product = await stripe.products.create({ name: 'Only mine' }, { stripeAccount: account.id });
    const refused = await stripe.products.retrieve(product.id, {}, { stripeAccount: other.id }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
    const unknown = await stripe.products.list({}, { stripeAccount: 'acct_doesnotexist' }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(Stripe.errors.StripePermissionError);
  });

  it('refuses a wrong secret key as an authentication error', async () => {
    const url = new URL(process.env.STRIPE_API_URL!);
    const wrong = new Stripe('sk_test_wrong', { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
    await expect(wrong.products.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

describe('local Stripe stand-in: products and prices on a connected account', () => {
  it('creates, updates and lists products newest first, a page at a time', async () => {
    const on = { stripeAccount: account.id };
    const created: Stripe.Product[] = [];
    for (const name of ['Course A', 'Course B', 'Course C']) created.push(await stripe.products.create({ name, description: `${name} for members`, metadata: { kind: 'video' } }, on));
    for (const p of created) expect(p).toMatchObject({ ...productShape, description: expect.any(String), metadata: { kind: 'video' } });

    const updated = await stripe.products.update(created[0].id, { name: 'Course A (2027)', active: false }, on);
    expect(updated).toMatchObject({ id: created[0].id, name: 'Course A (2027)', active: false, metadata: { kind: 'video' } });

    const first = await stripe.products.list({ limit: 2 }, on);
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/products' });
    const rest = await stripe.products.list({ limit: 2, starting_after: first.data[1].id }, on);
    const ids = [...first.data, ...rest.data].map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(created.map((p) => p.id)));
    // The SDK's auto-pagination walks the same pages.
    const walked: string[] = [];
    for await (const p of stripe.products.list({ limit: 1 }, on)) walked.push(p.id);
    expect(walked).toEqual(ids);

    const active = await stripe.products.list({ active: true }, on);
    expect(active.data.every((p) => p.active)).toBe(true);
  });

  it('creates one-time and recurring prices (with a trial) and filters them by product and type', async () => {
    const on = { stripeAccount: account.id };
    const product = await stripe.products.create({ name: 'Membership' }, on);
    const once = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 3000, metadata: { validDays: '30' } }, on);
    expect(once).toMatchObject({ id: expect.stringMatching(/^price_/), object: 'price', type: 'one_time', currency: 'jpy', unit_amount: 3000, recurring: null, product: product.id, active: true, livemode: false, metadata: { validDays: '30' } });
    const monthly = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 1000, recurring: { interval: 'month', trial_period_days: 7 } }, on);
    expect(monthly).toMatchObject({ type: 'recurring', recurring: { interval: 'month', interval_count: 1, trial_period_days: 7, usage_type: 'licensed' } });

    const ofProduct = await stripe.prices.list({ product: product.id }, on);
    expect(ofProduct.data.map((p) => p.id).sort()).toEqual([once.id, monthly.id].sort());
    const recurring = await stripe.prices.list({ product: product.id, type: 'recurring' }, on);
    expect(recurring.data.map((p) => p.id)).toEqual([monthly.id]);

    const archived = await stripe.prices.update(once.id, { active: false }, on);
    expect(archived.active).toBe(false);
    await expect(stripe.prices.retrieve(once.id, {}, on)).resolves.toMatchObject({ active: false, unit_amount: 3000 });
  });

  it("answers bad input with Stripe's invalid-request errors and their parameter", async () => {
    const on = { stripeAccount: account.id };
    const product = await stripe.products.create({ name: 'Errors' }, on);
    const cases: [Promise<unknown>, string, string][] = [
      [stripe.products.create({ name: '' }, on), 'parameter_missing', 'name'],
      [stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: -1 }, on), 'parameter_invalid', 'unit_amount'],
      [stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 100, recurring: { interval: 'fortnight' as 'week' } }, on), 'parameter_invalid', 'recurring[interval]'],
      [stripe.prices.create({ product: 'prod_missing', currency: 'jpy', unit_amount: 100 }, on), 'resource_missing', 'id'],
      [stripe.prices.retrieve('price_missing', {}, on), 'resource_missing', 'id'],
    ];
    for (const [call, code, param] of cases) {
      const error = await call.catch((e: unknown) => e);
      expect(error, code).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ code, param });
    }
    // A product with prices cannot be deleted (Stripe archives it instead).
    await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 100 }, on);
    await expect(stripe.products.del(product.id, {}, on)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('replays a request sent again with the same idempotency key instead of creating twice', async () => {
    const on = { stripeAccount: account.id, idempotencyKey: `contract-${Date.now()}` };
    const first = await stripe.products.create({ name: 'Once' }, on);
    const again = await stripe.products.create({ name: 'Once' }, on);
    expect(again.id).toBe(first.id);
    const named = (await stripe.products.list({ limit: 100 }, { stripeAccount: account.id })).data.filter((p) => p.name === 'Once');
    expect(named).toHaveLength(1);
  });
});

describe('local Stripe stand-in: coupons and tax rates on a connected account', () => {
  it('creates percent and amount coupons, with their durations, and refuses one with both or neither', async () => {
    const on = { stripeAccount: account.id };
    const percent = await stripe.coupons.create({ percent_off: 15, duration: 'repeating', duration_in_months: 3, name: 'Spring 15%', max_redemptions: 100 }, on);
    expect(percent).toMatchObject({ object: 'coupon', percent_off: 15, amount_off: null, currency: null, duration: 'repeating', duration_in_months: 3, max_redemptions: 100, times_redeemed: 0, valid: true, livemode: false });
    const amount = await stripe.coupons.create({ id: `WELCOME${Date.now().toString(36).toUpperCase()}`, amount_off: 500, currency: 'jpy', duration: 'once' }, on);
    expect(amount).toMatchObject({ amount_off: 500, currency: 'jpy', percent_off: null, duration: 'once', duration_in_months: null });
    await expect(stripe.coupons.retrieve(amount.id, {}, on)).resolves.toMatchObject({ id: amount.id });
    const renamed = await stripe.coupons.update(percent.id, { name: 'Spring sale' }, on);
    expect(renamed).toMatchObject({ name: 'Spring sale', percent_off: 15 });
    for (const bad of [{ duration: 'once' as const }, { percent_off: 10, amount_off: 100, currency: 'jpy', duration: 'once' as const }]) {
      const error = await stripe.coupons.create(bad, on).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ param: 'percent_off' });
    }
    await expect(stripe.coupons.del(amount.id, {}, on)).resolves.toMatchObject({ id: amount.id, deleted: true });
    await expect(stripe.coupons.retrieve(amount.id, {}, on)).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('creates inclusive and exclusive tax rates, archives one, and lists the active ones', async () => {
    const on = { stripeAccount: account.id };
    const inclusive = await stripe.taxRates.create({ display_name: '消費税', percentage: 10, inclusive: true, country: 'JP' }, on);
    expect(inclusive).toMatchObject({ object: 'tax_rate', display_name: '消費税', percentage: 10, inclusive: true, active: true, country: 'JP', livemode: false });
    const reduced = await stripe.taxRates.create({ display_name: 'Reduced', percentage: 8, inclusive: false }, on);
    await stripe.taxRates.update(reduced.id, { active: false }, on);
    const active = await stripe.taxRates.list({ active: true, limit: 100 }, on);
    expect(active.data.map((r) => r.id)).toContain(inclusive.id);
    expect(active.data.map((r) => r.id)).not.toContain(reduced.id);
    const missing = await stripe.taxRates.create({ display_name: 'No rate', inclusive: false } as Stripe.TaxRateCreateParams, on).catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: 'parameter_missing', param: 'percentage' });
  });
});

describe('local Stripe stand-in: Checkout, its hosted page and signed webhooks', () => {
  /** Events received by this test's endpoint, verified with the SDK's own webhook check. */
  const received: Stripe.Event[] = [];
  const refusedSignatures: string[] = [];
  let receiver: Server;
  let endpoint: Stripe.WebhookEndpoint;
  let on: { stripeAccount: string };
  let product: Stripe.Product;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const payload = Buffer.concat(chunks).toString('utf8');
        try {
          received.push(stripe.webhooks.constructEvent(payload, String(req.headers['stripe-signature']), endpoint.secret!));
          res.writeHead(200).end();
        } catch {
          refusedSignatures.push(payload);
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    const { port } = receiver.address() as { port: number };
    endpoint = await stripe.webhookEndpoints.create({ url: `http://127.0.0.1:${port}/webhook`, enabled_events: ['*'], connect: true });
    expect(endpoint.secret).toMatch(/^whsec_/);
    on = { stripeAccount: account.id };
    product = await stripe.products.create({ name: 'Video pass' }, on);
  });

  afterAll(async () => {
    await stripe.webhookEndpoints.del(endpoint.id);
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  const pay = (session: Stripe.Checkout.Session, fields: Record<string, string>) =>
    fetch(session.url!, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
  const card = (number: string) => ({ card_number: number, expiry: '12 / 34', cvc: '123' });
  const eventsOf = (type: string, id: string) => received.filter((e) => e.type === type && (e.data.object as { id?: string }).id === id);

  it('takes a one-time payment with 4242…, redirects to the success URL and sends signed events for the connected account', async () => {
    const price = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 2000 }, on);
    const coupon = await stripe.coupons.create({ percent_off: 10, duration: 'once' }, on);
    const tax = await stripe.taxRates.create({ display_name: 'Tax', percentage: 10, inclusive: false }, on);
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ price: price.id, quantity: 1, tax_rates: [tax.id] }],
        discounts: [{ coupon: coupon.id }],
        customer_email: 'buyer@example.test',
        success_url: 'http://localhost:3000/done?session={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:3000/cancelled',
        metadata: { videoId: 'v1', userId: 'u1' },
        locale: 'ja',
      },
      on,
    );
    // 2000 less 10% is 1800, plus 10% tax is 1980.
    expect(session).toMatchObject({ object: 'checkout.session', mode: 'payment', status: 'open', payment_status: 'unpaid', amount_subtotal: 2000, amount_total: 1980, currency: 'jpy', metadata: { videoId: 'v1' } });
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('カード番号');

    const paid = await pay(session, card('4242 4242 4242 4242'));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/done?session=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id, {}, on);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', customer: expect.stringMatching(/^cus_/), payment_intent: expect.stringMatching(/^pi_/) });
    await expect(stripe.paymentIntents.retrieve(done.payment_intent as string, {}, on)).resolves.toMatchObject({ status: 'succeeded', amount: 1980, amount_received: 1980, customer: done.customer });
    await expect(stripe.customers.retrieve(done.customer as string, {}, on)).resolves.toMatchObject({ email: 'buyer@example.test' });

    await expect.poll(() => eventsOf('checkout.session.completed', session.id).length, EVENT_WAIT).toBe(1);
    const completed = eventsOf('checkout.session.completed', session.id)[0];
    expect(completed).toMatchObject({ object: 'event', account: account.id, livemode: false });
    expect(completed.data.object).toMatchObject({ metadata: { videoId: 'v1', userId: 'u1' }, payment_status: 'paid' });
    await expect.poll(() => eventsOf('payment_intent.succeeded', done.payment_intent as string).length, EVENT_WAIT).toBe(1);
    expect(refusedSignatures).toEqual([]);
    // The event is also there to read back, as Stripe keeps it.
    await expect(stripe.events.retrieve(completed.id, {}, on)).resolves.toMatchObject({ id: completed.id, type: 'checkout.session.completed' });

    // A paid session's page cannot be paid again.
    expect((await pay(session, card('4242424242424242'))).status).toBe(410);
  });

  it('refuses declined cards on the page with their message and a failed-payment event, and the session stays open', async () => {
    const price = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 500 }, on);
    const session = await stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price: price.id, quantity: 1 }], success_url: 'http://localhost:3000/ok' }, on);
    for (const [number, message] of [
      ['4000000000000002', 'Your card was declined.'],
      ['4000000000009995', 'Your card has insufficient funds.'],
      ['4000000000000069', 'Your card has expired.'],
      ['1234567812345678', 'Your card number is incorrect.'],
    ]) {
      const refused = await pay(session, card(number));
      expect(refused.status).toBe(402);
      expect(await refused.text()).toContain(message);
    }
    await expect(stripe.checkout.sessions.retrieve(session.id, {}, on)).resolves.toMatchObject({ status: 'open', payment_status: 'unpaid' });
    await expect.poll(() => received.filter((e) => e.type === 'payment_intent.payment_failed' && e.account === account.id).length, EVENT_WAIT).toBeGreaterThanOrEqual(4);
    const insufficient = received.find((e) => e.type === 'payment_intent.payment_failed' && (e.data.object as Stripe.PaymentIntent).last_payment_error?.decline_code === 'insufficient_funds');
    expect(insufficient).toBeDefined();
  });

  it('asks for authentication with 4000 0025 0000 3155 and completes once it is given', async () => {
    const price = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 1500 }, on);
    const session = await stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price: price.id, quantity: 1 }], success_url: 'http://localhost:3000/ok' }, on);
    const challenge = await pay(session, card('4000002500003155'));
    expect(challenge.status).toBe(200);
    expect(await challenge.text()).toContain('Authentication required');
    expect((await pay(session, { action: 'authentication_failed' })).status).toBe(402);
    expect((await pay(session, { action: 'authenticated' })).status).toBe(303);
    await expect(stripe.checkout.sessions.retrieve(session.id, {}, on)).resolves.toMatchObject({ status: 'complete', payment_status: 'paid' });
  });

  it('starts a subscription with its trial, and refuses a one-time price in subscription mode', async () => {
    const monthly = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 1000, recurring: { interval: 'month', trial_period_days: 7 } }, on);
    const customer = await stripe.customers.create({ email: 'member@example.test', name: 'Member' }, on);
    const session = await stripe.checkout.sessions.create(
      { mode: 'subscription', customer: customer.id, line_items: [{ price: monthly.id, quantity: 1 }], success_url: 'http://localhost:3000/ok', subscription_data: { metadata: { teamId: 't1' } } },
      on,
    );
    expect((await pay(session, card('4242424242424242'))).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, {}, on);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'no_payment_required', customer: customer.id, subscription: expect.stringMatching(/^sub_/) });
    const subscription = await stripe.subscriptions.retrieve(done.subscription as string, {}, on);
    expect(subscription).toMatchObject({ status: 'trialing', customer: customer.id, cancel_at_period_end: false, metadata: { teamId: 't1' } });
    expect(subscription.trial_end! - subscription.trial_start!).toBe(7 * 86400);
    expect(subscription.items.data[0]).toMatchObject({ price: { id: monthly.id }, quantity: 1 });
    // A trial's first invoice is for nothing, and paid.
    const first = await stripe.invoices.retrieve(subscription.latest_invoice as string, {}, on);
    expect(first).toMatchObject({ billing_reason: 'subscription_create', status: 'paid', total: 0, amount_paid: 0, lines: { data: [{ amount: 0, description: 'Trial period for Video pass' }] } });
    const listed = await stripe.subscriptions.list({ customer: customer.id }, on);
    expect(listed.data.map((s) => s.id)).toEqual([subscription.id]);
    await expect.poll(() => eventsOf('customer.subscription.created', subscription.id).length, EVENT_WAIT).toBe(1);

    const once = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 1000 }, on);
    const wrong = await stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: once.id, quantity: 1 }], success_url: 'http://localhost:3000/ok' }, on).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('renews, changes price and cancels subscriptions as a test clock moves time forward', async () => {
    const monthly = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 1200, recurring: { interval: 'month' } }, on);
    const yearly = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 12000, recurring: { interval: 'year' } }, on);
    const subscribe = async () => {
      const session = await stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: monthly.id, quantity: 1 }], success_url: 'http://localhost:3000/ok' }, on);
      expect((await pay(session, card('4242424242424242'))).status).toBe(303);
      const { subscription } = await stripe.checkout.sessions.retrieve(session.id, {}, on);
      return stripe.subscriptions.retrieve(subscription as string, {}, on);
    };
    const renewing = await subscribe();
    const ending = await subscribe();
    const stopped = await subscribe();
    expect(renewing).toMatchObject({ status: 'active' });
    const periodEnd = renewing.items.data[0].current_period_end;

    // Scheduled to end with its period, then restarted: the restart clears the schedule.
    await expect(stripe.subscriptions.update(ending.id, { cancel_at_period_end: true }, on)).resolves.toMatchObject({ cancel_at_period_end: true, cancel_at: ending.items.data[0].current_period_end });
    // Without prorations, so the renewal bills the new price alone.
    const changed = await stripe.subscriptions.update(renewing.id, { items: [{ id: renewing.items.data[0].id, price: yearly.id }], proration_behavior: 'none' }, on);
    expect(changed.items.data[0].price.id).toBe(yearly.id);
    await expect(stripe.subscriptions.cancel(stopped.id, {}, on)).resolves.toMatchObject({ status: 'canceled' });

    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: periodEnd + 3600 });

    const renewed = await stripe.subscriptions.retrieve(renewing.id, {}, on);
    expect(renewed).toMatchObject({ status: 'active' });
    expect(renewed.items.data[0].current_period_start).toBe(periodEnd);
    // The first invoice was paid at checkout; the renewal's is the cycle's.
    const invoices = await stripe.invoices.list({ customer: renewed.customer as string }, on);
    expect(invoices.data.map((i) => i.billing_reason)).toEqual(['subscription_cycle', 'subscription_create']);
    expect(invoices.data[0]).toMatchObject({ status: 'paid', amount_paid: 12000, period_start: periodEnd });
    await expect.poll(() => received.filter((e) => e.type === 'invoice.paid' && (e.data.object as Stripe.Invoice).id === invoices.data[0].id).length, EVENT_WAIT).toBe(1);

    await expect(stripe.subscriptions.retrieve(ending.id, {}, on)).resolves.toMatchObject({ status: 'canceled', ended_at: ending.items.data[0].current_period_end });
    await expect.poll(() => eventsOf('customer.subscription.deleted', ending.id).length, EVENT_WAIT).toBe(1);
    // The one cancelled at once was not renewed, nor deleted a second time.
    await expect.poll(() => eventsOf('customer.subscription.deleted', stopped.id).length, EVENT_WAIT).toBe(1);
    await expect(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: periodEnd - 86400 })).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('expires an open session, after which its page refuses to take a payment', async () => {
    const price = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 800 }, on);
    const session = await stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price: price.id, quantity: 1 }], success_url: 'http://localhost:3000/ok' }, on);
    await expect(stripe.checkout.sessions.expire(session.id, {}, on)).resolves.toMatchObject({ status: 'expired' });
    expect((await pay(session, card('4242424242424242'))).status).toBe(410);
    await expect(stripe.checkout.sessions.expire(session.id, {}, on)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  /** Starts a subscription through the hosted page with a card, as a member would. */
  const subscribe = async (price: Stripe.Price, customer?: string) => {
    const session = await stripe.checkout.sessions.create({ mode: 'subscription', ...(customer ? { customer } : {}), line_items: [{ price: price.id, quantity: 1 }], success_url: 'http://localhost:3000/ok' }, on);
    expect((await pay(session, card('4242424242424242'))).status).toBe(303);
    const { subscription } = await stripe.checkout.sessions.retrieve(session.id, {}, on);
    return stripe.subscriptions.retrieve(subscription as string, {}, on);
  };
  /** Moves the stand-in's time to an hour after `to`, as a test clock does. */
  const advanceTo = async (to: number) => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: to + 3600 });
  };
  const intentOf = (invoice: Stripe.Invoice) => invoice.payments!.data[0].payment.payment_intent as string;
  const form = (fields: Record<string, string>) => ({ method: 'POST', redirect: 'manual' as const, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });

  describe('Connect onboarding', () => {
    it('starts an account not onboarded, and its account link onboards it on a bilingual page, once', async () => {
      const fresh = await stripe.accounts.create({ type: 'standard', email: 'onboard@example.test' });
      expect(fresh).toMatchObject({ details_submitted: false, charges_enabled: false, payouts_enabled: false });
      const link = await stripe.accountLinks.create({ account: fresh.id, refresh_url: 'http://localhost:3000/onboard/refresh', return_url: 'http://localhost:3000/onboard/done', type: 'account_onboarding' });
      expect(link).toMatchObject({ object: 'account_link', url: expect.stringMatching(/\/connect\/onboard\/[\w-]+$/), created: expect.any(Number) });
      expect(link.expires_at).toBeGreaterThan(link.created);

      const ja = await fetch(link.url, { headers: { 'accept-language': 'ja,en;q=0.8' } });
      expect(await ja.text()).toContain('オンボーディングを完了する（テストモード）');
      const en = await fetch(`${link.url}?locale=en`);
      expect(await en.text()).toContain('Complete onboarding (test mode)');

      const done = await fetch(link.url, form({ action: 'complete' }));
      expect(done.status).toBe(303);
      expect(done.headers.get('location')).toBe('http://localhost:3000/onboard/done');
      await expect(stripe.accounts.retrieve(fresh.id)).resolves.toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true });
      await expect.poll(() => eventsOf('account.updated', fresh.id).length, EVENT_WAIT).toBe(1);
      expect(eventsOf('account.updated', fresh.id)[0]).toMatchObject({ account: fresh.id, data: { object: { charges_enabled: true } } });

      // A used link (or an expired one) says so and leads to refresh_url for a new one.
      const reused = await fetch(`${link.url}?locale=en`);
      expect(reused.status).toBe(410);
      const reusedPage = await reused.text();
      expect(reusedPage).toContain('expired or was already used');
      expect(reusedPage).toContain('http://localhost:3000/onboard/refresh');

      // Links last five minutes, as Stripe's do.
      const late = await stripe.accountLinks.create({ account: fresh.id, refresh_url: 'http://localhost:3000/onboard/refresh', return_url: 'http://localhost:3000/onboard/done', type: 'account_onboarding' });
      await advanceTo(late.expires_at);
      const expired = await fetch(late.url, { headers: { 'accept-language': 'ja' } });
      expect(expired.status).toBe(410);
      expect(await expired.text()).toContain('期限切れ');

      const wrongType = await stripe.accountLinks.create({ account: fresh.id, refresh_url: 'http://x.test', return_url: 'http://x.test', type: 'account_update' }).catch((e: unknown) => e);
      expect(wrongType).toMatchObject({ param: 'type' });
    });

    it('creates an account already onboarded with the local metadata shortcut for seeded data', async () => {
      const seeded = await stripe.accounts.create({ type: 'standard', metadata: { local_onboarded: 'true' } });
      expect(seeded).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true });
    });
  });

  describe('saved cards', () => {
    it("keeps the card paid with as the customer's and the subscription's payment method, and manages the customer's cards", async () => {
      const monthly = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 900, recurring: { interval: 'month' } }, on);
      const customer = await stripe.customers.create({ email: 'cards@example.test' }, on);
      const subscription = await subscribe(monthly, customer.id);
      expect(subscription.default_payment_method).toMatch(/^pm_/);
      const saved = await stripe.paymentMethods.retrieve(subscription.default_payment_method as string, {}, on);
      expect(saved).toMatchObject({ object: 'payment_method', type: 'card', customer: customer.id, card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 }, livemode: false });
      await expect(stripe.customers.retrieve(customer.id, {}, on)).resolves.toMatchObject({ invoice_settings: { default_payment_method: saved.id } });
      expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' }, on)).data.map((m) => m.id)).toEqual([saved.id]);
      await expect.poll(() => eventsOf('payment_method.attached', saved.id).length, EVENT_WAIT).toBe(1);

      // Stripe's test payment method ids make a new card, attached here.
      const other = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id }, on);
      expect(other).toMatchObject({ id: expect.stringMatching(/^pm_/), customer: customer.id, card: { brand: 'mastercard', last4: '4444' } });
      expect((await stripe.customers.listPaymentMethods(customer.id, {}, on)).data.map((m) => m.id).sort()).toEqual([saved.id, other.id].sort());
      const updated = await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: other.id } }, on);
      expect(updated.invoice_settings.default_payment_method).toBe(other.id);
      await expect(stripe.subscriptions.update(subscription.id, { default_payment_method: other.id }, on)).resolves.toMatchObject({ default_payment_method: other.id });

      await expect(stripe.paymentMethods.detach(saved.id, {}, on)).resolves.toMatchObject({ id: saved.id, customer: null });
      expect((await stripe.customers.listPaymentMethods(customer.id, {}, on)).data.map((m) => m.id)).toEqual([other.id]);
      // A card the customer does not have cannot become its default.
      const refused = await stripe.subscriptions.update(subscription.id, { default_payment_method: saved.id }, on).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(refused).toMatchObject({ param: 'default_payment_method' });
    });
  });

  describe('first invoices', () => {
    it("bills a subscription's first period as a paid invoice with the checkout's coupon and tax", async () => {
      const monthly = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 2000, recurring: { interval: 'month' } }, on);
      const coupon = await stripe.coupons.create({ percent_off: 10, duration: 'once' }, on);
      const tax = await stripe.taxRates.create({ display_name: 'Tax', percentage: 10, inclusive: false }, on);
      const session = await stripe.checkout.sessions.create(
        { mode: 'subscription', line_items: [{ price: monthly.id, quantity: 1, tax_rates: [tax.id] }], discounts: [{ coupon: coupon.id }], success_url: 'http://localhost:3000/ok' },
        on,
      );
      expect((await pay(session, card('4242424242424242'))).status).toBe(303);
      const done = await stripe.checkout.sessions.retrieve(session.id, {}, on);
      const subscription = await stripe.subscriptions.retrieve(done.subscription as string, {}, on);
      const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string, {}, on);
      // 2000 less 10% is 1800, plus 10% tax is 1980: what the page charged.
      expect(invoice).toMatchObject({ billing_reason: 'subscription_create', status: 'paid', subtotal: 2000, total: 1980, amount_paid: 1980, total_discount_amounts: [{ amount: 200 }], total_taxes: [{ amount: 180, tax_rate_details: { tax_rate: tax.id } }] });
      expect(done.amount_total).toBe(invoice.total);
      const intent = await stripe.paymentIntents.retrieve(intentOf(invoice), {}, on);
      expect(intent).toMatchObject({ status: 'succeeded', amount: 1980, payment_method: subscription.default_payment_method });
      await expect.poll(() => eventsOf('invoice.paid', invoice.id).length, EVENT_WAIT).toBe(1);
    });
  });

  describe('setup-mode Checkout', () => {
    it('saves a card through a SetupIntent, declining as the payment page does, and makes it nobody’s default', async () => {
      const monthly = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 800, recurring: { interval: 'month' } }, on);
      const subscription = await subscribe(monthly);
      const customer = subscription.customer as string;
      const session = await stripe.checkout.sessions.create(
        { mode: 'setup', customer, currency: 'jpy', success_url: 'http://localhost:3000/card/saved?session={CHECKOUT_SESSION_ID}', cancel_url: 'http://localhost:3000/card', setup_intent_data: { metadata: { subscription: subscription.id } }, locale: 'ja' },
        on,
      );
      expect(session).toMatchObject({ object: 'checkout.session', mode: 'setup', status: 'open', setup_intent: null, amount_total: null, customer });
      expect(await (await fetch(session.url!)).text()).toContain('カードを登録する');

      const declined = await pay(session, card('4000000000000002'));
      expect(declined.status).toBe(402);
      expect(await declined.text()).toContain('Your card was declined.');
      // 0341 saves fine: only charging it fails.
      const saved = await pay(session, card('4000 0000 0000 0341'));
      expect(saved.status).toBe(303);
      expect(saved.headers.get('location')).toBe(`http://localhost:3000/card/saved?session=${session.id}`);

      const done = await stripe.checkout.sessions.retrieve(session.id, {}, on);
      expect(done).toMatchObject({ status: 'complete', mode: 'setup', payment_status: 'no_payment_required', setup_intent: expect.stringMatching(/^seti_/) });
      const intent = await stripe.setupIntents.retrieve(done.setup_intent as string, {}, on);
      expect(intent).toMatchObject({
        object: 'setup_intent',
        status: 'succeeded',
        customer,
        payment_method: expect.stringMatching(/^pm_/),
        payment_method_types: ['card'],
        usage: 'off_session',
        metadata: { subscription: subscription.id },
        last_setup_error: null,
        next_action: null,
        client_secret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
        livemode: false,
      });
      await expect(stripe.paymentMethods.retrieve(intent.payment_method as string, {}, on)).resolves.toMatchObject({ customer, card: { last4: '0341' } });
      // As on Stripe, Checkout only saves the card: the subscription and the customer keep their default (the
      // platform changes them on the events, lambdas/payments/card-change.ts; no team owns this account).
      await expect(stripe.subscriptions.retrieve(subscription.id, {}, on)).resolves.toMatchObject({ default_payment_method: subscription.default_payment_method });
      const owner = (await stripe.customers.retrieve(customer, {}, on)) as Stripe.Customer;
      expect(owner.invoice_settings.default_payment_method).not.toBe(intent.payment_method);
      // The declined card and the saved one went through the same SetupIntent, as on Stripe.
      expect((await stripe.setupIntents.list({ customer }, on)).data.map((i) => i.id)).toEqual([intent.id]);
      await expect.poll(() => eventsOf('setup_intent.created', intent.id).length, EVENT_WAIT).toBe(1);
      await expect.poll(() => eventsOf('setup_intent.setup_failed', intent.id).length, EVENT_WAIT).toBe(1);
      expect(eventsOf('setup_intent.setup_failed', intent.id)[0].data.object).toMatchObject({ status: 'requires_payment_method', last_setup_error: { type: 'card_error', code: 'card_declined' } });
      await expect.poll(() => eventsOf('setup_intent.succeeded', intent.id).length, EVENT_WAIT).toBe(1);
      await expect.poll(() => eventsOf('payment_method.attached', intent.payment_method as string).length, EVENT_WAIT).toBe(1);
      await expect.poll(() => eventsOf('checkout.session.completed', session.id).length, EVENT_WAIT).toBe(1);
      expect(eventsOf('checkout.session.completed', session.id)[0].data.object).toMatchObject({ mode: 'setup', status: 'complete', setup_intent: intent.id, customer });
      expect(eventsOf('customer.subscription.updated', subscription.id)).toEqual([]);

      const noCustomer = await stripe.checkout.sessions.create({ mode: 'setup', success_url: 'http://localhost:3000/ok' }, on).catch((e: unknown) => e);
      expect(noCustomer).toMatchObject({ code: 'parameter_missing', param: 'customer' });
    });
  });

  describe('payment intents and refunds', () => {
    it('creates, confirms and cancels payment intents, with card outcomes as Stripe answers them', async () => {
      const customer = await stripe.customers.create({ email: 'intents@example.test' }, on);
      const intent = await stripe.paymentIntents.create({ amount: 2500, currency: 'jpy', customer: customer.id, allowed_payment_method_types: ['card'], metadata: { orderId: 'o-1' }, description: 'Workshop' }, on);
      expect(intent).toMatchObject({ object: 'payment_intent', status: 'requires_payment_method', amount: 2500, currency: 'jpy', customer: customer.id, allowed_payment_method_types: ['card'], payment_method_types: ['card'], metadata: { orderId: 'o-1' }, description: 'Workshop' });
      const paid = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }, on);
      expect(paid).toMatchObject({ status: 'succeeded', amount_received: 2500, latest_charge: expect.stringMatching(/^ch_/), payment_method: expect.stringMatching(/^pm_/) });
      const notCancelable = await stripe.paymentIntents.cancel(intent.id, {}, on).catch((e: unknown) => e);
      expect(notCancelable).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(notCancelable).toMatchObject({ code: 'payment_intent_unexpected_state' });

      const declined = await stripe.paymentIntents.create({ amount: 1000, currency: 'jpy', customer: customer.id, payment_method: 'pm_card_chargeDeclinedInsufficientFunds', confirm: true }, on).catch((e: unknown) => e);
      expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'insufficient_funds' });
      const failedId = (declined as Stripe.errors.StripeCardError).payment_intent!.id;
      const failed = await stripe.paymentIntents.retrieve(failedId, {}, on);
      expect(failed).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
      await expect.poll(() => eventsOf('payment_intent.payment_failed', failedId).length, EVENT_WAIT).toBe(1);
      await expect(stripe.paymentIntents.cancel(failedId, { cancellation_reason: 'abandoned' }, on)).resolves.toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned', canceled_at: expect.any(Number) });
      await expect.poll(() => eventsOf('payment_intent.canceled', failedId).length, EVENT_WAIT).toBe(1);

      const challenged = await stripe.paymentIntents.create({ amount: 3000, currency: 'jpy', customer: customer.id, payment_method: 'pm_card_authenticationRequiredOnSetup', confirm: true, return_url: 'http://localhost:3000/paid' }, on);
      expect(challenged).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url', redirect_to_url: { url: expect.stringContaining(`/checkout/authenticate/${challenged.id}`), return_url: 'http://localhost:3000/paid' } } });
      const page = challenged.next_action!.redirect_to_url!.url!;
      expect(await (await fetch(`${page}?locale=ja`)).text()).toContain('認証を完了する');
      const back = await fetch(page, form({ action: 'authenticated' }));
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe(`http://localhost:3000/paid?payment_intent=${challenged.id}&redirect_status=succeeded`);
      await expect(stripe.paymentIntents.retrieve(challenged.id, {}, on)).resolves.toMatchObject({ status: 'succeeded', next_action: null });

      const refusedAuth = await stripe.paymentIntents.create({ amount: 3000, currency: 'jpy', customer: customer.id, payment_method: 'pm_card_authenticationRequiredOnSetup', confirm: true, return_url: 'http://localhost:3000/paid' }, on);
      const failedBack = await fetch(refusedAuth.next_action!.redirect_to_url!.url!, form({ action: 'authentication_failed' }));
      expect(failedBack.headers.get('location')).toBe(`http://localhost:3000/paid?payment_intent=${refusedAuth.id}&redirect_status=failed`);
      await expect(stripe.paymentIntents.retrieve(refusedAuth.id, {}, on)).resolves.toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_authentication_failure' } });

      const listed = await stripe.paymentIntents.list({ customer: customer.id }, on);
      expect(listed.data.map((p) => p.id).sort()).toEqual([intent.id, failedId, challenged.id, refusedAuth.id].sort());
    });

    it('refunds a payment in parts, reporting the charge refunded, and lists the refunds', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 2000, currency: 'jpy', payment_method: 'pm_card_visa', confirm: true }, on);
      const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 500 }, on);
      expect(part).toMatchObject({ object: 'refund', status: 'succeeded', amount: 500, currency: 'jpy', payment_intent: intent.id, charge: intent.latest_charge });
      const rest = await stripe.refunds.create({ payment_intent: intent.id }, on);
      expect(rest.amount).toBe(1500);
      await expect(stripe.refunds.create({ payment_intent: intent.id }, on)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      await expect(stripe.charges.retrieve(intent.latest_charge as string, {}, on)).resolves.toMatchObject({ refunded: true, amount_refunded: 2000, payment_intent: intent.id });
      const listed = await stripe.refunds.list({ payment_intent: intent.id }, on);
      expect(listed.data.map((r) => r.id).sort()).toEqual([part.id, rest.id].sort());
      await expect.poll(() => eventsOf('refund.created', rest.id).length, EVENT_WAIT).toBe(1);
      await expect.poll(() => eventsOf('charge.refunded', intent.latest_charge as string).length, EVENT_WAIT).toBe(2);
      expect(eventsOf('charge.refunded', intent.latest_charge as string).map((e) => e.data.object)).toEqual(
        expect.arrayContaining([expect.objectContaining({ object: 'charge', refunded: true, amount_refunded: 2000, payment_intent: intent.id })]),
      );
    });
  });

  describe('invoices for bank transfer', () => {
    const invoiceShape = {
      object: 'invoice',
      currency: 'jpy',
      livemode: false,
      lines: { object: 'list', data: expect.any(Array) },
      status_transitions: expect.objectContaining({ paid_at: null }),
    };

    it("takes an invoice's coupon and default tax rates off and onto its lines, and speaks the customer's preferred language", async () => {
      const customer = await stripe.customers.create({ email: 'terms@example.test', name: 'Terms', preferred_locales: ['ja'] }, on);
      expect(customer.preferred_locales).toEqual(['ja']);
      const coupon = await stripe.coupons.create({ percent_off: 10, duration: 'once' }, on);
      const tax = await stripe.taxRates.create({ display_name: 'JCT', percentage: 10, inclusive: false }, on);
      const price = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 1000 }, on);
      const invoice = await stripe.invoices.create(
        { customer: customer.id, collection_method: 'send_invoice', days_until_due: 7, payment_settings: { payment_method_types: ['customer_balance'] }, discounts: [{ coupon: coupon.id }], default_tax_rates: [tax.id] },
        on,
      );
      await stripe.invoiceItems.create({ customer: customer.id, invoice: invoice.id, pricing: { price: price.id } }, on);
      const open = await stripe.invoices.finalizeInvoice(invoice.id, {}, on);
      // 1,000 less 10% is 900, plus 10% tax is 990.
      expect(open).toMatchObject({ subtotal: 1000, total: 990, amount_due: 990 });
      expect(open.total_discount_amounts).toEqual([expect.objectContaining({ amount: 100 })]);
      expect(open.total_taxes).toEqual([expect.objectContaining({ amount: 90, taxable_amount: 900, tax_rate_details: { tax_rate: tax.id } })]);
      expect(await (await fetch(open.hosted_invoice_url!, { headers: { 'accept-language': 'en-US' } })).text()).toContain('銀行振込で支払う');
    });

    it('sends an invoice with its lines for bank transfer, and its hosted page takes a simulated transfer', async () => {
      const customer = await stripe.customers.create({ email: 'transfer@example.test', name: '振込 太郎' }, on);
      const seminar = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 5000 }, on);
      const item = await stripe.invoiceItems.create({ customer: customer.id, pricing: { price: seminar.id }, description: 'Seminar ticket' }, on);
      expect(item).toMatchObject({ object: 'invoiceitem', amount: 5000, currency: 'jpy', invoice: null, description: 'Seminar ticket', pricing: { type: 'price_details', price_details: { price: seminar.id, product: product.id } } });
      const invoice = await stripe.invoices.create(
        { customer: customer.id, collection_method: 'send_invoice', days_until_due: 14, payment_settings: { payment_method_types: ['customer_balance'] }, metadata: { orderId: 'inv-1' }, auto_advance: false, pending_invoice_items_behavior: 'include' },
        on,
      );
      expect(invoice).toMatchObject({ ...invoiceShape, status: 'draft', number: null, collection_method: 'send_invoice', amount_due: 5000, total: 5000, subtotal: 5000, metadata: { orderId: 'inv-1' }, auto_advance: false });
      await stripe.invoiceItems.create({ customer: customer.id, invoice: invoice.id, amount: 700, currency: 'jpy', description: 'Handling' }, on);

      const open = await stripe.invoices.finalizeInvoice(invoice.id, {}, on);
      expect(open).toMatchObject({ status: 'open', number: expect.stringMatching(/^LOCAL-\d{4}$/), amount_due: 5700, amount_paid: 0, amount_remaining: 5700, hosted_invoice_url: expect.stringContaining(`/invoice/${invoice.id}`) });
      expect(open.lines.data.map((l) => [l.description, l.amount])).toEqual([['Seminar ticket', 5000], ['Handling', 700]]);
      expect(open.lines.data[0]).toMatchObject({ object: 'line_item', currency: 'jpy', period: { start: expect.any(Number), end: expect.any(Number) }, pricing: { price_details: { price: seminar.id } } });
      expect(open.due_date! - open.status_transitions.finalized_at!).toBe(14 * 86400);
      expect(open.payments!.data[0]).toMatchObject({ object: 'invoice_payment', status: 'open', amount_requested: 5700, payment: { type: 'payment_intent', payment_intent: expect.stringMatching(/^pi_/) } });
      await expect(stripe.paymentIntents.retrieve(intentOf(open), {}, on)).resolves.toMatchObject({ amount: 5700, payment_method_types: ['customer_balance'], status: 'requires_payment_method' });
      // An open invoice's metadata can still change, and nothing else.
      await expect(stripe.invoices.update(invoice.id, { metadata: { note: 'sent by mail' } }, on)).resolves.toMatchObject({ metadata: { orderId: 'inv-1', note: 'sent by mail' } });
      await expect(stripe.invoices.update(invoice.id, { description: 'late change' }, on)).rejects.toMatchObject({ code: 'invoice_not_editable' });
      await stripe.invoices.sendInvoice(invoice.id, {}, on);
      await expect.poll(() => eventsOf('invoice.sent', invoice.id).length, EVENT_WAIT).toBe(1);

      const ja = await (await fetch(`${open.hosted_invoice_url}?locale=ja`)).text();
      expect(ja).toContain('銀行振込で支払う');
      expect(ja).toContain('口座番号');
      expect(await (await fetch(open.hosted_invoice_url!, { headers: { 'accept-language': 'en-US' } })).text()).toContain('Simulate bank transfer (test mode)');
      expect((await fetch(`${open.hosted_invoice_url}?locale=en`, form({ action: 'simulate_transfer' }))).status).toBe(303);

      const paid = await stripe.invoices.retrieve(invoice.id, {}, on);
      expect(paid).toMatchObject({ status: 'paid', amount_paid: 5700, amount_remaining: 0, status_transitions: { paid_at: expect.any(Number) } });
      expect(await (await fetch(`${open.hosted_invoice_url}?locale=en`)).text()).toContain('This invoice is paid');
      await expect.poll(() => eventsOf('invoice.paid', invoice.id).length, EVENT_WAIT).toBe(1);
      await expect.poll(() => eventsOf('payment_intent.succeeded', intentOf(open)).length, EVENT_WAIT).toBe(1);
      const listed = await stripe.invoices.list({ customer: customer.id, status: 'paid' }, on);
      expect(listed.data.map((i) => i.id)).toEqual([invoice.id]);
    });

    it('voids, marks uncollectible, records payment out of band, and applies a funded cash balance', async () => {
      const customer = await stripe.customers.create({ email: 'ledger@example.test' }, on);
      const make = async (amount: number) => {
        const invoice = await stripe.invoices.create({ customer: customer.id, collection_method: 'send_invoice', days_until_due: 7, payment_settings: { payment_method_types: ['customer_balance'] } }, on);
        await stripe.invoiceItems.create({ customer: customer.id, invoice: invoice.id, amount, currency: 'jpy', description: `Fee ${amount}` }, on);
        return stripe.invoices.finalizeInvoice(invoice.id, {}, on);
      };
      const voided = await make(1000);
      await expect(stripe.invoices.voidInvoice(voided.id, {}, on)).resolves.toMatchObject({ status: 'void', status_transitions: { voided_at: expect.any(Number) } });
      await expect.poll(() => eventsOf('invoice.voided', voided.id).length, EVENT_WAIT).toBe(1);
      await expect(stripe.invoices.pay(voided.id, { paid_out_of_band: true }, on)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);

      const doubtful = await make(2000);
      await expect(stripe.invoices.markUncollectible(doubtful.id, {}, on)).resolves.toMatchObject({ status: 'uncollectible', status_transitions: { marked_uncollectible_at: expect.any(Number) } });
      await expect(stripe.invoices.pay(doubtful.id, { paid_out_of_band: true }, on)).resolves.toMatchObject({ status: 'paid', amount_remaining: 0 });

      const funded = await make(3000);
      const transfer = await stripe.testHelpers.customers.fundCashBalance(customer.id, { amount: 3000, currency: 'jpy' }, on);
      expect(transfer).toMatchObject({ object: 'customer_cash_balance_transaction', type: 'funded', net_amount: 3000, currency: 'jpy', customer: customer.id });
      await expect(stripe.invoices.retrieve(funded.id, {}, on)).resolves.toMatchObject({ status: 'paid', amount_paid: 3000 });
      await expect.poll(() => eventsOf('invoice.paid', funded.id).length, EVENT_WAIT).toBe(1);

      const statuses = (await stripe.invoices.list({ customer: customer.id }, on)).data.map((i) => [i.id, i.status]);
      expect(statuses).toEqual(expect.arrayContaining([[voided.id, 'void'], [doubtful.id, 'paid'], [funded.id, 'paid']]));
      expect((await stripe.invoices.list({ customer: customer.id, status: 'void' }, on)).data.map((i) => i.id)).toEqual([voided.id]);
    });
  });

  describe('subscriptions paid by bank transfer', () => {
    it('creates a send_invoice subscription payable by customer balance: active at once, its first invoice open until a transfer pays it', async () => {
      const customer = await stripe.customers.create({ email: 'transfer-sub@example.test' }, on);
      const price = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 980, recurring: { interval: 'month' } }, on);
      const tax = await stripe.taxRates.create({ display_name: 'JCT', percentage: 10, inclusive: false }, on);
      const coupon = await stripe.coupons.create({ percent_off: 50, duration: 'once' }, on);
      const sub = await stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [{ price: price.id }],
          collection_method: 'send_invoice',
          days_until_due: 7,
          payment_settings: { payment_method_types: ['customer_balance'], payment_method_options: { customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'jp_bank_transfer' } } } },
          discounts: [{ coupon: coupon.id }],
          default_tax_rates: [tax.id],
          metadata: { userId: 'u1' },
        },
        on,
      );
      expect(sub).toMatchObject({
        id: expect.stringMatching(/^sub_/),
        object: 'subscription',
        status: 'active',
        customer: customer.id,
        collection_method: 'send_invoice',
        days_until_due: 7,
        default_payment_method: null,
        latest_invoice: expect.stringMatching(/^in_/),
        metadata: { userId: 'u1' },
        payment_settings: { payment_method_types: ['customer_balance'], payment_method_options: { customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'jp_bank_transfer' } } } },
        items: { object: 'list', data: [expect.objectContaining({ object: 'subscription_item', price: expect.objectContaining({ id: price.id }), current_period_start: expect.any(Number), current_period_end: expect.any(Number) })] },
      });
      await expect.poll(() => eventsOf('customer.subscription.created', sub.id).length, EVENT_WAIT).toBe(1);
      const first = await stripe.invoices.retrieve(String(sub.latest_invoice), {}, on);
      // 980 less half (once), plus 10% on 490.
      expect(first).toMatchObject({
        status: 'open',
        collection_method: 'send_invoice',
        billing_reason: 'subscription_create',
        amount_due: 539,
        due_date: expect.any(Number),
        hosted_invoice_url: expect.stringContaining(`/invoice/${first.id}`),
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
        payment_settings: expect.objectContaining({ payment_method_types: ['customer_balance'] }),
      });
      expect(first.lines.data[0]).toMatchObject({ period: { start: sub.items.data[0]!.current_period_start, end: sub.items.data[0]!.current_period_end } });
      // Finalizing it again is refused as Stripe does; not enough balance cannot pay it.
      await expect(stripe.invoices.finalizeInvoice(first.id!, {}, on)).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'invoice_not_editable' });
      await expect(stripe.invoices.pay(first.id!, {}, on)).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
      await stripe.testHelpers.customers.fundCashBalance(customer.id, { amount: 539, currency: 'jpy' }, on);
      await expect(stripe.invoices.retrieve(first.id!, {}, on)).resolves.toMatchObject({ status: 'paid', amount_paid: 539 });
      await expect.poll(() => eventsOf('invoice.paid', first.id!).length, EVENT_WAIT).toBe(1);
      expect((await stripe.invoices.list({ subscription: sub.id, status: 'paid' }, on)).data.map((i) => i.id)).toEqual([first.id]);
    });

    it('starts a trial with a paid zero invoice, and refuses what Stripe refuses', async () => {
      const customer = await stripe.customers.create({ email: 'transfer-trial@example.test' }, on);
      const price = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 1980, recurring: { interval: 'month' } }, on);
      const base = { customer: customer.id, items: [{ price: price.id }], collection_method: 'send_invoice' as const, days_until_due: 7, payment_settings: { payment_method_types: ['customer_balance' as const] } };
      const trialing = await stripe.subscriptions.create({ ...base, trial_period_days: 14 }, on);
      expect(trialing).toMatchObject({ status: 'trialing', trial_end: trialing.trial_start! + 14 * 86400 });
      await expect(stripe.invoices.retrieve(String(trialing.latest_invoice), {}, on)).resolves.toMatchObject({ status: 'paid', amount_due: 0 });

      const oneTime = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 500 }, on);
      await expect(stripe.subscriptions.create({ ...base, items: [{ price: oneTime.id }] }, on)).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'items[0][price]' });
      await expect(stripe.subscriptions.create({ ...base, days_until_due: undefined }, on)).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'days_until_due' });
      await expect(stripe.subscriptions.create({ ...base, customer: 'cus_nosuch' }, on)).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing' });
      await expect(stripe.subscriptions.create({ ...base, discounts: [{ coupon: 'NOSUCH' }] }, on)).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing' });
    });
  });

  describe('prorations', () => {
    it('previews a price change with its proration, bills it at once with always_invoice, and leaves it for the renewal by default', async () => {
      const basic = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 3000, recurring: { interval: 'month' } }, on);
      const premium = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 6000, recurring: { interval: 'month' } }, on);
      const now = await subscribe(basic);
      const later = await subscribe(basic);
      const { id: itemId, current_period_start: start, current_period_end: end } = now.items.data[0];
      const half = start + (end - start) / 2;

      const preview = await stripe.invoices.createPreview(
        { customer: now.customer as string, subscription: now.id, subscription_details: { items: [{ id: itemId, price: premium.id }], proration_behavior: 'create_prorations', proration_date: half } },
        on,
      );
      expect(preview).toMatchObject({ object: 'invoice', status: 'draft', customer: now.customer, total: 7500, amount_due: 7500 });
      expect('id' in preview).toBe(false);
      expect(preview.lines.data.map((l) => l.amount)).toEqual([-1500, 3000, 6000]);
      expect(preview.lines.data[0]).toMatchObject({ description: expect.stringContaining('Unused time'), period: { start: half, end }, parent: { invoice_item_details: { proration: true } } });
      expect(preview.lines.data[2]).toMatchObject({ period: { start: end }, pricing: { price_details: { price: premium.id } } });

      await stripe.subscriptions.update(now.id, { items: [{ id: itemId, price: premium.id }], proration_behavior: 'always_invoice', proration_date: half }, on);
      const [billed] = (await stripe.invoices.list({ subscription: now.id }, on)).data.filter((i) => i.billing_reason === 'subscription_update');
      expect(billed).toMatchObject({ status: 'paid', amount_paid: 1500, total: 1500 });
      await expect.poll(() => eventsOf('invoice.paid', billed.id).length, EVENT_WAIT).toBe(1);

      await stripe.subscriptions.update(later.id, { items: [{ id: later.items.data[0].id, price: premium.id }], proration_behavior: 'create_prorations', proration_date: half }, on);
      expect((await stripe.invoices.list({ subscription: later.id }, on)).data.map((i) => i.billing_reason)).toEqual(['subscription_create']);
      const waiting = await stripe.invoiceItems.list({ customer: later.customer as string, pending: true }, on);
      expect(waiting.data.map((i) => [i.amount, i.proration]).sort()).toEqual([[-1500, true], [3000, true]]);
      // Back to basic without prorations: nothing more is billed for this change.
      await stripe.subscriptions.update(later.id, { items: [{ id: later.items.data[0].id, price: basic.id }], proration_behavior: 'none' }, on);
      await advanceTo(end);
      const renewal = (await stripe.invoices.list({ subscription: later.id }, on)).data.filter((i) => i.billing_reason === 'subscription_cycle');
      expect(renewal).toHaveLength(1);
      expect(renewal[0]).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle', total: 4500, amount_paid: 4500 });
      expect(renewal[0].lines.data.map((l) => l.amount).sort((a, b) => a - b)).toEqual([-1500, 3000, 3000]);
    });
  });

  describe('renewals that fail', () => {
    it('leaves a declined renewal open, moves the subscription to past_due then unpaid, and recovers when the invoices are paid', async () => {
      const monthly = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 1000, recurring: { interval: 'month' } }, on);
      const failing = await subscribe(monthly);
      const customer = failing.customer as string;
      const broken = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer }, on);
      await stripe.subscriptions.update(failing.id, { default_payment_method: broken.id }, on);

      await advanceTo(failing.items.data[0].current_period_end);
      const [first] = (await stripe.invoices.list({ subscription: failing.id, status: 'open' }, on)).data;
      expect(first).toMatchObject({ status: 'open', attempted: true, attempt_count: 1, amount_due: 1000, amount_remaining: 1000, billing_reason: 'subscription_cycle' });
      expect(first.lines.data[0]).toMatchObject({ amount: 1000, pricing: { price_details: { price: monthly.id } }, parent: { subscription_item_details: { subscription: failing.id } } });
      await expect(stripe.paymentIntents.retrieve(intentOf(first), {}, on)).resolves.toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } });
      const pastDue = await stripe.subscriptions.retrieve(failing.id, {}, on);
      expect(pastDue).toMatchObject({ status: 'past_due', latest_invoice: first.id });
      await expect.poll(() => eventsOf('invoice.payment_failed', first.id).length, EVENT_WAIT).toBe(1);
      await expect.poll(() => eventsOf('customer.subscription.updated', failing.id).some((e) => (e.data.object as Stripe.Subscription).status === 'past_due'), EVENT_WAIT).toBe(true);

      await advanceTo(pastDue.items.data[0].current_period_end);
      await expect(stripe.subscriptions.retrieve(failing.id, {}, on)).resolves.toMatchObject({ status: 'unpaid' });
      const open = (await stripe.invoices.list({ subscription: failing.id, status: 'open' }, on)).data;
      expect(open).toHaveLength(2);
      // Once unpaid, the next period's invoice is left a draft, not attempted.
      await advanceTo((await stripe.subscriptions.retrieve(failing.id, {}, on)).items.data[0].current_period_end);
      const [third] = (await stripe.invoices.list({ subscription: failing.id, limit: 1 }, on)).data;
      expect(third).toMatchObject({ status: 'draft', attempted: false, auto_advance: false, billing_reason: 'subscription_cycle' });
      await expect(stripe.subscriptions.retrieve(failing.id, {}, on)).resolves.toMatchObject({ status: 'unpaid', latest_invoice: third.id });

      const retried = await stripe.invoices.pay(first.id, {}, on).catch((e: unknown) => e);
      expect(retried).toBeInstanceOf(Stripe.errors.StripeCardError);
      await expect(stripe.invoices.retrieve(first.id, {}, on)).resolves.toMatchObject({ status: 'open', attempt_count: 2 });
      const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer }, on);
      for (const invoice of open) await expect(stripe.invoices.pay(invoice.id, { payment_method: visa.id }, on)).resolves.toMatchObject({ status: 'paid', amount_remaining: 0 });
      await expect(stripe.subscriptions.retrieve(failing.id, {}, on)).resolves.toMatchObject({ status: 'active' });
      await expect.poll(() => eventsOf('invoice.paid', first.id).length, EVENT_WAIT).toBe(1);
    });

    it('asks for 3-D Secure on a renewal with 4000 0025 0000 3155, and its authentication page pays the invoice', async () => {
      const monthly = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 1100, recurring: { interval: 'month' } }, on);
      const subscription = await subscribe(monthly);
      const secure = await stripe.paymentMethods.attach('pm_card_authenticationRequiredOnSetup', { customer: subscription.customer as string }, on);
      await stripe.subscriptions.update(subscription.id, { default_payment_method: secure.id }, on);

      await advanceTo(subscription.items.data[0].current_period_end);
      const [invoice] = (await stripe.invoices.list({ subscription: subscription.id, status: 'open' }, on)).data;
      const intent = await stripe.paymentIntents.retrieve(intentOf(invoice), {}, on);
      expect(intent).toMatchObject({ status: 'requires_action', amount: 1100, next_action: { type: 'redirect_to_url', redirect_to_url: { url: expect.stringContaining(`/checkout/authenticate/${intent.id}`) } } });
      await expect(stripe.subscriptions.retrieve(subscription.id, {}, on)).resolves.toMatchObject({ status: 'past_due' });
      await expect.poll(() => eventsOf('invoice.payment_action_required', invoice.id).length, EVENT_WAIT).toBe(1);

      const page = intent.next_action!.redirect_to_url!.url!;
      expect(await (await fetch(`${page}?locale=en`)).text()).toContain('Complete authentication');
      expect((await fetch(page, form({ action: 'authenticated' }))).status).toBe(200);
      await expect(stripe.invoices.retrieve(invoice.id, {}, on)).resolves.toMatchObject({ status: 'paid', amount_paid: 1100 });
      await expect(stripe.subscriptions.retrieve(subscription.id, {}, on)).resolves.toMatchObject({ status: 'active' });
      await expect.poll(() => eventsOf('invoice.paid', invoice.id).length, EVENT_WAIT).toBe(1);
    });
  });

  describe('webhook delivery', () => {
    it('retries an endpoint that failed, and keeps the event listed and retrievable', async () => {
      const attempts = new Map<string, number>();
      const flaky = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string };
          attempts.set(id, (attempts.get(id) ?? 0) + 1);
          // The first try of each event fails, as a busy server's would.
          res.writeHead(attempts.get(id) === 1 ? 503 : 200).end();
        });
      });
      await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', () => resolve()));
      const { port } = flaky.address() as { port: number };
      const retried = await stripe.webhookEndpoints.create({ url: `http://127.0.0.1:${port}/hook`, enabled_events: ['customer.updated'], connect: true });
      // Nothing listens on port 9 (discard): every try fails.
      const unreachable = await stripe.webhookEndpoints.create({ url: 'http://127.0.0.1:9/hook', enabled_events: ['customer.updated'], connect: true });
      try {
        const customer = await stripe.customers.create({ email: 'hooks@example.test' }, on);
        await stripe.customers.update(customer.id, { name: 'Hooked' }, on);
        const [event] = (await stripe.events.list({ type: 'customer.updated', limit: 1 }, on)).data;
        expect(event).toMatchObject({ type: 'customer.updated', data: { object: { id: customer.id, name: 'Hooked' } } });
        await expect.poll(() => attempts.get(event.id), { timeout: 3000 }).toBe(2);
        // Only the endpoint that answered 2xx is counted off: the unreachable one is still owed the event.
        await expect.poll(async () => (await stripe.events.retrieve(event.id, {}, on)).pending_webhooks, { timeout: 3000 }).toBe(1);
      } finally {
        await stripe.webhookEndpoints.del(retried.id);
        await stripe.webhookEndpoints.del(unreachable.id);
        await new Promise<void>((resolve) => flaky.close(() => resolve()));
      }
    });
  });
});
