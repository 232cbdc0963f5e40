import { describe, expect, it } from 'vitest';
import { addMonths, cancellableFrom, minimumUsageMetadata } from '../../../lambdas/payments/minimum-usage';
import type { Price } from '../../../shared/api/calls/payments';

describe('minimum usage period of a subscription', () => {
  it('counts calendar months from the start, ending on the last day of a shorter month', () => {
    expect(addMonths('2026-01-15T09:30:00.000Z', 3)).toBe('2026-04-15T09:30:00.000Z');
    expect(addMonths('2026-01-31T00:00:00.000Z', 1)).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths('2028-01-31T00:00:00.000Z', 1)).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths('2026-11-30T12:00:00.000Z', 3)).toBe('2027-02-28T12:00:00.000Z');
    expect(addMonths('2026-12-31T23:59:59.000Z', 12)).toBe('2027-12-31T23:59:59.000Z');
  });

  it("travels from the price to the subscription's metadata, and back as a date", () => {
    const price = { type: 'recurring', minimumUsageMonths: 6 } as Price;
    const metadata = minimumUsageMetadata(price);
    expect(metadata).toEqual({ minimumUsageMonths: '6' });
    expect(cancellableFrom('2026-03-01T00:00:00.000Z', metadata)).toBe('2026-09-01T00:00:00.000Z');
    expect(minimumUsageMetadata({ type: 'one_time', minimumUsageMonths: 6 } as Price)).toEqual({});
    expect(cancellableFrom('2026-03-01T00:00:00.000Z', {})).toBeUndefined();
    expect(cancellableFrom('2026-03-01T00:00:00.000Z', { minimumUsageMonths: 'x' })).toBeUndefined();
  });
});
