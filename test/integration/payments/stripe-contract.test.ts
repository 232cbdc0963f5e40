import '../support/platform-env';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { stripeClient } from '../../../lambdas/platform/payments';

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
