import '../support/platform-env';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import * as calls from '../../../shared/api/calls/payments';
import type { InvoicePayment, Price } from '../../../shared/api/calls/payments';
import { transact } from '../../../lambdas/platform/db';
import { stripeClient } from '../../../lambdas/platform/payments';
import { deleteAccountLookupOp, putAccountLookupOp } from '../../../lambdas/core/entities/payment-account';
import type { Caller } from '../content/people';
import { call } from '../support/api';
import { connectedTeam, deliver, eventually, member, newPrice, newProduct, payOnHostedPage, purchasesOf as purchases, subscriber } from './shop';

/**
 * Cards and invoices (SPEC §7): a new card through a setup session (made the default by the webhook or by the
 * member's return, whichever comes first, once), choosing a saved card, and one-time prices
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
  /** The last four digits of a default payment method, as Stripe holds it. */
  const last4 = async (method: string | Stripe.PaymentMethod | null | undefined) =>
    method ? (typeof method === 'string' ? await stripe.paymentMethods.retrieve(method, {}, on()) : method).card?.last4 : undefined;
  const defaults = async (subscription: string) => {
    const sub = await stripe.subscriptions.retrieve(subscription, {}, on());
    const customer = (await stripe.customers.retrieve(String(sub.customer), {}, on())) as Stripe.Customer;
    return { subscription: sub.default_payment_method as string | null, customer: customer.invoice_settings.default_payment_method as string | null, customerId: customer.id };
  };
  const setupSession = async (buyer: Caller, subscription: string) => {
    const res = await call(calls.createSetupSessionCall, { ...buyer.ctx, subscription, successPath: `/user/${admin.teamId}/purchased`, cancelPath: `/user/${admin.teamId}/purchased` }, buyer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: string; url: string };
  };

  it('takes a new card through a setup session, which the webhook alone makes the customer’s and the subscription’s default', async () => {
    const { buyer, sub } = await subscriber(admin, monthly, '4242424242424242');
    const session = await setupSession(buyer, sub.id);
    const saved = await payOnHostedPage(session.url, '5555555555554444');
    expect(saved.status).toBe(303);
    // The browser never comes back: checkout.session.completed (mode setup) is enough.
    const changed = await eventually(async () => {
      const now = await defaults(sub.id);
      return (await last4(now.subscription)) === '4444' ? now : undefined;
    });
    expect(changed.customer).toBe(changed.subscription);
    // Stripe names the session in the success address, for the member's return.
    expect(saved.location).toContain(`/user/${admin.teamId}/purchased?setup=success&session_id=${session.id}`);

    const intruder = await member(admin.teamId);
    const refused = await call(calls.createSetupSessionCall, { ...intruder.ctx, subscription: sub.id, successPath: `/user/${admin.teamId}`, cancelPath: `/user/${admin.teamId}` }, intruder.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('subscription/not_purchased');

    // Back to the first card, chosen from the saved ones; another customer's card is not found.
    const cards = await stripe.paymentMethods.list({ customer: changed.customerId, type: 'card' }, on());
    const visa = cards.data.find((c) => c.card?.last4 === '4242')!;
    const chosen = await call(calls.updatePaymentMethodCall, { ...buyer.ctx, paymentMethodId: visa.id }, buyer.token);
    expect(chosen.body).toEqual({ success: true });
    expect((await stripe.subscriptions.retrieve(sub.id, {}, on())).default_payment_method).toBe(visa.id);
    const foreign = await call(calls.updatePaymentMethodCall, { ...intruder.ctx, paymentMethodId: visa.id }, intruder.token);
    expect(foreign.status).toBe(403);

    // The member's late return with the session (a reloaded success page) is answered, and undoes nothing: a session applies once.
    const late = await call(calls.updatePaymentMethodCall, { ...buyer.ctx, sessionId: session.id }, buyer.token);
    expect(late.body).toEqual({ success: true });
    expect(await defaults(sub.id)).toMatchObject({ subscription: visa.id, customer: visa.id });

    // One of the two, never both nor neither.
    const neither = await call(calls.updatePaymentMethodCall, { ...buyer.ctx }, buyer.token);
    expect(neither.body.error?.fields).toMatchObject({ paymentMethodId: 'validation/required' });
    const both = await call(calls.updatePaymentMethodCall, { ...buyer.ctx, paymentMethodId: visa.id, sessionId: session.id }, buyer.token);
    expect(both.body.error?.fields).toMatchObject({ sessionId: 'validation/invalid_value' });
  });

  it('makes the card the default when the member comes back, though the webhook could not, and the late webhook undoes nothing', async () => {
    const { buyer, sub } = await subscriber(admin, monthly, '4242424242424242');
    const other = await subscriber(admin, monthly, '4242424242424242');
    const before = await defaults(sub.id);
    const session = await setupSession(buyer, sub.id);
    // Stripe's deliveries find no team for now (as if the webhook were down).
    await transact([deleteAccountLookupOp(accountId)]);
    let completed: Stripe.Checkout.Session;
    try {
      expect((await payOnHostedPage(session.url, '5555555555554444')).status).toBe(303);
      completed = await stripe.checkout.sessions.retrieve(session.id, {}, on());
      await new Promise((r) => setTimeout(r, 500));
      // The stand-in, like Stripe, only saved the card: nothing is its default yet.
      expect(await defaults(sub.id)).toEqual(before);

      // Another customer's session is not found, and changes nothing.
      const stolen = await call(calls.updatePaymentMethodCall, { ...other.buyer.ctx, sessionId: session.id }, other.buyer.token);
      expect(stolen.status).toBe(404);
      expect(await defaults(sub.id)).toEqual(before);

      const back = await call(calls.updatePaymentMethodCall, { ...buyer.ctx, sessionId: session.id }, buyer.token);
      expect(back.body).toEqual({ success: true });
      const after = await defaults(sub.id);
      expect(await last4(after.subscription)).toBe('4444');
      expect(after.customer).toBe(after.subscription);
    } finally {
      await transact([putAccountLookupOp(accountId, admin.teamId)]);
    }

    // The member goes back to the first card; Stripe's delivery of the completed session then comes, and is processed without undoing it.
    expect((await call(calls.updatePaymentMethodCall, { ...buyer.ctx, paymentMethodId: before.subscription! }, buyer.token)).body).toEqual({ success: true });
    const late = await deliver({ id: `evt_late${Date.now()}`, type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), account: accountId, data: { object: completed } });
    expect(late).toEqual({ status: 200, body: { received: true, outcome: 'processed' } });
    expect(await defaults(sub.id)).toMatchObject({ subscription: before.subscription, customer: before.subscription });
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

  it('refuses a subscription price the member already has, a bad recipient and an unknown coupon', async () => {
    // A recurring price by transfer is a subscription (bank-transfer-subscription.test.ts); not a second one.
    const { buyer: subscribed } = await subscriber(admin, monthly, '4242424242424242');
    const recurring = await call(calls.createInvoicePaymentCall, { ...subscribed.ctx, price: monthly.id, name: 'Taro', email: 'taro@example.test' }, subscribed.token);
    expect(recurring.body.error).toMatchObject({ code: 'common/illegal_operation', fields: { price: 'common/illegal_operation' } });
    const buyer = await member(admin.teamId);
    const bad = await call(calls.createInvoicePaymentCall, { ...buyer.ctx, price: oneTime.id, name: '', email: 'not-an-email' }, buyer.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toMatchObject({ name: 'validation/required', email: 'validation/invalid_email' });
    const coupon = await call(calls.createInvoicePaymentCall, { ...buyer.ctx, price: oneTime.id, coupon: 'NOPE', name: 'Taro', email: 'taro@example.test' }, buyer.token);
    expect(coupon.body.error?.code).toBe('payment/invalid_coupon');
  });
});
