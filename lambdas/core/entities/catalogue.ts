import type Stripe from 'stripe';
import type { Coupon, Price, Product, TaxRate } from '../../../shared/api/calls/payments';
import type { Currency, Interval } from '../../../shared/constants';
import type { Language } from '../../../shared/api/calls/teams';
import type { z } from 'zod/mini';
import type { createCouponInput, productInput, savePriceInput, saveTaxRateInput } from '../../../shared/api/calls/payments';
import { AppError } from '../http/app-error';
import { stripeClient } from '../../platform/payments';
import type { Team } from './team';
import { connectedAccount } from './connect';
import { stripeFailure, viaStripe } from '../stripe-errors';
import { checkStoredFile } from '../media/file-upload';
import { signMediaUrl } from '../media/playback-cookies';

/**
 * SPEC §2 /admin/stripe: the team's products, prices, coupons and tax rates, kept in its connected Stripe
 * account (Stripe is their only store: nothing to keep in step). Fields Stripe has no place for travel in
 * metadata under `platform_*` keys, which operators' own metadata cannot overwrite.
 */
const META = {
  currency: 'platform_currency',
  taxRate: 'platform_tax_rate',
  description: 'platform_description',
  /**
   * The thumbnail's upload key (SPEC §3 Product thumbnail). Not Stripe's `images`: those must be public URLs that
   * Stripe and every reader fetch for as long as the product lives, and the platform's media are private (signed,
   * short-lived URLs). The key stays ours; a URL is signed for whoever reads the product (`withImageUrl`).
   */
  image: 'platform_image',
  validDays: 'platform_valid_days',
  minimumUsageMonths: 'platform_minimum_usage_months',
} as const;
const LIST_MAX = 1000;

/** SPEC §8 "language must match payment currency": a Japanese site sells in yen, an English one in dollars. */
export const currencyOfLanguage = (language: Language): Currency => (language === 'en' ? 'usd' : 'jpy');

export function checkCurrency(language: Language, currency: string, field = 'currency'): void {
  if (currency !== currencyOfLanguage(language)) throw new AppError('payment/language_currency_mismatch', { [field]: 'payment/language_currency_mismatch' });
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const ownMetadata = (metadata: Record<string, string>) => Object.fromEntries(Object.entries(metadata).filter(([k]) => !k.startsWith('platform_')));

export function toProduct(p: Stripe.Product): Product {
  return {
    id: p.id,
    name: p.name,
    description: p.metadata[META.description] ?? p.description ?? '',
    active: p.active,
    currency: (p.metadata[META.currency] as Currency | undefined) ?? 'jpy',
    ...(p.metadata[META.taxRate] ? { taxRateId: p.metadata[META.taxRate] } : {}),
    imageKey: p.metadata[META.image] || null,
    createdAt: iso(p.created),
  };
}

/** A thumbnail key must be an upload of the team's own, stored as a product image (else 400 on `imageKey`). */
export async function checkProductImage(teamId: string, imageKey: string | null): Promise<void> {
  const bad = imageKey ? await checkStoredFile(teamId, 'productImage', imageKey) : undefined;
  if (bad) throw new AppError('common/invalid_input', { imageKey: bad });
}

/** The product with a signed URL of its thumbnail (valid to the end of the next hour, so browsers cache it). */
export async function withImageUrl<T extends Pick<Product, 'imageKey'>>(product: T, now = new Date()): Promise<T & { imageUrl?: string }> {
  return product.imageKey ? { ...product, imageUrl: await signMediaUrl(product.imageKey, now) } : product;
}

export function toPrice(p: Stripe.Price): Price {
  const validDays = p.metadata[META.validDays];
  const minimumUsageMonths = p.metadata[META.minimumUsageMonths];
  return {
    id: p.id,
    productId: typeof p.product === 'string' ? p.product : p.product.id,
    nickname: p.nickname ?? '',
    description: p.metadata[META.description] ?? '',
    unitAmount: p.unit_amount ?? 0,
    currency: p.currency as Currency,
    type: p.type === 'recurring' ? 'recurring' : 'one_time',
    ...(p.recurring ? { interval: p.recurring.interval as Interval } : {}),
    ...(p.recurring?.trial_period_days ? { trialDays: p.recurring.trial_period_days } : {}),
    ...(p.type === 'one_time' && validDays ? { validDays: Number(validDays) } : {}),
    ...(p.type === 'recurring' && minimumUsageMonths ? { minimumUsageMonths: Number(minimumUsageMonths) } : {}),
    active: p.active,
    metadata: ownMetadata(p.metadata),
    createdAt: iso(p.created),
  };
}

export function toCoupon(c: Stripe.Coupon): Coupon {
  return {
    id: c.id,
    name: c.name ?? c.id,
    type: c.percent_off !== null ? 'percent' : 'amount',
    ...(c.percent_off !== null ? { percentOff: c.percent_off } : {}),
    ...(c.amount_off !== null ? { amountOff: c.amount_off, currency: c.currency as Currency } : {}),
    duration: c.duration === 'forever' ? 'forever' : c.duration === 'repeating' ? 'repeating' : 'once',
    ...(c.duration_in_months ? { durationInMonths: c.duration_in_months } : {}),
    ...(c.redeem_by ? { redeemBy: iso(c.redeem_by) } : {}),
    ...(c.max_redemptions ? { maxRedemptions: c.max_redemptions } : {}),
    timesRedeemed: c.times_redeemed,
    productIds: c.applies_to?.products ?? [],
    valid: c.valid,
    createdAt: iso(c.created),
  };
}

export const toTaxRate = (r: Stripe.TaxRate): TaxRate => ({ id: r.id, displayName: r.display_name, percentage: r.percentage, inclusive: r.inclusive, active: r.active });

const on = (account: string): Stripe.RequestOptions => ({ stripeAccount: account });

/** A price's product: expanded in the answer when asked (`expand: ['product']`), else read. */
export async function productOfPrice(account: string, price: Stripe.Price): Promise<Stripe.Product> {
  if (typeof price.product === 'object' && !('deleted' in price.product && price.product.deleted)) return price.product as Stripe.Product;
  return getProduct(account, typeof price.product === 'string' ? price.product : price.product.id);
}

export async function listProducts(account: string): Promise<Product[]> {
  const stripe = await viaStripe(() => stripeClient());
  const products = await viaStripe(async () => (await stripe.products.list({ limit: 100 }, on(account)).autoPagingToArray({ limit: LIST_MAX })).map(toProduct));
  const now = new Date();
  return Promise.all(products.map((p) => withImageUrl(p, now)));
}

/** A product of the account by id; one Stripe does not find (or another account's) is SPEC §8 `product/not_found`. */
export async function getProduct(account: string, id: string): Promise<Stripe.Product> {
  const stripe = await viaStripe(() => stripeClient());
  return viaStripe(() => stripe.products.retrieve(id, {}, on(account)), 'product/not_found');
}

export async function getTaxRate(account: string, id: string): Promise<Stripe.TaxRate> {
  const stripe = await viaStripe(() => stripeClient());
  return viaStripe(() => stripe.taxRates.retrieve(id, {}, on(account)));
}

/** The caller checks the thumbnail key is the team's upload (`checkProductImage`). */
export async function saveProduct(account: string, language: Language, input: z.output<typeof productInput>): Promise<Product> {
  checkCurrency(language, input.currency);
  if (input.taxRateId) await getTaxRate(account, input.taxRateId).catch(() => {
    throw new AppError('common/invalid_input', { taxRateId: 'validation/invalid_value' });
  });
  const stripe = await viaStripe(() => stripeClient());
  // '' removes a metadata key in Stripe (a thumbnail taken away).
  const metadata = { [META.currency]: input.currency, [META.taxRate]: input.taxRateId ?? '', [META.description]: input.description, [META.image]: input.imageKey ?? '' };
  const fields = { name: input.name, active: input.active, metadata };
  if (!input.id) return withImageUrl(toProduct(await viaStripe(() => stripe.products.create(fields, on(account)))));
  const stored = await getProduct(account, input.id);
  if ((stored.metadata[META.currency] ?? 'jpy') !== input.currency) {
    const prices = await viaStripe(() => stripe.prices.list({ product: stored.id, limit: 1 }, on(account)));
    if (prices.data.length > 0) throw new AppError('common/illegal_operation', { currency: 'common/illegal_operation' });
  }
  return withImageUrl(toProduct(await viaStripe(() => stripe.products.update(stored.id, fields, on(account)))));
}

export async function listPrices(account: string, productId?: string): Promise<Price[]> {
  const stripe = await viaStripe(() => stripeClient());
  return viaStripe(async () => (await stripe.prices.list({ limit: 100, ...(productId ? { product: productId } : {}) }, on(account)).autoPagingToArray({ limit: LIST_MAX })).map(toPrice));
}

/** A price of the account by id; one Stripe does not find (or another account's) is SPEC §8 `price/not_found`. */
export async function getPrice(account: string, id: string, expand: string[] = []): Promise<Stripe.Price> {
  const stripe = await viaStripe(() => stripeClient());
  return viaStripe(() => stripe.prices.retrieve(id, expand.length ? { expand } : {}, on(account)), 'price/not_found');
}

/**
 * Creates a price, or edits what Stripe lets change (nickname, description, active, metadata, valid days,
 * minimum usage period).
 * An edit that changes the amount, currency, kind, interval or trial is refused: a new price is the way.
 */
export async function savePrice(account: string, language: Language, input: z.output<typeof savePriceInput>): Promise<Price> {
  checkCurrency(language, input.currency);
  const product = toProduct(await getProduct(account, input.productId));
  if (product.currency !== input.currency) throw new AppError('common/invalid_input', { currency: 'payment/language_currency_mismatch' });
  const stripe = await viaStripe(() => stripeClient());
  const metadata = {
    ...ownMetadata(input.metadata),
    [META.description]: input.description ?? '',
    [META.validDays]: input.type === 'one_time' && input.validDays ? String(input.validDays) : '',
    // Copied onto each subscription when it starts (checkout), so a later edit binds only new subscribers.
    [META.minimumUsageMonths]: input.type === 'recurring' && input.minimumUsageMonths ? String(input.minimumUsageMonths) : '',
  };
  if (!input.id) {
    return toPrice(
      await viaStripe(() =>
        stripe.prices.create(
          {
            product: input.productId,
            currency: input.currency,
            unit_amount: input.unitAmount,
            nickname: input.nickname,
            active: input.active,
            metadata,
            ...(input.type === 'recurring' ? { recurring: { interval: input.interval ?? 'month', ...(input.trialDays ? { trial_period_days: input.trialDays } : {}) } } : {}),
          },
          on(account),
        ),
      ),
    );
  }
  const stored = toPrice(await getPrice(account, input.id));
  const fixed = (['productId', 'unitAmount', 'currency', 'type', 'interval', 'trialDays'] as const).filter(
    (k) => stored[k] !== (k === 'interval' && input.type !== 'recurring' ? undefined : k === 'trialDays' && input.type !== 'recurring' ? undefined : input[k]),
  );
  if (fixed.length) throw new AppError('common/illegal_operation', Object.fromEntries(fixed.map((k) => [k, 'common/illegal_operation'])));
  // Keys the operator removed are emptied (Stripe deletes a metadata key set to '').
  const removed = Object.fromEntries(Object.keys(stored.metadata).filter((k) => !(k in input.metadata)).map((k) => [k, '']));
  return toPrice(await viaStripe(() => stripe.prices.update(stored.id, { nickname: input.nickname, active: input.active, metadata: { ...removed, ...metadata } }, on(account))));
}

export async function listCoupons(account: string): Promise<Coupon[]> {
  const stripe = await viaStripe(() => stripeClient());
  return viaStripe(async () => (await stripe.coupons.list({ limit: 100, expand: ['data.applies_to'] }, on(account)).autoPagingToArray({ limit: LIST_MAX })).map(toCoupon));
}

export async function createCoupon(account: string, language: Language, input: z.output<typeof createCouponInput>): Promise<Coupon> {
  const { discount } = input;
  if (discount.type === 'amount') checkCurrency(language, discount.currency, 'discount');
  const stripe = await viaStripe(() => stripeClient());
  // A coupon may only be limited to the team's own products (another account's product ids are refused, not kept).
  const missing = await Promise.all(
    input.productIds.map((id) =>
      stripe.products.retrieve(id, {}, on(account)).then(
        () => false,
        (e: { code?: string }) => {
          if (e?.code === 'resource_missing') return true;
          throw stripeFailure(e);
        },
      ),
    ),
  );
  if (missing.some(Boolean))
    throw new AppError('common/invalid_input', Object.fromEntries(missing.flatMap((m, i) => (m ? [[`productIds.${i}`, 'validation/invalid_value']] : []))));
  return toCoupon(
    await viaStripe(
      () =>
        stripe.coupons.create(
          {
            ...(input.id ? { id: input.id } : {}),
            name: input.name,
            ...(discount.type === 'percent' ? { percent_off: discount.percentOff } : { amount_off: discount.amountOff, currency: discount.currency }),
            duration: input.duration,
            ...(input.duration === 'repeating' ? { duration_in_months: input.durationInMonths } : {}),
            ...(input.redeemBy ? { redeem_by: Math.floor(input.redeemBy.getTime() / 1000) } : {}),
            ...(input.maxRedemptions ? { max_redemptions: input.maxRedemptions } : {}),
            ...(input.productIds.length ? { applies_to: { products: input.productIds } } : {}),
          },
          on(account),
        ),
      // Stripe refuses an id already in use: the code must be unique.
      'common/illegal_operation',
    ),
  );
}

export async function listTaxRates(account: string): Promise<TaxRate[]> {
  const stripe = await viaStripe(() => stripeClient());
  return viaStripe(async () => (await stripe.taxRates.list({ limit: 100 }, on(account)).autoPagingToArray({ limit: LIST_MAX })).map(toTaxRate));
}

/** A tax rate's percentage and inclusiveness are fixed once created (as in Stripe). */
export async function saveTaxRate(account: string, input: z.output<typeof saveTaxRateInput>): Promise<TaxRate> {
  const stripe = await viaStripe(() => stripeClient());
  if (!input.id) {
    return toTaxRate(
      await viaStripe(() => stripe.taxRates.create({ display_name: input.displayName, percentage: input.percentage, inclusive: input.inclusive, active: input.active }, on(account))),
    );
  }
  const stored = await getTaxRate(account, input.id);
  if (stored.percentage !== input.percentage || stored.inclusive !== input.inclusive) {
    throw new AppError('common/illegal_operation', stored.percentage !== input.percentage ? { percentage: 'common/illegal_operation' } : { inclusive: 'common/illegal_operation' });
  }
  return toTaxRate(await viaStripe(() => stripe.taxRates.update(stored.id, { display_name: input.displayName, active: input.active }, on(account))));
}


/**
 * The positions of `priceIds` that are not active prices of the team's connected account (for content forms:
 * a price must exist where its buyers will pay). Refused as a whole while the team has no connected account.
 */
export async function unknownPrices(team: Team, priceIds: readonly string[]): Promise<number[]> {
  if (!priceIds.length) return [];
  const account = connectedAccount(team);
  const stripe = await viaStripe(() => stripeClient());
  const found = await Promise.all(
    priceIds.map((id) =>
      stripe.prices.retrieve(id, {}, on(account)).then(
        (p) => p.active,
        (e: { code?: string }) => {
          if (e?.code === 'resource_missing') return false;
          throw stripeFailure(e);
        },
      ),
    ),
  );
  return found.flatMap((ok, i) => (ok ? [] : [i]));
}
