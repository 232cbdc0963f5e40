import { describe, expect, it } from 'vitest';
import { priceAmountLimits } from '../../../shared/constants';
import {
  checkPrice,
  checkMinimumUsageMonths,
  checkPriceAmount,
  checkTrialDays,
  checkValidDays,
  formatPriceAmount,
  invoiceRecipientSchema,
  priceLimitValues,
  priceSchema,
} from '../../../shared/rules/price';
import { fieldCodes } from './helpers';

describe('price amount (SPEC §5/§9, smallest currency unit)', () => {
  it('yen: 50 to 99,999,999', () => {
    expect(checkPriceAmount(49, 'jpy')).toBe('validation/price_below_minimum');
    expect(checkPriceAmount(50, 'jpy')).toBeUndefined();
    expect(checkPriceAmount(99_999_999, 'jpy')).toBeUndefined();
    expect(checkPriceAmount(100_000_000, 'jpy')).toBe('validation/price_above_maximum');
  });

  it('dollars: $0.50 to $999,999.99 in cents', () => {
    expect(checkPriceAmount(49, 'usd')).toBe('validation/price_below_minimum');
    expect(checkPriceAmount(50, 'usd')).toBeUndefined();
    expect(checkPriceAmount(99_999_999, 'usd')).toBeUndefined();
    expect(checkPriceAmount(100_000_000, 'usd')).toBe('validation/price_above_maximum');
  });

  it('refuses fractions of the smallest unit', () => {
    expect(checkPriceAmount(100.5, 'jpy')).toBe('validation/not_integer');
    expect(checkPriceAmount(Number.POSITIVE_INFINITY, 'jpy')).toBe('validation/invalid_value');
  });

  it('formats limits with the currency', () => {
    expect(formatPriceAmount(50, 'usd', 'en-US')).toBe('$0.50');
    expect(formatPriceAmount(priceAmountLimits.usd.max, 'usd', 'en-US')).toBe('$999,999.99');
    expect(priceLimitValues('jpy', 'en-US')).toEqual({ min: '¥50', max: '¥99,999,999' });
  });
});

describe('trial and valid days (SPEC §5)', () => {
  it('trial: none, or at least 3 whole days', () => {
    expect(checkTrialDays(undefined)).toBeUndefined();
    expect(checkTrialDays(2)).toBe('validation/trial_days_too_short');
    expect(checkTrialDays(3)).toBeUndefined();
    expect(checkTrialDays(3.5)).toBe('validation/not_integer');
  });

  it('valid (expiration) days: not negative', () => {
    expect(checkValidDays(undefined)).toBeUndefined();
    expect(checkValidDays(0)).toBeUndefined();
    expect(checkValidDays(-1)).toBe('validation/expiration_days_negative');
    expect(checkValidDays(1.5)).toBe('validation/not_integer');
  });

  it('a recurring price needs its interval', () => {
    expect(checkPrice({ unitAmount: 1000, currency: 'jpy', type: 'recurring' })).toEqual([
      { path: ['interval'], code: 'validation/interval_required' },
    ]);
    expect(
      checkPrice({ unitAmount: 1000, currency: 'jpy', type: 'recurring', interval: 'month', trialDays: 3 }),
    ).toEqual([]);
  });
});

describe('priceSchema', () => {
  const price = {
    productId: 'prod_1',
    nickname: '月額プラン',
    unitAmount: 980,
    currency: 'jpy',
    type: 'recurring',
    interval: 'month',
  };
  it('accepts a valid price', () => {
    expect(fieldCodes(priceSchema, price)).toEqual({});
  });
  it('reports each rule on its field', () => {
    const input = {
      ...price,
      unitAmount: 49,
      interval: undefined,
      trialDays: 2,
      validDays: -1,
      description: 'x'.repeat(501),
    };
    expect(fieldCodes(priceSchema, input)).toEqual({
      description: 'validation/description_too_long',
      unitAmount: 'validation/price_below_minimum',
      interval: 'validation/interval_required',
      trialDays: 'validation/trial_days_too_short',
      validDays: 'validation/expiration_days_negative',
    });
  });
  it('does not check the amount against an unknown currency', () => {
    expect(fieldCodes(priceSchema, { ...price, currency: 'eur' })).toEqual({ currency: 'validation/required' });
  });
});

describe('invoiceRecipientSchema (SPEC §5: name and e-mail required)', () => {
  it('requires both', () => {
    expect(fieldCodes(invoiceRecipientSchema, { name: '山田 太郎', email: 'taro@example.com' })).toEqual({});
    expect(fieldCodes(invoiceRecipientSchema, { name: '', email: '' })).toEqual({
      name: 'validation/required',
      email: 'validation/required',
    });
  });
});

describe('minimum usage period (SPEC §4, whole months of a recurring price)', () => {
  it('takes 1 to 36 months on a recurring price, nothing on a one-time price', () => {
    expect(checkMinimumUsageMonths('recurring', undefined)).toBeUndefined();
    expect(checkMinimumUsageMonths('recurring', 1)).toBeUndefined();
    expect(checkMinimumUsageMonths('recurring', 36)).toBeUndefined();
    for (const bad of [0, 37, 1.5, -1, Number.NaN]) expect(checkMinimumUsageMonths('recurring', bad)).toBe('validation/minimum_usage_months_invalid');
    expect(checkMinimumUsageMonths('one_time', 3)).toBe('validation/minimum_usage_months_invalid');
  });

  it('is checked by the price schema on its own field', () => {
    const base = { productId: 'prod_1', nickname: 'Plan', unitAmount: 980, currency: 'jpy', type: 'recurring', interval: 'month' };
    expect(priceSchema.safeParse({ ...base, minimumUsageMonths: 6 }).success).toBe(true);
    expect(fieldCodes(priceSchema, { ...base, minimumUsageMonths: 40 })).toEqual({ minimumUsageMonths: 'validation/minimum_usage_months_invalid' });
  });
});
