import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import * as calls from '../../../shared/api/calls/payments';
import type { Price, Product, PurchasedInfo, TaxRate, Coupon } from '../../../shared/api/calls/payments';
import { newOperator, newPerson, type Caller } from '../content/people';
import { call } from '../support/api';
import { cancelSubscription } from '../../../lambdas/payments/subscriptions';
import { getTeam } from '../../../lambdas/core/entities/team';
import { addMonths } from '../../../lambdas/payments/minimum-usage';
import { connectedTeam, eventually, member, newPrice, newProduct, payOnHostedPage, subscriber } from './shop';

/**
 * SPEC §7 /stripe calls through the local gateway against the local Stripe stand-in: each call's success, bad
 * input, wrong role (a member; an administrator without the paying-manager category) and another team.
 */
let admin: Caller;
let product: Product;
let oneTime: Price;
let monthly: Price;

beforeAll(async () => {
  ({ admin } = await connectedTeam('Sales'));
  product = await newProduct(admin);
  oneTime = await newPrice(admin, product.id);
  monthly = await newPrice(admin, product.id, { nickname: 'Monthly', type: 'recurring', interval: 'month', trialDays: 7, unitAmount: 980, validDays: undefined });
});

describe('catalogue: products, prices, coupons, tax rates', () => {
  it('creates and lists products and prices, with the SPEC fields', async () => {
    expect(product).toMatchObject({ id: expect.stringMatching(/^prod_/), name: 'Premium course', currency: 'jpy', active: true });
    expect(oneTime).toMatchObject({ productId: product.id, type: 'one_time', unitAmount: 1000, validDays: 30, active: true });
    expect(monthly).toMatchObject({ type: 'recurring', interval: 'month', trialDays: 7 });
    const products = await call(calls.getProductsCall, admin.ctx, admin.token);
    expect((products.body as { products: Product[] }).products.map((p) => p.id)).toContain(product.id);
    const prices = await call(calls.getPricesCall, { ...admin.ctx, productId: product.id }, admin.token);
    expect((prices.body as { prices: Price[] }).prices.map((p) => p.id).sort()).toEqual([oneTime.id, monthly.id].sort());
  });

  it('edits what Stripe lets change and refuses an amount change (a new price is the way)', async () => {
    const renamed = await call(calls.savePriceCall, { ...admin.ctx, id: oneTime.id, productId: product.id, nickname: 'Thirty days', unitAmount: 1000, currency: 'jpy', type: 'one_time', validDays: 30, metadata: { plan: 'a' } }, admin.token);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ nickname: 'Thirty days', metadata: { plan: 'a' } });
    const repriced = await call(calls.savePriceCall, { ...admin.ctx, id: oneTime.id, productId: product.id, nickname: 'x', unitAmount: 2000, currency: 'jpy', type: 'one_time' }, admin.token);
    expect(repriced.status).toBe(400);
    expect(repriced.body.error).toMatchObject({ code: 'common/illegal_operation', fields: { unitAmount: 'common/illegal_operation' } });
  });

  it('answers the SPEC §5 price rules per field', async () => {
    const low = await call(calls.savePriceCall, { ...admin.ctx, productId: product.id, nickname: 'Cheap', unitAmount: 49, currency: 'jpy', type: 'one_time' }, admin.token);
    expect(low.status).toBe(400);
    expect(low.body.error?.fields).toMatchObject({ unitAmount: 'validation/price_below_minimum' });
    const trial = await call(calls.savePriceCall, { ...admin.ctx, productId: product.id, nickname: 'Short trial', unitAmount: 500, currency: 'jpy', type: 'recurring', interval: 'week', trialDays: 2 }, admin.token);
    expect(trial.body.error?.fields).toMatchObject({ trialDays: 'validation/trial_days_too_short' });
    const noInterval = await call(calls.savePriceCall, { ...admin.ctx, productId: product.id, nickname: 'x', unitAmount: 500, currency: 'jpy', type: 'recurring' }, admin.token);
    expect(noInterval.body.error?.fields).toMatchObject({ interval: 'validation/interval_required' });
  });

  it('holds the language to the currency (SPEC §8): a Japanese site sells in yen', async () => {
    const usd = await call(calls.saveProductCall, { ...admin.ctx, name: 'Dollar course', currency: 'usd' }, admin.token);
    expect(usd.status).toBe(400);
    expect(usd.body.error).toMatchObject({ code: 'payment/language_currency_mismatch', fields: { currency: 'payment/language_currency_mismatch' } });
  });

  it('creates coupons (percent, amount) and tax rates; a tax rate keeps its percentage', async () => {
    const percent = await call(calls.createCouponCall, { ...admin.ctx, id: `WELCOME${Date.now()}`, name: 'Welcome', discount: { type: 'percent', percentOff: 20 }, duration: 'once' }, admin.token);
    expect(percent.status).toBe(200);
    expect(percent.body).toMatchObject({ type: 'percent', percentOff: 20, duration: 'once', valid: true });
    const amount = await call(calls.createCouponCall, { ...admin.ctx, name: 'Minus 300', discount: { type: 'amount', amountOff: 300, currency: 'jpy' }, duration: 'repeating', durationInMonths: 3 }, admin.token);
    expect(amount.body).toMatchObject({ type: 'amount', amountOff: 300, durationInMonths: 3 });
    const badPercent = await call(calls.createCouponCall, { ...admin.ctx, name: 'Too much', discount: { type: 'percent', percentOff: 120 }, duration: 'once' }, admin.token);
    expect(badPercent.body.error?.fields).toMatchObject({ 'discount.percentOff': 'validation/percent_out_of_range' });
    const coupons = await call(calls.getCouponsCall, admin.ctx, admin.token);
    expect((coupons.body as { coupons: Coupon[] }).coupons.map((c) => c.id)).toContain((percent.body as Coupon).id);

    const rate = await call(calls.saveTaxRateCall, { ...admin.ctx, displayName: 'Consumption tax', percentage: 10, inclusive: false }, admin.token);
    expect(rate.body).toMatchObject({ displayName: 'Consumption tax', percentage: 10, inclusive: false, active: true });
    const renamed = await call(calls.saveTaxRateCall, { ...admin.ctx, id: (rate.body as TaxRate).id, displayName: '消費税', percentage: 10, inclusive: false }, admin.token);
    expect(renamed.body).toMatchObject({ displayName: '消費税' });
    const changed = await call(calls.saveTaxRateCall, { ...admin.ctx, id: (rate.body as TaxRate).id, displayName: '消費税', percentage: 8, inclusive: false }, admin.token);
    expect(changed.body.error).toMatchObject({ code: 'common/illegal_operation', fields: { percentage: 'common/illegal_operation' } });
    const over = await call(calls.saveTaxRateCall, { ...admin.ctx, displayName: 'Too much', percentage: 100, inclusive: false }, admin.token);
    expect(over.body.error?.fields).toMatchObject({ percentage: 'validation/tax_rate_out_of_range' });
  });

  it('refuses a member and an administrator without the paying-manager category', async () => {
    const someone = await member(admin.teamId);
    const contents = await newPerson(admin.teamId, 'admin', ['contentsManager']);
    for (const who of [someone, contents]) {
      for (const [def, input] of [
        [calls.getProductsCall, {}],
        [calls.saveProductCall, { name: 'x', currency: 'jpy' }],
        [calls.getPricesCall, {}],
        [calls.savePriceCall, { productId: product.id, nickname: 'x', unitAmount: 500, currency: 'jpy', type: 'one_time' }],
        [calls.getCouponsCall, {}],
        [calls.createCouponCall, { name: 'x', discount: { type: 'percent', percentOff: 5 }, duration: 'once' }],
        [calls.getTaxRatesCall, {}],
        [calls.saveTaxRateCall, { displayName: 'x', percentage: 5, inclusive: false }],
        [calls.startConnectCall, {}],
        [calls.disconnectCall, {}],
      ] as const) {
        const res = await call(def, { ...who.ctx, ...input }, who.token);
        expect(res.status, `${def.path}`).toBe(403);
        expect(res.body.error?.code).toBe('common/no_operation_authority');
      }
    }
    const billing = await newPerson(admin.teamId, 'admin', ['payingManager']);
    expect((await call(calls.getProductsCall, billing.ctx, billing.token)).status).toBe(200);
  });

  it("never reaches another team's account: another team's ids are not found there", async () => {
    const { admin: other } = await connectedTeam('Other shop');
    const price = await call(calls.savePriceCall, { ...other.ctx, id: oneTime.id, productId: product.id, nickname: 'x', unitAmount: 1000, currency: 'jpy', type: 'one_time' }, other.token);
    expect(price.status).toBe(404);
    const products = await call(calls.getProductsCall, other.ctx, other.token);
    expect((products.body as { products: Product[] }).products.map((p) => p.id)).not.toContain(product.id);
    // stripeAccount in the body is ignored (SPEC §7 sends it; the server reads the team's own).
    const sneaky = await call(calls.getProductsCall, { ...other.ctx, stripeAccount: 'acct_anything' }, other.token);
    expect((sneaky.body as { products: Product[] }).products.map((p) => p.id)).not.toContain(product.id);
    // Operated ids of a team the caller is not in: refused before any work.
    const cross = await call(calls.getProductsCall, admin.ctx, other.token);
    expect(cross.status).toBe(403);
  });

  it('asks a team without a connected account to connect first', async () => {
    const fresh = await newOperator('Not yet selling');
    const res = await call(calls.getProductsCall, fresh.ctx, fresh.token);
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('payment/not_connected');
    const status = await call(calls.getConnectionCall, fresh.ctx, fresh.token);
    expect(status.body).toEqual({ state: 'none', chargesEnabled: false, detailsSubmitted: false });
  });
});

describe('member purchase through Checkout', () => {
  it('shows the offers of a price list, with tax, and leaves out unknown prices', async () => {
    const buyer = await member(admin.teamId);
    const res = await call(calls.getOffersCall, { ...buyer.ctx, priceIds: [oneTime.id, monthly.id, 'price_unknown123'] }, buyer.token);
    expect(res.status).toBe(200);
    const offers = (res.body as { offers: calls.PriceOffer[] }).offers;
    expect(offers.map((o) => o.price.id).sort()).toEqual([oneTime.id, monthly.id].sort());
    const oneTimeOnly = await call(calls.getOffersCall, { ...buyer.ctx, priceIds: [oneTime.id, monthly.id], onlyOneTime: true }, buyer.token);
    expect((oneTimeOnly.body as { offers: calls.PriceOffer[] }).offers.map((o) => o.price.id)).toEqual([oneTime.id]);
    const info = await call(calls.getProductInfoCall, { ...buyer.ctx, product: product.id }, buyer.token);
    expect(info.body).toMatchObject({ product: { id: product.id, name: 'Premium course' } });
  });

  it('grants a one-time purchase after the webhook, not from the redirect', async () => {
    const buyer = await member(admin.teamId);
    const session = await call(calls.createSessionCall, { ...buyer.ctx, price: oneTime.id, successPath: `/user/${admin.teamId}/purchased`, cancelPath: `/user/${admin.teamId}` }, buyer.token);
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const { url } = session.body as { url: string };
    const before = await call(calls.getPurchasedCall, buyer.ctx, buyer.token);
    expect((before.body as { purchases: PurchasedInfo[] }).purchases).toEqual([]);
    const paid = await payOnHostedPage(url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.location).toContain(`/user/${admin.teamId}/purchased?checkout=success`);
    const purchases = await eventually(async () => {
      const res = await call(calls.getPurchasedCall, buyer.ctx, buyer.token);
      const list = (res.body as { purchases: PurchasedInfo[] }).purchases;
      return list.length ? list : undefined;
    });
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ kind: 'one_time', priceId: oneTime.id, productName: 'Premium course', state: 'success', amount: 1000, currency: 'jpy' });
    const days = (Date.parse(purchases[0]!.accessUntil!) - Date.parse(purchases[0]!.purchasedAt)) / 86_400_000;
    expect(days).toBe(30);
    // Bought once, it cannot be bought again while it lasts.
    const again = await call(calls.createSessionCall, { ...buyer.ctx, price: oneTime.id, successPath: `/user/${admin.teamId}`, cancelPath: `/user/${admin.teamId}` }, buyer.token);
    expect(again.body.error?.code).toBe('common/illegal_operation');
    const payments = await call(calls.getOneTimePaymentsCall, buyer.ctx, buyer.token);
    expect((payments.body as { payments: calls.OneTimePayment[] }).payments).toEqual([expect.objectContaining({ state: 'success', amount: 1000, priceId: oneTime.id, method: 'card', productName: 'Premium course' })]);
  });

  it('grants nothing when the card is declined', async () => {
    const buyer = await member(admin.teamId);
    const session = await call(calls.createSessionCall, { ...buyer.ctx, price: oneTime.id, successPath: `/user/${admin.teamId}`, cancelPath: `/user/${admin.teamId}` }, buyer.token);
    const declined = await payOnHostedPage((session.body as { url: string }).url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('declined');
    await new Promise((r) => setTimeout(r, 500));
    const res = await call(calls.getPurchasedCall, buyer.ctx, buyer.token);
    expect((res.body as { purchases: PurchasedInfo[] }).purchases).toEqual([]);
    // Back in the app, the reason is SPEC §8's message; each decline code has its own.
    const sessionId = (session.body as { id: string }).id;
    const result = await call(calls.getCheckoutResultCall, { ...buyer.ctx, sessionId }, buyer.token);
    expect(result.body).toEqual({ status: 'open', paid: false, error: 'payment/card_declined' });
    await payOnHostedPage((session.body as { url: string }).url, '4000 0000 0000 9995');
    const funds = await call(calls.getCheckoutResultCall, { ...buyer.ctx, sessionId }, buyer.token);
    expect(funds.body).toMatchObject({ error: 'payment/insufficient_funds' });
    // Another member cannot read it.
    const other = await member(admin.teamId);
    const peek = await call(calls.getCheckoutResultCall, { ...other.ctx, sessionId }, other.token);
    expect(peek.status).toBe(404);
    // The same session then pays with a good card: one purchase, no error left.
    expect((await payOnHostedPage((session.body as { url: string }).url, '4242424242424242')).status).toBe(303);
    await eventually(async () => {
      const list = ((await call(calls.getPurchasedCall, buyer.ctx, buyer.token)).body as { purchases: PurchasedInfo[] }).purchases;
      return list.length === 1 ? list : undefined;
    });
    expect((await call(calls.getCheckoutResultCall, { ...buyer.ctx, sessionId }, buyer.token)).body).toEqual({ status: 'complete', paid: true });
  });

  it('refuses an unknown coupon code and a malformed return path', async () => {
    const buyer = await member(admin.teamId);
    const coupon = await call(calls.createSessionCall, { ...buyer.ctx, price: oneTime.id, coupon: 'NOSUCHCODE', successPath: `/user/${admin.teamId}`, cancelPath: `/user/${admin.teamId}` }, buyer.token);
    expect(coupon.status).toBe(400);
    expect(coupon.body.error?.code).toBe('payment/invalid_coupon');
    const elsewhere = await call(calls.createSessionCall, { ...buyer.ctx, price: oneTime.id, successPath: 'https://evil.example/steal', cancelPath: `/user/${admin.teamId}` }, buyer.token);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error?.fields).toMatchObject({ successPath: 'validation/invalid_value' });
  });

  it('runs a subscription: trial, cancel scheduled, restart, and another member cannot touch it', async () => {
    const buyer = await member(admin.teamId);
    const session = await call(calls.createSessionCall, { ...buyer.ctx, price: monthly.id, successPath: `/user/${admin.teamId}`, cancelPath: `/user/${admin.teamId}` }, buyer.token);
    await payOnHostedPage((session.body as { url: string }).url, '4242424242424242');
    const [sub] = await eventually(async () => {
      const list = ((await call(calls.getPurchasedCall, buyer.ctx, buyer.token)).body as { purchases: PurchasedInfo[] }).purchases;
      return list.length ? list : undefined;
    });
    expect(sub).toMatchObject({ kind: 'subscription', priceId: monthly.id, state: 'trialing', interval: 'month' });
    expect(sub!.trialEnd).toBeDefined();

    const intruder = await member(admin.teamId);
    const stolen = await call(calls.cancelSubscriptionCall, { ...intruder.ctx, subscription: sub!.id }, intruder.token);
    expect(stolen.status).toBe(403);
    expect(stolen.body.error?.code).toBe('subscription/not_purchased');

    const cancelled = await call(calls.cancelSubscriptionCall, { ...buyer.ctx, subscription: sub!.id }, buyer.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'cancel_scheduled' });
    const restarted = await call(calls.restartSubscriptionCall, { ...buyer.ctx, subscription: sub!.id }, buyer.token);
    expect(restarted.body).toMatchObject({ state: 'trialing' });
    const again = await call(calls.restartSubscriptionCall, { ...buyer.ctx, subscription: sub!.id }, buyer.token);
    expect(again.body.error?.code).toBe('common/illegal_operation');

    // An administrator with billing sees the member's purchases; another team's administrator does not.
    const seen = await call(calls.getPurchasedCall, { ...admin.ctx, userId: buyer.userId }, admin.token);
    expect((seen.body as { purchases: PurchasedInfo[] }).purchases.map((p) => p.id)).toEqual([sub!.id]);
    const { admin: other } = await connectedTeam('Elsewhere');
    const foreign = await call(calls.getPurchasedCall, { ...other.ctx, userId: buyer.userId }, other.token);
    expect(foreign.status).toBe(404);
    const memberPeek = await call(calls.getPurchasedCall, { ...intruder.ctx, userId: buyer.userId }, intruder.token);
    expect(memberPeek.status).toBe(403);
  });

  it('holds a subscription to its minimum usage period (SPEC §4), counted from the start with the months of the price it began on', async () => {
    const bad = await call(calls.savePriceCall, { ...admin.ctx, productId: product.id, nickname: 'Once', unitAmount: 500, currency: 'jpy', type: 'one_time', minimumUsageMonths: 3 }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toMatchObject({ minimumUsageMonths: 'validation/minimum_usage_months_invalid' });
    const tooLong = await call(calls.savePriceCall, { ...admin.ctx, productId: product.id, nickname: 'Long', unitAmount: 500, currency: 'jpy', type: 'recurring', interval: 'month', minimumUsageMonths: 37 }, admin.token);
    expect(tooLong.body.error?.fields).toMatchObject({ minimumUsageMonths: 'validation/minimum_usage_months_invalid' });

    const bound = await newPrice(admin, product.id, { nickname: 'Yearly commitment', type: 'recurring', interval: 'month', unitAmount: 1500, validDays: undefined, minimumUsageMonths: 3 });
    expect(bound.minimumUsageMonths).toBe(3);
    const { buyer, sub } = await subscriber(admin, bound, '4242424242424242');
    expect(sub.cancellableFrom).toBe(addMonths(sub.purchasedAt, 3));

    const early = await call(calls.cancelSubscriptionCall, { ...buyer.ctx, subscription: sub.id }, buyer.token);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'subscription/minimum_usage_period', values: { date: sub.cancellableFrom } });

    // Editing the price later binds only new subscribers: this one keeps its three months.
    const edited = await call(calls.savePriceCall, { ...admin.ctx, id: bound.id, productId: product.id, nickname: bound.nickname, unitAmount: 1500, currency: 'jpy', type: 'recurring', interval: 'month' }, admin.token);
    expect(edited.status).toBe(200);
    expect((edited.body as Price).minimumUsageMonths).toBeUndefined();
    const still = await call(calls.cancelSubscriptionCall, { ...buyer.ctx, subscription: sub.id }, buyer.token);
    expect(still.body.error?.code).toBe('subscription/minimum_usage_period');

    // Once the period is over the member may cancel (the domain, with its clock past the date).
    const team = (await getTeam(admin.teamId))!;
    const later = new Date(Date.parse(sub.cancellableFrom!) + 60_000);
    await expect(cancelSubscription(team, buyer.userId, sub.id, later)).resolves.toMatchObject({ state: 'cancel_scheduled' });
  });
});
