import * as z from 'zod/mini';
import { COUPON_PERCENT_MAX, couponDurations, currencies, type CouponDuration } from '../constants';
import { requiredText } from './account';
import { isAfterToday, isoDateTimeSchema, type TimeZone } from './dates';
import { code, invalidValue, issueAt, reportIssues, whenValid, type FieldIssue, type ValidationCode } from './issues';
import { idListSchema } from './common';

/**
 * SPEC §5: percent off greater than 0 and at most 100. §9 says "1 to 100"; Stripe accepts
 * fractions such as 12.5, so the §5 bounds are the rule and 1..100 are the whole numbers within it.
 */
export const checkCouponPercent = (percent: number): ValidationCode | undefined =>
  Number.isFinite(percent) && percent > 0 && percent <= COUPON_PERCENT_MAX ? undefined : 'validation/percent_out_of_range';

/** SPEC §5: amount off greater than 0, a whole number of the currency's smallest unit. */
export function checkCouponAmount(amount: number): ValidationCode | undefined {
  if (!Number.isFinite(amount) || amount <= 0) return 'validation/amount_not_positive';
  return Number.isSafeInteger(amount) ? undefined : 'validation/not_integer';
}

/** SPEC §5: a redemption limit, when set, is a whole number greater than 0. */
export function checkRedemptionLimit(limit: number | undefined): ValidationCode | undefined {
  if (limit === undefined) return undefined;
  if (!Number.isFinite(limit) || limit <= 0) return 'validation/redemption_limit_not_positive';
  return Number.isSafeInteger(limit) ? undefined : 'validation/not_integer';
}

/** SPEC §5: the redeem-by date lies after today, in the operator's zone. */
export const checkRedeemBy = (redeemBy: Date, now: Date, timeZone?: TimeZone): ValidationCode | undefined =>
  isAfterToday(redeemBy, now, timeZone) ? undefined : 'validation/redeem_by_not_future';

/** SPEC §5: a repeating coupon needs its number of months (a whole number, 1 or more). */
export const checkCouponMonths = (duration: CouponDuration, months: number | undefined): ValidationCode | undefined =>
  duration !== 'repeating' || (months !== undefined && Number.isSafeInteger(months) && months >= 1)
    ? undefined
    : 'validation/months_required';

const discountSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('percent'), percentOff: z.number({ error: code('validation/percent_out_of_range') }) }, invalidValue),
    z.object(
      {
        type: z.literal('amount'),
        amountOff: z.number({ error: code('validation/amount_not_positive') }),
        currency: z.enum(currencies, { error: code('validation/required') }),
      },
      invalidValue,
    ),
  ],
  { error: code('validation/invalid_value') },
);

export interface CouponRules {
  redeemBy?: Date;
  duration: CouponDuration;
  durationInMonths?: number;
  maxRedemptions?: number;
  percentOff?: number;
  amountOff?: number;
}

/** Every SPEC §5 coupon rule that looks at numbers or dates, as field issues. */
export function checkCoupon(coupon: CouponRules, now: Date, timeZone?: TimeZone): FieldIssue[] {
  return [
    ...(coupon.percentOff === undefined ? [] : issueAt(['percentOff'], checkCouponPercent(coupon.percentOff))),
    ...(coupon.amountOff === undefined ? [] : issueAt(['amountOff'], checkCouponAmount(coupon.amountOff))),
    ...issueAt(['durationInMonths'], checkCouponMonths(coupon.duration, coupon.durationInMonths)),
    ...issueAt(['maxRedemptions'], checkRedemptionLimit(coupon.maxRedemptions)),
    ...(coupon.redeemBy ? issueAt(['redeemBy'], checkRedeemBy(coupon.redeemBy, now, timeZone)) : []),
  ];
}

export interface CouponSchemaOptions {
  now?: () => Date;
  /** The team's zone, for "after today". */
  timeZone?: TimeZone;
}

/** A coupon (stripe/coupon create): name, discount, duration, optional limits and products. */
export const couponSchema = ({ now = () => new Date(), timeZone }: CouponSchemaOptions = {}) =>
  z
    .object(
      {
        name: requiredText(40),
        discount: discountSchema,
        duration: z.enum(couponDurations, { error: code('validation/required') }),
        durationInMonths: z.optional(z.number({ error: code('validation/months_required') })),
        redeemBy: z.optional(isoDateTimeSchema),
        maxRedemptions: z.optional(z.number({ error: code('validation/redemption_limit_not_positive') })),
        productIds: z._default(idListSchema, []),
      },
      invalidValue,
    )
    .check(
      z.superRefine((coupon, ctx) => {
        const { discount } = coupon;
        const failure = discount.type === 'percent' ? checkCouponPercent(discount.percentOff) : checkCouponAmount(discount.amountOff);
        reportIssues(ctx, issueAt(['discount', discount.type === 'percent' ? 'percentOff' : 'amountOff'], failure));
      }, whenValid('discount')),
      z.superRefine(
        (coupon, ctx) => reportIssues(ctx, issueAt(['durationInMonths'], checkCouponMonths(coupon.duration, coupon.durationInMonths))),
        whenValid('duration', 'durationInMonths'),
      ),
      z.superRefine(
        (coupon, ctx) => reportIssues(ctx, issueAt(['maxRedemptions'], checkRedemptionLimit(coupon.maxRedemptions))),
        whenValid('maxRedemptions'),
      ),
      z.superRefine((coupon, ctx) => {
        if (coupon.redeemBy) reportIssues(ctx, issueAt(['redeemBy'], checkRedeemBy(coupon.redeemBy, now(), timeZone)));
      }, whenValid('redeemBy')),
    );
export type CouponInput = z.input<ReturnType<typeof couponSchema>>;
