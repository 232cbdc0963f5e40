import '../support/platform-env';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import * as calls from '../../../shared/api/calls/payments';
import type { InvoicePayment, Price } from '../../../shared/api/calls/payments';
import { stripeClient } from '../../../lambdas/platform/payments';
import type { Caller } from '../content/people';
import { call } from '../support/api';
import { connectedTeam, eventually, member, newPrice, newProduct, payOnHostedPage, purchasesOf as purchases, subscriber } from './shop';

/**
 * Cards and invoices (SPEC §7): a new card through a setup session, choosing a saved card, and one-time prices
 * bought by bank transfer invoice (create, send, replace, cancel). 3-D Secure for a renewal moves the stand-in's one
 * clock, so it lives in webhook.test.ts, which runs after the contract test.
 */
let admin: Caller;
let accountId: string;
let stripe: Stripe;
let oneTime: Price;
let otherOneTime: Price;
let monthly: Price;

const on = () => ({ stripeAccount: accountId });


beforeAll(async () => {
  ({ admin, accountId } = await connectedTeam('Cards and invoices'));
  stripe = await stripeClient();
  const product = await newProduct(admin);
  oneTime = await newPrice(admin, product.id);
  otherOneTime = await newPrice(admin, product.id, { nickname: 'Forever', unitAmount: 3000, validDays: undefined });
  monthly = await newPrice(admin, product.id, { nickname: 'Monthly', type: 'recurring', interval: 'month', unitAmount: 980, validDays: undefined });
});

describe('payment methods', () => {
  it('takes a new card through a setup session and makes it the subscription’s; another member cannot', async () => {
    const { buyer, sub } = await subscriber(admin, monthly, '4242424242424242');
    const res = await call(calls.createSetupSessionCall, { ...buyer.ctx, subscription: sub.id, successPath: `/user/${admin.teamId}/purchased`, cancelPath: `/user/${admin.teamId}/purchased` }, buyer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = await payOnHostedPage((res.body as { url: string }).url, '5555555555554444');
    expect(saved.status).toBe(303);
    expect(saved.location).toContain('setup=success');
    const updated = await stripe.subscriptions.retrieve(sub.id, { expand: ['default_payment_method'] }, on());
    const method = typeof updated.default_payment_method === 'string' ? await stripe.paymentMethods.retrieve(updated.default_payment_method, {}, on()) : updated.default_payment_method;
    expect(method?.card?.last4).toBe('4444');

    const intruder = await member(admin.teamId);
    const refused = await call(calls.createSetupSessionCall, { ...intruder.ctx, subscription: sub.id, successPath: `/user/${admin.teamId}`, cancelPath: `/user/${admin.teamId}` }, intruder.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('subscription/not_purchased');

    // Back to the first card, chosen from the saved ones; another customer's card is not found.
    const customer = String(updated.customer);
    const cards = await stripe.paymentMethods.list({ customer, type: 'card' }, on());
    const visa = cards.data.find((c) => c.card?.last4 === '4242')!;
    const chosen = await call(calls.updatePaymentMethodCall, { ...buyer.ctx, paymentMethodId: visa.id }, buyer.token);
    expect(chosen.body).toEqual({ success: true });
    expect((await stripe.subscriptions.retrieve(sub.id, {}, on())).default_payment_method).toBe(visa.id);
    const foreign = await call(calls.updatePaymentMethodCall, { ...intruder.ctx, paymentMethodId: visa.id }, intruder.token);
    expect(foreign.status).toBe(403);
  });

});

describe('invoice payment (bank transfer)', () => {
  it('issues, sends and, once the transfer arrives, grants; a replaced or cancelled invoice grants nothing', async () => {
    const buyer = await member(admin.teamId);
    const created = await call(calls.createInvoicePaymentCall, { ...buyer.ctx, price: oneTime.id, name: 'Taro Yamada', email: 'taro@example.test' }, buyer.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const invoice = created.body as InvoicePayment;
    expect(invoice).toMatchObject({ invoiceId: expect.stringMatching(/^in_/), status: 'open', amountDue: 1000, currency: 'jpy', hostedInvoiceUrl: expect.stringContaining('/invoice/') });
    expect((await call(calls.sendInvoiceCall, { ...buyer.ctx, invoiceId: invoice.invoiceId }, buyer.token)).body).toMatchObject({ status: 'open' });

    // Another member can neither send, replace nor cancel it.
    const intruder = await member(admin.teamId);
    for (const def of [calls.sendInvoiceCall, calls.cancelInvoicePaymentCall, calls.replaceInvoicePaymentCall]) {
      const res = await call(def, { ...intruder.ctx, invoiceId: invoice.invoiceId }, intruder.token);
      expect(res.status, def.path).toBe(404);
    }

    // Replaced by an invoice for another price: the first is void.
    const replaced = await call(calls.replaceInvoicePaymentCall, { ...buyer.ctx, invoiceId: invoice.invoiceId, price: otherOneTime.id }, buyer.token);
    expect(replaced.body).toMatchObject({ status: 'open', amountDue: 3000 });
    expect((await stripe.invoices.retrieve(invoice.invoiceId, {}, on())).status).toBe('void');

    // The bank transfer arrives (Stripe's test helper funds the customer's balance): the webhook grants it.
    const customer = String((await stripe.invoices.retrieve((replaced.body as InvoicePayment).invoiceId, {}, on())).customer);
    await stripe.testHelpers.customers.fundCashBalance(customer, { amount: 3000, currency: 'jpy' }, on());
    const [bought] = await eventually(async () => {
      const list = await purchases(buyer);
      return list.length ? list : undefined;
    });
    expect(bought).toMatchObject({ id: (replaced.body as InvoicePayment).invoiceId, kind: 'one_time', priceId: otherOneTime.id, state: 'success', amount: 3000 });
    expect(bought!.accessUntil).toBeUndefined();

    // A new invoice cancelled before payment grants nothing; a paid one cannot be cancelled.
    const second = await call(calls.createInvoicePaymentCall, { ...buyer.ctx, price: oneTime.id, name: 'Taro Yamada', email: 'taro@example.test' }, buyer.token);
    const cancelled = await call(calls.cancelInvoicePaymentCall, { ...buyer.ctx, invoiceId: (second.body as InvoicePayment).invoiceId }, buyer.token);
    expect(cancelled.body).toMatchObject({ status: 'void' });
    const paidCancel = await call(calls.cancelInvoicePaymentCall, { ...buyer.ctx, invoiceId: (replaced.body as InvoicePayment).invoiceId }, buyer.token);
    expect(paidCancel.body.error?.code).toBe('common/illegal_operation');
    expect(await purchases(buyer)).toHaveLength(1);

    // The payment history lists each transfer invoice once (not its payment intent again), with its product.
    const history = (await call(calls.getOneTimePaymentsCall, buyer.ctx, buyer.token)).body as { payments: calls.OneTimePayment[] };
    expect(history.payments.map((p) => [p.id, p.state, p.method])).toEqual(
      expect.arrayContaining([
        [(replaced.body as InvoicePayment).invoiceId, 'success', 'customer_balance'],
        [invoice.invoiceId, 'canceled', 'customer_balance'],
        [(second.body as InvoicePayment).invoiceId, 'canceled', 'customer_balance'],
      ]),
    );
    expect(history.payments).toHaveLength(3);
    expect(history.payments.find((p) => p.state === 'success')).toMatchObject({ amount: 3000, priceId: otherOneTime.id, productName: expect.any(String), hostedInvoiceUrl: expect.stringContaining('/invoice/') });
  });

  it('refuses a subscription price, a bad recipient and an unknown coupon', async () => {
    const buyer = await member(admin.teamId);
    const recurring = await call(calls.createInvoicePaymentCall, { ...buyer.ctx, price: monthly.id, name: 'Taro', email: 'taro@example.test' }, buyer.token);
    expect(recurring.body.error).toMatchObject({ code: 'common/illegal_operation', fields: { price: 'common/illegal_operation' } });
    const bad = await call(calls.createInvoicePaymentCall, { ...buyer.ctx, price: oneTime.id, name: '', email: 'not-an-email' }, buyer.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toMatchObject({ name: 'validation/required', email: 'validation/invalid_email' });
    const coupon = await call(calls.createInvoicePaymentCall, { ...buyer.ctx, price: oneTime.id, coupon: 'NOPE', name: 'Taro', email: 'taro@example.test' }, buyer.token);
    expect(coupon.body.error?.code).toBe('payment/invalid_coupon');
  });
});
