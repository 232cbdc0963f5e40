import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { cardPaymentState, transferPaymentState } from '../../../lambdas/payments/payment-state';
import { invoiceSummary } from '../../../lambdas/payments/subscriptions';

describe('what a payment intent is in a payment history', () => {
  it('lists no intent that charged nothing: a declined or never-entered card, an unconfirmed, unauthenticated or cancelled one', () => {
    for (const status of ['requires_payment_method', 'requires_confirmation', 'requires_action', 'canceled'] as const) {
      expect(cardPaymentState(status, false), status).toBeUndefined();
    }
  });

  it('says pending only while Stripe processes it (or holds the authorised amount)', () => {
    expect(cardPaymentState('processing', false)).toBe('pending');
    expect(cardPaymentState('requires_capture', false)).toBe('pending');
  });

  it('lists succeeded and refunded payments as they are', () => {
    expect(cardPaymentState('succeeded', false)).toBe('success');
    expect(cardPaymentState('succeeded', true)).toBe('refunded');
  });

  it('lists a bank-transfer invoice once issued: awaiting the transfer, paid, or voided', () => {
    expect(transferPaymentState('open')).toBe('pending');
    expect(transferPaymentState('paid')).toBe('success');
    expect(transferPaymentState('void')).toBe('canceled');
    expect(transferPaymentState('uncollectible')).toBe('canceled');
    expect(transferPaymentState('draft')).toBeUndefined();
  });
});

describe('an invoice as a member reads it', () => {
  const at = (iso: string) => Date.parse(iso) / 1000;
  const line = (fields: Partial<Stripe.InvoiceLineItem>) =>
    ({ period: { start: at('2026-11-27T00:00:00Z'), end: at('2026-12-27T00:00:00Z') }, pricing: { type: 'price_details', price_details: { price: 'price_month', product: 'prod_a' } }, parent: null, ...fields }) as unknown as Stripe.InvoiceLineItem;
  const invoice = (lines: Stripe.InvoiceLineItem[]) =>
    ({ id: 'in_1', status: 'paid', amount_due: 980, amount_paid: 980, currency: 'jpy', created: at('2026-11-27T00:00:00Z'), period_start: at('2026-11-27T00:00:00Z'), period_end: at('2026-11-27T00:00:00Z'), lines: { data: lines }, parent: { subscription_details: { subscription: 'sub_1' } } }) as unknown as Stripe.Invoice;

  it("shows a subscription's first invoice with the period it bills, not the moment it was made", () => {
    expect(invoiceSummary(invoice([line({})]), { productName: 'Course', priceNickname: 'Monthly' })).toMatchObject({
      periodStart: '2026-11-27T00:00:00.000Z',
      periodEnd: '2026-12-27T00:00:00.000Z',
      priceId: 'price_month',
      productName: 'Course',
      priceNickname: 'Monthly',
      subscriptionId: 'sub_1',
    });
  });

  it("takes a price change's new period, not the credit for the unused time", () => {
    const credit = line({ period: { start: at('2026-12-10T00:00:00Z'), end: at('2026-12-27T00:00:00Z') }, pricing: { type: 'price_details', price_details: { price: 'price_old', product: 'prod_a' } }, parent: { subscription_item_details: { proration: true } } } as unknown as Partial<Stripe.InvoiceLineItem>);
    const next = line({ period: { start: at('2026-12-27T00:00:00Z'), end: at('2027-01-27T00:00:00Z') } });
    expect(invoiceSummary(invoice([credit, next]))).toMatchObject({ periodStart: '2026-12-27T00:00:00.000Z', periodEnd: '2027-01-27T00:00:00.000Z', priceId: 'price_month' });
  });

  it("falls back on the invoice's own period when it has no lines", () => {
    expect(invoiceSummary(invoice([]))).toMatchObject({ periodStart: '2026-11-27T00:00:00.000Z', periodEnd: '2026-11-27T00:00:00.000Z' });
    expect(invoiceSummary(invoice([]))).not.toHaveProperty('productName');
  });
});
