import '../support/platform-env';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import * as calls from '../../../shared/api/calls/payments';
import type { InvoicePayment, Price } from '../../../shared/api/calls/payments';
import { stripeClient } from '../../../lambdas/platform/payments';
import { getTeamUser } from '../../../lambdas/core/entities/team-user';
import { newPerson, type Caller } from '../content/people';
import { call } from '../support/api';
import { connectedTeam, deliver, eventually, member, newPrice, newProduct, purchasesOf } from './shop';

/**
 * A recurring price by bank transfer (lambdas/payments/invoice-payment.ts `subscribe`): `/stripe/create_invoice_payment`
 * makes a Stripe subscription billed by sent invoices paid from the customer's balance; nothing is granted until an
 * invoice is paid (the transfer arrives: Stripe's `fund_cash_balance` test helper), once however often Stripe tells
 * it; an unpaid renewal ends access as a failed card renewal does (past_due).
 */
let admin: Caller;
let accountId: string;
let stripe: Stripe;
let monthly: Price;
let trial: Price;
let couponId: string;

const on = () => ({ stripeAccount: accountId });
const newEventId = () => `evt_test${Date.now()}${Math.random().toString(36).slice(2, 10)}`;
const subscribe = (buyer: Caller, price: string, extra: Record<string, unknown> = {}) =>
  call(calls.createInvoicePaymentCall, { ...buyer.ctx, price, name: 'Taro Yamada', email: 'taro@example.test', ...extra }, buyer.token);

beforeAll(async () => {
  ({ admin, accountId } = await connectedTeam('Transfer subscriptions'));
  stripe = await stripeClient();
  const product = await newProduct(admin);
  monthly = await newPrice(admin, product.id, { nickname: 'Monthly', type: 'recurring', interval: 'month', unitAmount: 980, validDays: undefined });
  trial = await newPrice(admin, product.id, { nickname: 'Monthly with trial', type: 'recurring', interval: 'month', unitAmount: 1980, trialDays: 14, validDays: undefined });
  const coupon = await call(calls.createCouponCall, { ...admin.ctx, name: 'Half', discount: { type: 'percent', percentOff: 50 }, duration: 'once' }, admin.token);
  expect(coupon.status, JSON.stringify(coupon.body)).toBe(200);
  couponId = (coupon.body as { id: string }).id;
});

describe('subscription by bank transfer', () => {
  it('subscribes with a sent invoice paid by customer balance, grants only when the transfer arrives, and once', async () => {
    const buyer = await member(admin.teamId);
    const res = await subscribe(buyer, monthly.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const first = res.body as InvoicePayment;
    expect(first).toMatchObject({ invoiceId: expect.stringMatching(/^in_/), subscriptionId: expect.stringMatching(/^sub_/), status: 'open', amountDue: 980, currency: 'jpy', hostedInvoiceUrl: expect.stringContaining('/invoice/'), dueDate: expect.any(String) });

    // On Stripe: a send_invoice subscription payable by Japanese bank transfer, carrying who bought it.
    const sub = await stripe.subscriptions.retrieve(first.subscriptionId!, {}, on());
    expect(sub).toMatchObject({ collection_method: 'send_invoice', days_until_due: 7, status: 'active', latest_invoice: first.invoiceId, metadata: { teamId: admin.teamId, userId: buyer.userId, priceId: monthly.id } });
    expect(sub.payment_settings).toMatchObject({ payment_method_types: ['customer_balance'], payment_method_options: { customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'jp_bank_transfer' } } } });

    // Stripe calls it active, but nothing is paid: no purchase, no access; the invoice waits in the payment history.
    await new Promise((r) => setTimeout(r, 500));
    expect(await purchasesOf(buyer)).toEqual([]);
    const history = (await call(calls.getInvoicesCall, buyer.ctx, buyer.token)).body as { invoices: calls.InvoiceSummary[] };
    expect(history.invoices).toEqual([expect.objectContaining({ id: first.invoiceId, status: 'open', subscriptionId: sub.id, priceId: monthly.id, hostedInvoiceUrl: first.hostedInvoiceUrl })]);

    // Asked again while the first invoice waits: the same invoice, not a second subscription.
    const again = await subscribe(buyer, monthly.id);
    expect(again.body).toMatchObject({ invoiceId: first.invoiceId, subscriptionId: sub.id });
    expect((await stripe.subscriptions.list({ customer: String(sub.customer) }, on())).data).toHaveLength(1);

    // The transfer arrives: the invoice is paid and the webhook grants the subscription, to the end of the paid period.
    const before = await getTeamUser(admin.teamId, buyer.userId, true);
    await stripe.testHelpers.customers.fundCashBalance(String(sub.customer), { amount: 980, currency: 'jpy' }, on());
    const [granted] = await eventually(async () => {
      const list = await purchasesOf(buyer);
      return list.length ? list : undefined;
    });
    const periodEnd = new Date(sub.items.data[0]!.current_period_end * 1000).toISOString();
    expect(granted).toMatchObject({ id: sub.id, kind: 'subscription', priceId: monthly.id, state: 'active', byBankTransfer: true, currentPeriodEnd: periodEnd, accessUntil: periodEnd });
    const granting = await getTeamUser(admin.teamId, buyer.userId, true);
    expect(granting).toMatchObject({ roleTab: 'customer', paymentCustomerId: sub.customer });

    // Stripe tells it again (the same event redelivered, and a new event for the same invoice): no second grant.
    const invoicePaid = { type: 'invoice.paid' as const, created: Math.floor(Date.now() / 1000), account: accountId, data: { object: { id: first.invoiceId, object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: null } } } } };
    const id = newEventId();
    expect((await deliver({ ...invoicePaid, id })).body.outcome).toBe('processed');
    expect((await deliver({ ...invoicePaid, id })).body.outcome).toBe('duplicate');
    expect((await deliver({ ...invoicePaid, id: newEventId() })).body.outcome).toBe('processed');
    expect(await purchasesOf(buyer)).toEqual([expect.objectContaining({ id: sub.id, state: 'active' })]);
    const after = await getTeamUser(admin.teamId, buyer.userId, true);
    expect(after?.version).toBe(granting?.version);
    expect(granting?.version).toBeGreaterThan(before?.version ?? 0);

    // Subscribed now: another link for the same price is refused, with the field.
    const twice = await subscribe(buyer, monthly.id);
    expect(twice.body.error).toMatchObject({ code: 'common/illegal_operation', fields: { price: 'common/illegal_operation' } });
  });

  it("follows the card path's trial and coupon: a trial starts at once (its zero invoice paid), a coupon takes its part off", async () => {
    const buyer = await member(admin.teamId);
    const started = await subscribe(buyer, trial.id);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ status: 'paid', amountDue: 0 });
    const sub = await stripe.subscriptions.retrieve((started.body as InvoicePayment).subscriptionId!, {}, on());
    expect(sub.status).toBe('trialing');
    const [trialing] = await eventually(async () => {
      const list = await purchasesOf(buyer);
      return list.length ? list : undefined;
    });
    expect(trialing).toMatchObject({ state: 'trialing', trialEnd: new Date(sub.trial_end! * 1000).toISOString(), accessUntil: new Date(sub.trial_end! * 1000).toISOString() });

    const other = await member(admin.teamId);
    const discounted = await subscribe(other, monthly.id, { coupon: couponId });
    expect(discounted.body).toMatchObject({ status: 'open', amountDue: 490 });
  });

  it('refuses a bad recipient (400 with the fields), an unknown coupon, no caller, and another team', async () => {
    const buyer = await member(admin.teamId);
    const bad = await subscribe(buyer, monthly.id, { name: '', email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toMatchObject({ name: 'validation/required', email: 'validation/invalid_email' });
    const badPrice = await subscribe(buyer, 'sub_notaprice');
    expect(badPrice.status).toBe(400);
    expect(Object.keys(badPrice.body.error?.fields ?? {})).toEqual(['price']);
    const coupon = await subscribe(buyer, monthly.id, { coupon: 'NOPE' });
    expect(coupon.body.error?.code).toBe('payment/invalid_coupon');
    expect(await stripe.subscriptions.list({ limit: 100 }, on()).then((l) => l.data.filter((s) => s.metadata?.userId === buyer.userId))).toEqual([]);

    const anonymous = await call(calls.createInvoicePaymentCall, { ...buyer.ctx, price: monthly.id, name: 'Taro', email: 'taro@example.test' });
    expect(anonymous.status).toBe(401);

    // Another team's member: this team's ids are refused before any work; from their own team the price is not found.
    const { admin: otherAdmin } = await connectedTeam('Other transfer shop');
    const stranger = await newPerson(otherAdmin.teamId, 'member');
    const cross = await call(calls.createInvoicePaymentCall, { ...buyer.ctx, price: monthly.id, name: 'Taro', email: 'taro@example.test' }, stranger.token);
    expect(cross.status).toBe(403);
    const foreign = await subscribe(stranger, monthly.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe('price/not_found');
  });

  it('ends access when a renewal goes unpaid past its due date, and gives it back when the transfer arrives', async () => {
    const buyer = await member(admin.teamId);
    const first = (await subscribe(buyer, monthly.id)).body as InvoicePayment;
    const sub = await stripe.subscriptions.retrieve(first.subscriptionId!, {}, on());
    const customer = String(sub.customer);
    await stripe.testHelpers.customers.fundCashBalance(customer, { amount: 980, currency: 'jpy' }, on());
    await eventually(async () => ((await purchasesOf(buyer))[0]?.state === 'active' ? true : undefined));
    const paidEnd = (await purchasesOf(buyer))[0]!.accessUntil;

    // The period ends: Stripe sends the renewal invoice by transfer; access still ends with the paid period.
    const standInNow = (await stripe.customers.create({ description: 'clock probe' })).created;
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: standInNow });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: sub.items.data[0]!.current_period_end + 3600 });
    const renewal = await stripe.invoices.retrieve(String((await stripe.subscriptions.retrieve(sub.id, {}, on())).latest_invoice), {}, on());
    expect(renewal).toMatchObject({ status: 'open', collection_method: 'send_invoice', billing_reason: 'subscription_cycle', amount_due: 980 });
    expect(renewal.payment_settings.payment_method_types).toEqual(['customer_balance']);
    const history = (await call(calls.getInvoicesCall, buyer.ctx, buyer.token)).body as { invoices: calls.InvoiceSummary[] };
    expect(history.invoices.find((i) => i.id === renewal.id)).toMatchObject({ status: 'open', hostedInvoiceUrl: expect.stringContaining(`/invoice/${renewal.id}`) });

    // Past the due date unpaid: past due, as a failed card renewal; no access.
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: renewal.due_date! + 3600 });
    const pastDue = await eventually(async () => {
      const [p] = await purchasesOf(buyer);
      return p?.state === 'past_due' ? p : undefined;
    });
    expect(pastDue.accessUntil).toBe(paidEnd);

    // The transfer arrives late: the renewal is paid, the subscription active, access runs to the new period's end.
    await stripe.testHelpers.customers.fundCashBalance(customer, { amount: 980, currency: 'jpy' }, on());
    const renewed = await eventually(async () => {
      const [p] = await purchasesOf(buyer);
      return p?.state === 'active' && p.accessUntil !== paidEnd ? p : undefined;
    });
    expect(renewed.accessUntil).toBe(new Date((renewal.lines.data[0]!.period.end) * 1000).toISOString());
  });
});
