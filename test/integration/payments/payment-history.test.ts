import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import * as calls from '../../../shared/api/calls/payments';
import type { InvoiceSummary, OneTimePayment, Price, Product } from '../../../shared/api/calls/payments';
import { stripeClient } from '../../../lambdas/platform/payments';
import type { Caller } from '../content/people';
import { call } from '../support/api';
import { connectedTeam, eventually, member, newPrice, newProduct, payOnHostedPage, purchasesOf, subscriber } from './shop';

/**
 * Issue 27: payment records that tell the truth, against the local Stripe stand-in. A declined card is no payment
 * (neither in the member's history nor in what an operator reads of them); invoices say what they were for and the
 * period they bill.
 */
let admin: Caller;
let accountId: string;
let product: Product;
let oneTime: Price;
let monthly: Price;

const paymentsOf = async (who: Caller, userId?: string) => {
  const res = await call(calls.getOneTimePaymentsCall, { ...who.ctx, ...(userId ? { userId } : {}) }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { payments: OneTimePayment[] }).payments;
};

const invoicesOf = async (who: Caller, userId?: string) => {
  const res = await call(calls.getInvoicesCall, { ...who.ctx, ...(userId ? { userId } : {}) }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { invoices: InvoiceSummary[] }).invoices;
};

beforeAll(async () => {
  ({ admin, accountId } = await connectedTeam('Truthful shop'));
  product = await newProduct(admin, { name: 'Guitar course' });
  oneTime = await newPrice(admin, product.id, { nickname: 'Thirty days', unitAmount: 1100 });
  monthly = await newPrice(admin, product.id, { nickname: 'Monthly', type: 'recurring', interval: 'month', unitAmount: 980, validDays: undefined });
});

describe('one-time payments after a declined card', () => {
  it('lists no payment for declined tries, then the one real payment, with its product and price', async () => {
    const buyer = await member(admin.teamId);
    const session = await call(calls.createSessionCall, { ...buyer.ctx, price: oneTime.id, successPath: `/user/${admin.teamId}`, cancelPath: `/user/${admin.teamId}` }, buyer.token);
    const { url } = session.body as { url: string };
    expect((await payOnHostedPage(url, '4000 0000 0000 0002')).status).toBe(402);
    expect((await payOnHostedPage(url, '4000 0000 0000 0002')).status).toBe(402);
    // The intent Stripe keeps for the session asks for another card: nothing was charged, nothing is listed.
    const stripe = await stripeClient();
    const customers = await stripe.customers.list({ limit: 100 }, { stripeAccount: accountId });
    const customer = customers.data.find((c) => c.metadata?.userId === buyer.userId);
    const intents = await stripe.paymentIntents.list({ customer: customer!.id }, { stripeAccount: accountId });
    expect(intents.data.length).toBeGreaterThan(0);
    expect(intents.data.map((pi) => pi.status)).toEqual(intents.data.map(() => 'requires_payment_method'));
    expect(await paymentsOf(buyer)).toEqual([]);
    expect(await paymentsOf(admin, buyer.userId)).toEqual([]);

    expect((await payOnHostedPage(url, '4242 4242 4242 4242')).status).toBe(303);
    await eventually(async () => ((await purchasesOf(buyer)).length ? true : undefined));
    const own = await paymentsOf(buyer);
    expect(own).toEqual([expect.objectContaining({ state: 'success', status: 'succeeded', amount: 1100, priceId: oneTime.id, productName: 'Guitar course', priceNickname: 'Thirty days', method: 'card' })]);
    // The operator's one-time purchases list of that member says the same.
    expect(await paymentsOf(admin, buyer.userId)).toEqual(own);
  });

  it('lists a refunded payment as refunded', async () => {
    const buyer = await member(admin.teamId);
    const session = await call(calls.createSessionCall, { ...buyer.ctx, price: oneTime.id, successPath: `/user/${admin.teamId}`, cancelPath: `/user/${admin.teamId}` }, buyer.token);
    expect((await payOnHostedPage((session.body as { url: string }).url, '4242424242424242')).status).toBe(303);
    const [paid] = await eventually(async () => {
      const list = await paymentsOf(buyer);
      return list.length ? list : undefined;
    });
    const stripe = await stripeClient();
    await stripe.refunds.create({ payment_intent: paid!.id }, { stripeAccount: accountId });
    expect(await paymentsOf(buyer)).toEqual([expect.objectContaining({ id: paid!.id, state: 'refunded' })]);
  });
});

describe('subscription invoices', () => {
  it('say what they were for and the period they bill, not the moment the first was made', async () => {
    const { buyer } = await subscriber(admin, monthly, '4242424242424242');
    const [first] = await eventually(async () => {
      const list = (await invoicesOf(buyer)).filter((i) => i.subscriptionId && i.status === 'paid');
      return list.length ? list : undefined;
    });
    expect(first).toMatchObject({ priceId: monthly.id, productName: 'Guitar course', priceNickname: 'Monthly', amountPaid: 980 });
    const start = new Date(first!.periodStart!);
    const end = new Date(first!.periodEnd!);
    expect(end.getTime()).toBeGreaterThan(start.getTime());
    const days = (end.getTime() - start.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    // One invoice read alone, and the operator's view of the member, say the same.
    const one = await call(calls.getInvoiceCall, { ...buyer.ctx, invoice: first!.id }, buyer.token);
    expect(one.body).toEqual(first);
    expect((await invoicesOf(admin, buyer.userId)).find((i) => i.id === first!.id)).toEqual(first);
  });
});
