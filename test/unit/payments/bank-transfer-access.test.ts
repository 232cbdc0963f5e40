import { describe, expect, it } from 'vitest';
import { entitlementsOf, type Purchase } from '../../../lambdas/core/entities/purchase';

/**
 * Access of a subscription paid by bank transfer (issue 27): Stripe keeps a send_invoice subscription active while
 * its renewal invoice waits, so access follows what was paid (`accessUntil`), not the period Stripe has started.
 */
const base: Purchase = {
  teamId: 't',
  userId: 'u',
  id: 'sub_1',
  kind: 'subscription',
  priceId: 'price_1',
  productId: 'prod_1',
  productName: 'Course',
  priceNickname: 'Monthly',
  amount: 980,
  currency: 'jpy',
  interval: 'month',
  state: 'active',
  purchasedAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const DAY = 86_400_000;

describe('entitlementsOf: subscriptions paid by bank transfer', () => {
  it('runs to the end of the paid period (with the renewal grace), not to the end of an unpaid one Stripe has started', () => {
    const [access] = entitlementsOf([{ ...base, byBankTransfer: true, currentPeriodEnd: '2026-12-01T00:00:00.000Z', accessUntil: '2026-11-01T00:00:00.000Z' }]);
    expect(access).toEqual({ priceId: 'price_1', expiresAt: new Date(Date.parse('2026-11-01T00:00:00.000Z') + DAY).toISOString() });
  });

  it('leaves card subscriptions as they were: their access is their period (accessUntil equals it)', () => {
    const [access] = entitlementsOf([{ ...base, currentPeriodEnd: '2026-12-01T00:00:00.000Z', accessUntil: '2026-12-01T00:00:00.000Z' }]);
    expect(access).toEqual({ priceId: 'price_1', expiresAt: new Date(Date.parse('2026-12-01T00:00:00.000Z') + DAY).toISOString() });
    const [ending] = entitlementsOf([{ ...base, state: 'cancel_scheduled', currentPeriodEnd: '2026-12-01T00:00:00.000Z' }]);
    expect(ending).toEqual({ priceId: 'price_1', expiresAt: '2026-12-01T00:00:00.000Z' });
  });

  it('gives nothing once Stripe marks the unpaid renewal past due', () => {
    expect(entitlementsOf([{ ...base, byBankTransfer: true, state: 'past_due', currentPeriodEnd: '2026-12-01T00:00:00.000Z', accessUntil: '2026-11-01T00:00:00.000Z' }])).toEqual([]);
  });
});
