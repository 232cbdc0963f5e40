import type Stripe from 'stripe';
import type { z } from 'zod/mini';
import type { CheckoutResult, createSessionInput, PriceOffer, ProductInfo, ProductSummary } from '../../shared/api/calls/payments';
import { normalizeEmail } from '../../shared/rules/email';
import { AppError } from '../core/http/app-error';
import { platformConfig } from '../platform/config';
import { stripeClient } from '../platform/payments';
import type { Team } from '../core/entities/team';
import { updateTeamUser, type TeamUser } from '../core/entities/team-user';
import { checkCurrency, getPrice, getProduct, productOfPrice, toPrice, toProduct, toTaxRate, withImageUrl } from '../core/entities/catalogue';
import { connectedAccount } from '../core/entities/connect';
import { minimumUsageMetadata } from './minimum-usage';
import { memberEntitlements } from '../core/entities/purchase';
import { declineMessage, viaStripe } from '../core/stripe-errors';

/** What a member sees of prices and buys through Stripe Checkout (SPEC §7 get_product_info, create_session). */

const on = (account: string): Stripe.RequestOptions => ({ stripeAccount: account });

/** The price with exclusive tax added, in the smallest unit (Stripe rounds each line's tax the same way). */
export const withTax = (amount: number, rate: { percentage: number; inclusive: boolean } | undefined): number =>
  rate && !rate.inclusive ? amount + Math.round((amount * rate.percentage) / 100) : amount;

/** What a buyer sees of a product: the thumbnail as a signed URL, never its key. */
async function summaryOf(product: Stripe.Product): Promise<ProductSummary> {
  const { id, name, description, currency, imageUrl } = await withImageUrl(toProduct(product));
  return { id, name, description, currency, ...(imageUrl ? { imageUrl } : {}) };
}

async function offersOf(account: string, prices: Stripe.Price[]): Promise<PriceOffer[]> {
  const stripe = await viaStripe(() => stripeClient());
  const rates = new Map<string, Stripe.TaxRate | undefined>();
  const offers: PriceOffer[] = [];
  for (const p of prices) {
    const product = await productOfPrice(account, p);
    if (!p.active || !product.active) continue;
    const rateId = toProduct(product).taxRateId;
    if (rateId && !rates.has(rateId)) rates.set(rateId, await viaStripe(() => stripe.taxRates.retrieve(rateId, {}, on(account))).catch(() => undefined));
    const rate = rateId ? rates.get(rateId) : undefined;
    offers.push({
      price: toPrice(p),
      product: await summaryOf(product),
      ...(rate?.active ? { taxRate: toTaxRate(rate) } : {}),
      unitAmountWithTax: withTax(p.unit_amount ?? 0, rate?.active ? rate : undefined),
    });
  }
  return offers;
}

/** The active prices among a content item's `priceIds` (unknown or another account's ids are left out). */
export async function offersFor(team: Team, priceIds: readonly string[], onlyOneTime: boolean): Promise<PriceOffer[]> {
  const account = connectedAccount(team);
  const stripe = await viaStripe(() => stripeClient());
  const prices = await Promise.all(
    [...new Set(priceIds)].map((id) =>
      stripe.prices.retrieve(id, { expand: ['product'] }, on(account)).catch((e: { code?: string }) => {
        if (e?.code === 'resource_missing') return undefined;
        throw e;
      }),
    ),
  ).catch((e: unknown) => viaStripe(() => Promise.reject(e)));
  return offersOf(account, prices.filter((p): p is Stripe.Response<Stripe.Price> => !!p && (!onlyOneTime || p.type === 'one_time')));
}

export async function productInfo(team: Team, productId: string): Promise<ProductInfo> {
  const account = connectedAccount(team);
  const stripe = await viaStripe(() => stripeClient());
  // SPEC §8: a product that does not exist, is another account's or is no longer sold is `product/not_found`.
  const product = await getProduct(account, productId);
  if (!product.active) throw new AppError('product/not_found');
  const prices = await viaStripe(() => stripe.prices.list({ product: productId, active: true, limit: 100, expand: ['data.product'] }, on(account)).autoPagingToArray({ limit: 1000 }));
  return { product: await summaryOf(product), offers: await offersOf(account, prices) };
}

/** The member's customer in the team's connected account, created on their first purchase. */
export async function customerOf(account: string, user: TeamUser): Promise<string> {
  if (user.paymentCustomerId && user.paymentAccountId === account) return user.paymentCustomerId;
  const stripe = await viaStripe(() => stripeClient());
  const customer = await viaStripe(() =>
    stripe.customers.create({ email: normalizeEmail(user.email), name: user.name, metadata: { teamId: user.teamId, userId: user.userId } }, { ...on(account), idempotencyKey: `customer-${account}-${user.userId}` }),
  );
  await updateTeamUser(user.teamId, user.userId, { set: { paymentCustomerId: customer.id, paymentAccountId: account } });
  return customer.id;
}

/** The caller's own session only: another member's session id is answered as not found. */
export async function checkoutResult(team: Team, userId: string, sessionId: string): Promise<CheckoutResult> {
  const account = connectedAccount(team);
  const stripe = await viaStripe(() => stripeClient());
  const session = await viaStripe(() => stripe.checkout.sessions.retrieve(sessionId, {}, on(account)));
  if (session.client_reference_id !== userId) throw new AppError('common/not_found');
  const intentId = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  const intent = intentId ? await viaStripe(() => stripe.paymentIntents.retrieve(intentId, {}, on(account))) : undefined;
  const failure = intent?.last_payment_error;
  return {
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    paid: session.payment_status !== 'unpaid',
    ...(failure && session.status !== 'complete' ? { error: declineMessage(failure.code, failure.decline_code) } : {}),
  };
}

export const appUrl = (path: string, extra: string) => `${platformConfig().appOrigin}${path}${path.includes('?') ? '&' : '?'}${extra}`;

/**
 * Opens Stripe Checkout for one price. The kind (payment or subscription), the trial and the valid days come
 * from the price, the buyer from the caller's record, the account from the team. Nothing is granted here: the
 * purchase appears when Stripe's webhook says it was paid.
 */
export async function createCheckout(team: Team, user: TeamUser, input: z.output<typeof createSessionInput>, now: Date): Promise<{ id: string; url: string }> {
  const account = connectedAccount(team);
  const stripe = await viaStripe(() => stripeClient());
  // SPEC §8: a price that does not exist, is another account's or is not on sale (itself or its product) is `price/not_found`.
  const price = await getPrice(account, input.price, ['product']);
  const product = await productOfPrice(account, price);
  if (!price.active || !product.active) throw new AppError('price/not_found', { price: 'price/not_found' });
  checkCurrency(team.language, price.currency, 'price');
  const held = await memberEntitlements(team.teamId, user.userId);
  if (held.some((p) => p.priceId === price.id && (!p.expiresAt || p.expiresAt > now.toISOString()))) throw new AppError('common/illegal_operation');
  let coupon: Stripe.Coupon | undefined;
  if (input.coupon) {
    coupon = await viaStripe(() => stripe.coupons.retrieve(input.coupon!, { expand: ['applies_to'] }, on(account)), 'payment/invalid_coupon');
    const applies = coupon.applies_to?.products;
    if (!coupon.valid || (applies?.length && !applies.includes(product.id)) || (coupon.amount_off !== null && coupon.currency !== price.currency)) {
      throw new AppError('payment/invalid_coupon', { coupon: 'payment/invalid_coupon' });
    }
  }
  const taxRateId = toProduct(product).taxRateId;
  const customer = await customerOf(account, user);
  const metadata = { teamId: team.teamId, userId: user.userId, priceId: price.id };
  const recurring = price.type === 'recurring';
  const session = await viaStripe(() =>
    stripe.checkout.sessions.create(
      {
        mode: recurring ? 'subscription' : 'payment',
        customer,
        client_reference_id: user.userId,
        line_items: [{ price: price.id, quantity: 1, ...(taxRateId ? { tax_rates: [taxRateId] } : {}) }],
        ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
        success_url: appUrl(input.successPath, 'checkout=success'),
        cancel_url: appUrl(input.cancelPath, 'checkout=cancel'),
        locale: input.locale ?? (team.language === 'en' ? 'en' : 'ja'),
        metadata,
        ...(recurring
          ? {
              subscription_data: {
                metadata: { ...metadata, ...minimumUsageMetadata(toPrice(price)) },
                ...(price.recurring?.trial_period_days ? { trial_period_days: price.recurring.trial_period_days } : {}),
              },
            }
          : { payment_intent_data: { metadata } }),
      },
      on(account),
    ),
  );
  if (!session.url) throw new AppError('payment/info_not_loaded');
  return { id: session.id, url: session.url };
}
