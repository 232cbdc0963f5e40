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
  it('creates, retrieves and lists a connected account ready to take payments', async () => {
    expect(account).toMatchObject({ id: expect.stringMatching(/^acct_/), object: 'account', type: 'standard', charges_enabled: true, payouts_enabled: true, details_submitted: true, metadata: { teamId: 'contract' } });
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

    await expect.poll(() => eventsOf('checkout.session.completed', session.id).length).toBe(1);
    const completed = eventsOf('checkout.session.completed', session.id)[0];
    expect(completed).toMatchObject({ object: 'event', account: account.id, livemode: false });
    expect(completed.data.object).toMatchObject({ metadata: { videoId: 'v1', userId: 'u1' }, payment_status: 'paid' });
    await expect.poll(() => eventsOf('payment_intent.succeeded', done.payment_intent as string).length).toBe(1);
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
    await expect.poll(() => received.filter((e) => e.type === 'payment_intent.payment_failed' && e.account === account.id).length).toBeGreaterThanOrEqual(4);
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
    const listed = await stripe.subscriptions.list({ customer: customer.id }, on);
    expect(listed.data.map((s) => s.id)).toEqual([subscription.id]);
    await expect.poll(() => eventsOf('customer.subscription.created', subscription.id).length).toBe(1);

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
    const changed = await stripe.subscriptions.update(renewing.id, { items: [{ id: renewing.items.data[0].id, price: yearly.id }] }, on);
    expect(changed.items.data[0].price.id).toBe(yearly.id);
    await expect(stripe.subscriptions.cancel(stopped.id, {}, on)).resolves.toMatchObject({ status: 'canceled' });

    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: periodEnd + 3600 });

    const renewed = await stripe.subscriptions.retrieve(renewing.id, {}, on);
    expect(renewed).toMatchObject({ status: 'active' });
    expect(renewed.items.data[0].current_period_start).toBe(periodEnd);
    const invoices = await stripe.invoices.list({ customer: renewed.customer as string }, on);
    expect(invoices.data).toHaveLength(1);
    expect(invoices.data[0]).toMatchObject({ status: 'paid', amount_paid: 12000, period_start: periodEnd });
    await expect.poll(() => received.filter((e) => e.type === 'invoice.paid' && (e.data.object as Stripe.Invoice).id === invoices.data[0].id).length).toBe(1);

    await expect(stripe.subscriptions.retrieve(ending.id, {}, on)).resolves.toMatchObject({ status: 'canceled', ended_at: ending.items.data[0].current_period_end });
    await expect.poll(() => eventsOf('customer.subscription.deleted', ending.id).length).toBe(1);
    // The one cancelled at once was not renewed, nor deleted a second time.
    await expect.poll(() => eventsOf('customer.subscription.deleted', stopped.id).length).toBe(1);
    await expect(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: periodEnd - 86400 })).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('expires an open session, after which its page refuses to take a payment', async () => {
    const price = await stripe.prices.create({ product: product.id, currency: 'jpy', unit_amount: 800 }, on);
    const session = await stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price: price.id, quantity: 1 }], success_url: 'http://localhost:3000/ok' }, on);
    await expect(stripe.checkout.sessions.expire(session.id, {}, on)).resolves.toMatchObject({ status: 'expired' });
    expect((await pay(session, card('4242424242424242'))).status).toBe(410);
    await expect(stripe.checkout.sessions.expire(session.id, {}, on)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});
