import { describe, expect, it } from 'vitest';
import {
  checkCoupon,
  checkCouponAmount,
  checkCouponMonths,
  checkCouponPercent,
  checkRedeemBy,
  checkRedemptionLimit,
  couponSchema,
} from '../../../shared/rules/coupon';
import { fieldCodes } from './helpers';

const now = new Date('2024-05-01T03:00:00Z'); // 12:00 in Tokyo

describe('coupon (SPEC §5)', () => {
  it('percent: above 0 and at most 100', () => {
    expect(checkCouponPercent(0)).toBe('validation/percent_out_of_range');
    expect(checkCouponPercent(0.01)).toBeUndefined();
    expect(checkCouponPercent(1)).toBeUndefined();
    expect(checkCouponPercent(100)).toBeUndefined();
    expect(checkCouponPercent(100.01)).toBe('validation/percent_out_of_range');
    expect(checkCouponPercent(-5)).toBe('validation/percent_out_of_range');
    expect(checkCouponPercent(Number.NaN)).toBe('validation/percent_out_of_range');
  });

  it('amount: a whole number above 0', () => {
    expect(checkCouponAmount(0)).toBe('validation/amount_not_positive');
    expect(checkCouponAmount(1)).toBeUndefined();
    expect(checkCouponAmount(-1)).toBe('validation/amount_not_positive');
    expect(checkCouponAmount(1.5)).toBe('validation/not_integer');
  });

  it('redemption limit: none, or a whole number above 0', () => {
    expect(checkRedemptionLimit(undefined)).toBeUndefined();
    expect(checkRedemptionLimit(1)).toBeUndefined();
    expect(checkRedemptionLimit(0)).toBe('validation/redemption_limit_not_positive');
    expect(checkRedemptionLimit(2.5)).toBe('validation/not_integer');
  });

  it('repeating needs a number of months; other durations do not', () => {
    expect(checkCouponMonths('repeating', undefined)).toBe('validation/months_required');
    expect(checkCouponMonths('repeating', 0)).toBe('validation/months_required');
    expect(checkCouponMonths('repeating', 1)).toBeUndefined();
    expect(checkCouponMonths('forever', undefined)).toBeUndefined();
    expect(checkCouponMonths('once', undefined)).toBeUndefined();
  });

  it('redeem-by: tomorrow or later in the team zone', () => {
    const endOfTodayTokyo = new Date('2024-05-01T14:59:59Z');
    const startOfTomorrowTokyo = new Date('2024-05-01T15:00:00Z');
    expect(checkRedeemBy(endOfTodayTokyo, now, 'Asia/Tokyo')).toBe('validation/redeem_by_not_future');
    expect(checkRedeemBy(startOfTomorrowTokyo, now, 'Asia/Tokyo')).toBeUndefined();
    expect(checkRedeemBy(startOfTomorrowTokyo, now, 'UTC')).toBe('validation/redeem_by_not_future');
  });

  it('checkCoupon collects every field', () => {
    expect(checkCoupon({ duration: 'repeating', percentOff: 0, maxRedemptions: 0, redeemBy: now }, now, 'UTC')).toEqual(
      [
        { path: ['percentOff'], code: 'validation/percent_out_of_range' },
        { path: ['durationInMonths'], code: 'validation/months_required' },
        { path: ['maxRedemptions'], code: 'validation/redemption_limit_not_positive' },
        { path: ['redeemBy'], code: 'validation/redeem_by_not_future' },
      ],
    );
  });
});

describe('couponSchema', () => {
  const schema = couponSchema({ now: () => now, timeZone: 'Asia/Tokyo' });
  const coupon = { name: '春の割引', discount: { type: 'percent', percentOff: 20 }, duration: 'once' };

  it('accepts a valid coupon', () => {
    expect(fieldCodes(schema, coupon)).toEqual({});
    expect(
      fieldCodes(schema, {
        ...coupon,
        discount: { type: 'amount', amountOff: 500, currency: 'jpy' },
        duration: 'repeating',
        durationInMonths: 3,
        redeemBy: '2024-05-31T14:59:59Z',
        maxRedemptions: 100,
      }),
    ).toEqual({});
  });

  it('reports each rule on its field', () => {
    expect(
      fieldCodes(schema, {
        name: '',
        discount: { type: 'percent', percentOff: 101 },
        duration: 'repeating',
        redeemBy: '2024-05-01T10:00:00Z',
        maxRedemptions: 0,
      }),
    ).toEqual({
      name: 'validation/required',
      'discount.percentOff': 'validation/percent_out_of_range',
      durationInMonths: 'validation/months_required',
      redeemBy: 'validation/redeem_by_not_future',
      maxRedemptions: 'validation/redemption_limit_not_positive',
    });
    expect(fieldCodes(schema, { ...coupon, discount: { type: 'amount', amountOff: 0, currency: 'usd' } })).toEqual({
      'discount.amountOff': 'validation/amount_not_positive',
    });
  });

  it('does not run date rules on a date that did not parse', () => {
    expect(fieldCodes(schema, { ...coupon, redeemBy: 'next week' })).toEqual({ redeemBy: 'validation/invalid_date' });
  });
});
