import * as z from 'zod/mini';
import {
  currencies,
  intervals,
  MINIMUM_USAGE_MAX_MONTHS,
  PRICE_MIN_TRIAL_DAYS,
  priceAmountLimits,
  priceTypes,
  type Currency,
  type Interval,
  type PriceType,
} from '../constants';
import { formatPriceAmount } from '../money';
import { emailSchema, requiredText } from './account';
import { code, invalidValue, issueAt, reportIssues, whenValid, type FieldIssue, type ValidationCode } from './issues';
import { descriptionSchema } from './text';
import { flagSchema } from './common';

/**
 * SPEC §5/§9 amount of a price, in the currency's smallest unit (yen, cents): a whole
 * number from 50 up to 99,999,999 (¥99,999,999 or $999,999.99), as Stripe takes it.
 */
export function checkPriceAmount(amount: number, currency: Currency): ValidationCode | undefined {
  const { min, max } = priceAmountLimits[currency];
  if (!Number.isFinite(amount)) return 'validation/invalid_value';
  if (!Number.isInteger(amount)) return 'validation/not_integer';
  if (amount < min) return 'validation/price_below_minimum';
  return amount > max ? 'validation/price_above_maximum' : undefined;
}

/** SPEC §5: a trial, when given, lasts at least 3 whole days; undefined means no trial. */
export function checkTrialDays(days: number | undefined): ValidationCode | undefined {
  if (days === undefined) return undefined;
  if (!Number.isFinite(days) || days < PRICE_MIN_TRIAL_DAYS) return 'validation/trial_days_too_short';
  return Number.isSafeInteger(days) ? undefined : 'validation/not_integer';
}

/** SPEC §5: expiration (valid) days are a whole number, not negative. */
export function checkValidDays(days: number | undefined): ValidationCode | undefined {
  if (days === undefined) return undefined;
  if (!Number.isFinite(days) || days < 0) return 'validation/expiration_days_negative';
  return Number.isSafeInteger(days) ? undefined : 'validation/not_integer';
}

/**
 * SPEC §4 minimum usage period of a recurring price: whole months, 1 to 36; undefined means none. A one-time
 * price has none (it is never cancelled).
 */
export function checkMinimumUsageMonths(type: PriceType, months: number | undefined): ValidationCode | undefined {
  if (months === undefined) return undefined;
  if (type !== 'recurring' || !Number.isSafeInteger(months) || months < 1 || months > MINIMUM_USAGE_MAX_MONTHS) return 'validation/minimum_usage_months_invalid';
  return undefined;
}

export { formatPriceAmount };

/** The `{{min}}` and `{{max}}` of the price messages, formatted for the currency. */
export const priceLimitValues = (currency: Currency, locale?: string) => ({
  min: formatPriceAmount(priceAmountLimits[currency].min, currency, locale),
  max: formatPriceAmount(priceAmountLimits[currency].max, currency, locale),
});

/** A recurring price needs its billing interval. */
export const checkInterval = (type: PriceType, interval: Interval | undefined): ValidationCode | undefined =>
  type === 'recurring' && !interval ? 'validation/interval_required' : undefined;

export interface PriceRules {
  unitAmount: number;
  currency: Currency;
  type: PriceType;
  interval?: Interval;
  trialDays?: number;
  validDays?: number;
  minimumUsageMonths?: number;
}

/** Every SPEC §5 price rule at once. */
export function checkPrice(price: PriceRules): FieldIssue[] {
  return [
    ...issueAt(['unitAmount'], checkPriceAmount(price.unitAmount, price.currency)),
    ...issueAt(['interval'], checkInterval(price.type, price.interval)),
    ...issueAt(['trialDays'], checkTrialDays(price.trialDays)),
    ...issueAt(['validDays'], checkValidDays(price.validDays)),
    ...issueAt(['minimumUsageMonths'], checkMinimumUsageMonths(price.type, price.minimumUsageMonths)),
  ];
}

/** A price of a product (stripe/save_price). */
export const priceSchema = z
  .object(
    {
      productId: z.string({ error: code('validation/required') }).check(z.minLength(1, code('validation/required'))),
      nickname: requiredText(100),
      description: z.optional(descriptionSchema),
      unitAmount: z.number({ error: code('validation/required') }),
      currency: z.enum(currencies, { error: code('validation/required') }),
      type: z.enum(priceTypes, { error: code('validation/required') }),
      interval: z.optional(z.enum(intervals, { error: code('validation/interval_required') })),
      trialDays: z.optional(z.number({ error: code('validation/trial_days_too_short') })),
      validDays: z.optional(z.number({ error: code('validation/expiration_days_negative') })),
      minimumUsageMonths: z.optional(z.number({ error: code('validation/minimum_usage_months_invalid') })),
      active: flagSchema(true),
      metadata: z._default(
        z.record(z.string(), z.string(invalidValue).check(z.minLength(1, code('validation/required'))), invalidValue),
        {},
      ),
    },
    invalidValue,
  )
  .check(
    z.superRefine(
      (price, ctx) => reportIssues(ctx, issueAt(['unitAmount'], checkPriceAmount(price.unitAmount, price.currency))),
      whenValid('unitAmount', 'currency'),
    ),
    z.superRefine(
      (price, ctx) => reportIssues(ctx, issueAt(['interval'], checkInterval(price.type, price.interval))),
      whenValid('type', 'interval'),
    ),
    z.superRefine((price, ctx) => reportIssues(ctx, issueAt(['trialDays'], checkTrialDays(price.trialDays))), whenValid('trialDays')),
    z.superRefine((price, ctx) => reportIssues(ctx, issueAt(['validDays'], checkValidDays(price.validDays))), whenValid('validDays')),
    z.superRefine(
      (price, ctx) => reportIssues(ctx, issueAt(['minimumUsageMonths'], checkMinimumUsageMonths(price.type, price.minimumUsageMonths))),
      whenValid('type', 'minimumUsageMonths'),
    ),
  );
export type PriceInput = z.input<typeof priceSchema>;

/** SPEC §5: an invoice goes to a named recipient with an e-mail address. */
export const invoiceRecipientSchema = z.object({ name: requiredText(100), email: emailSchema }, invalidValue);
