import '../support/platform-env';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type Stripe from 'stripe';
import { confirmIncompletePaymentCall, createSessionCall, createSetupSessionCall, listPaymentNotificationsCall, type IncompletePayment, type PaymentNotification, type Price } from '../../../shared/api/calls/payments';
import type { Page } from '../../../shared/api/page';
import { transact } from '../../../lambdas/platform/db';
import { stripeClient } from '../../../lambdas/platform/payments';
import { putAccountLookupOp } from '../../../lambdas/core/entities/payment-account';
import { linkTeamPaymentOp } from '../../../lambdas/core/entities/team';
import { getTeamUser } from '../../../lambdas/core/entities/team-user';
import { newOperator, newPerson, type Caller } from '../content/people';
import { call, inbox } from '../support/api';
import { deliver, eventually, member, newPrice, newProduct, payOnHostedPage, purchasesOf, subscriber } from './shop';

/**
 * The Stripe webhook, exactly once: the team's account is linked to the team but not yet to the webhook's
 * account lookup while the buyer pays, so Stripe's own deliveries are ignored; the test then delivers the
 * events itself, duplicated, reordered and forged, and counts the grants.
 */
let admin: Caller;
let accountId: string;
let oneTime: Price;
let monthly: Price;
let stripe: Stripe;

const newEventId = () => `evt_test${Date.now()}${Math.random().toString(36).slice(2, 10)}`;
const created = () => Math.floor(Date.now() / 1000);


/** A buyer who paid `price` on the hosted page while the webhook could not yet find the team. */
async function paidSession(price: Price): Promise<{ buyer: Caller; session: Stripe.Checkout.Session }> {
  const buyer = await member(admin.teamId);
  const res = await call(createSessionCall, { ...buyer.ctx, price: price.id, successPath: `/user/${admin.teamId}`, cancelPath: `/user/${admin.teamId}` }, buyer.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { id, url } = res.body as { id: string; url: string };
  expect((await payOnHostedPage(url, '4242424242424242')).status).toBe(303);
  return { buyer, session: await stripe.checkout.sessions.retrieve(id, {}, { stripeAccount: accountId }) };
}

beforeAll(async () => {
  admin = await newOperator('Webhook shop');
  stripe = await stripeClient();
  const account = await stripe.accounts.create({ type: 'standard', metadata: { teamId: admin.teamId, local_onboarded: 'true' } });
  accountId = account.id;
  await transact([linkTeamPaymentOp(admin.teamId, { accountId, chargesEnabled: true, detailsSubmitted: true })]);
  const product = await newProduct(admin);
  oneTime = await newPrice(admin, product.id);
  monthly = await newPrice(admin, product.id, { nickname: 'Monthly', type: 'recurring', interval: 'month', unitAmount: 980, validDays: undefined });
});

describe('Stripe webhook: verified, exactly once, order-tolerant', () => {
  let oneTimeBuyer: Caller;
  let oneTimeSession: Stripe.Checkout.Session;
  let subBuyer: Caller;
  let subSession: Stripe.Checkout.Session;

  beforeAll(async () => {
    ({ buyer: oneTimeBuyer, session: oneTimeSession } = await paidSession(oneTime));
    ({ buyer: subBuyer, session: subSession } = await paidSession(monthly));
    // Give Stripe's own deliveries time to arrive (and be ignored: no team owns the account yet).
    await new Promise((r) => setTimeout(r, 500));
    expect(await purchasesOf(oneTimeBuyer)).toEqual([]);
    await transact([putAccountLookupOp(accountId, admin.teamId)]);
  });

  it('refuses a forged signature and changes nothing; the same event signed by Stripe is then processed', async () => {
    const event = { id: newEventId(), type: 'checkout.session.completed' as const, created: created(), account: accountId, data: { object: oneTimeSession } };
    const forged = await deliver(event, 'whsec_forger');
    expect(forged.status).toBe(400);
    const unsigned = await fetch(`${inject('baseUrl')}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    expect(await purchasesOf(oneTimeBuyer)).toEqual([]);
    const genuine = await deliver(event);
    expect(genuine).toEqual({ status: 200, body: { received: true, outcome: 'processed' } });
    expect(await purchasesOf(oneTimeBuyer)).toEqual([expect.objectContaining({ kind: 'one_time', priceId: oneTime.id, state: 'success' })]);
  });

  it('grants once for duplicates delivered at the same time', async () => {
    const before = await getTeamUser(admin.teamId, oneTimeBuyer.userId, true);
    const event = { id: newEventId(), type: 'payment_intent.succeeded' as const, created: created(), account: accountId, data: { object: { id: oneTimeSession.payment_intent, object: 'payment_intent' } } };
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(event)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Later copies of a recorded event are duplicates; racing copies may each do the (idempotent) work.
    const again = await deliver(event);
    expect(again.body.outcome).toBe('duplicate');
    expect(await purchasesOf(oneTimeBuyer)).toHaveLength(1);
    // The grant (the member becoming a customer) happened once, in the first test: the record did not move.
    const after = await getTeamUser(admin.teamId, oneTimeBuyer.userId, true);
    expect(after?.version).toBe(before?.version);
    expect(after?.roleTab).toBe('customer');
  });

  it('takes invoice.paid before checkout.session.completed, and grants exactly one subscription', async () => {
    const before = await getTeamUser(admin.teamId, subBuyer.userId, true);
    const subscription = String(subSession.subscription);
    const firstInvoice = String((await stripe.subscriptions.retrieve(subscription, {}, { stripeAccount: accountId })).latest_invoice);
    const invoicePaid = {
      id: newEventId(),
      type: 'invoice.paid' as const,
      created: created(),
      account: accountId,
      data: { object: { id: firstInvoice, object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription, metadata: null } } } },
    };
    const completed = { id: newEventId(), type: 'checkout.session.completed' as const, created: created(), account: accountId, data: { object: subSession } };
    const createdEvent = { id: newEventId(), type: 'customer.subscription.created' as const, created: created(), account: accountId, data: { object: { id: subscription, object: 'subscription' } } };
    for (const event of [invoicePaid, completed, createdEvent, completed, invoicePaid]) {
      const res = await deliver(event);
      expect(res.status).toBe(200);
    }
    const purchases = await purchasesOf(subBuyer);
    expect(purchases).toEqual([expect.objectContaining({ id: subscription, kind: 'subscription', priceId: monthly.id, state: 'active' })]);
    // Exactly one grant: the member's record was rewritten once (customer, with their customer id).
    const after = await getTeamUser(admin.teamId, subBuyer.userId, true);
    expect(after?.version).toBe((before?.version ?? 0) + 1);
    expect(after).toMatchObject({ roleTab: 'customer', paymentCustomerId: subSession.customer, paymentAccountId: accountId });
  });

  it('tells billing administrators of each payment once, in-app and by mail, the first subscription payment as such', async () => {
    const list = await call(listPaymentNotificationsCall, { ...admin.ctx, limit: 50 }, admin.token);
    expect(list.status).toBe(200);
    const notices = (list.body as Page<PaymentNotification>).items;
    const firstInvoice = String((await stripe.subscriptions.retrieve(String(subSession.subscription), {}, { stripeAccount: accountId })).latest_invoice);
    expect(notices).toHaveLength(2);
    expect(notices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ notificationId: oneTimeSession.payment_intent, event: 'paymentUser', kind: 'one_time', userId: oneTimeBuyer.userId, amount: 1000, currency: 'jpy' }),
        expect.objectContaining({ notificationId: firstInvoice, event: 'firstSubscriptionPayment', kind: 'subscription', userId: subBuyer.userId, amount: 980 }),
      ]),
    );
    const mails = await inbox(admin.email);
    expect(mails.filter((m) => m.subject.includes('初回のサブスクリプション決済'))).toHaveLength(1);
    expect(mails.filter((m) => m.subject.includes('会員の決済がありました'))).toHaveLength(1);
    expect(mails.find((m) => m.subject.includes('会員の決済がありました'))?.body.text).toContain(`/admin/user/${oneTimeBuyer.userId}/paid_history/one_time`);

    // Only administrators with billing read them; a member does not.
    const contentAdmin = await newPerson(admin.teamId, 'admin', ['contentsManager']);
    expect((await call(listPaymentNotificationsCall, contentAdmin.ctx, contentAdmin.token)).status).toBe(403);
    expect((await call(listPaymentNotificationsCall, oneTimeBuyer.ctx, oneTimeBuyer.token)).status).toBe(403);
    expect(await inbox(contentAdmin.email)).toEqual([]);
    // Bad input is refused per field; another team's administrator cannot read this team's notices.
    const bad = await call(listPaymentNotificationsCall, { ...admin.ctx, limit: 0 }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toMatchObject({ limit: 'validation/invalid_value' });
    const stranger = await newOperator('Elsewhere');
    const foreign = await call(listPaymentNotificationsCall, { ...admin.ctx, operatedUserId: stranger.userId }, stranger.token);
    expect([403, 404]).toContain(foreign.status);
    expect(JSON.stringify(foreign.body)).not.toContain(oneTimeBuyer.userId);
  });

  it("ignores an event of an account no team owns, and the platform account's own events", async () => {
    const stranger = await stripe.accounts.create({ type: 'standard', metadata: { local_onboarded: 'true' } });
    const res = await deliver({ id: newEventId(), type: 'checkout.session.completed', created: created(), account: stranger.id, data: { object: oneTimeSession } });
    expect(res.body.outcome).toBe('ignored');
    const platformEvent = await deliver({ id: newEventId(), type: 'checkout.session.completed', created: created(), data: { object: oneTimeSession } });
    expect(platformEvent.body.outcome).toBe('ignored');
  });
});

/**
 * Renewals move the stand-in's one clock: these run last (this file sorts after the contract test). The
 * subscription's state follows Stripe's renewal webhooks: past due when 3-D Secure is needed, active once done.
 */
describe('Stripe webhook: renewals', () => {
  let monthly: Price;
  let withTrial: Price;
  beforeAll(async () => {
    const product = await newProduct(admin);
    monthly = await newPrice(admin, product.id, { nickname: 'Monthly 3DS', type: 'recurring', interval: 'month', unitAmount: 980, validDays: undefined });
    withTrial = await newPrice(admin, product.id, { nickname: 'Monthly with trial', type: 'recurring', interval: 'month', trialDays: 7, unitAmount: 980, validDays: undefined });
  });

  it('charges the next invoice to the card a member changed to through Checkout, made the default by the webhook alone', async () => {
    // 0341 is saved at the trial's start but declines every charge: the renewal is paid only if the new card is used.
    const { buyer, sub } = await subscriber(admin, withTrial, '4000000000000341');
    expect(sub.state).toBe('trialing');
    const res = await call(createSetupSessionCall, { ...buyer.ctx, subscription: sub.id, successPath: `/user/${admin.teamId}/purchased`, cancelPath: `/user/${admin.teamId}/purchased` }, buyer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await payOnHostedPage((res.body as { url: string }).url, '4242424242424242')).status).toBe(303);
    // The member does not come back to the app: the webhook makes the card the subscription's and the customer's.
    const on = { stripeAccount: accountId };
    const card = await eventually(async () => {
      const method = (await stripe.subscriptions.retrieve(sub.id, {}, on)).default_payment_method as string;
      return (await stripe.paymentMethods.retrieve(method, {}, on)).card?.last4 === '4242' ? method : undefined;
    });
    const customer = (await stripe.customers.retrieve(String((await stripe.subscriptions.retrieve(sub.id, {}, on)).customer), {}, on)) as Stripe.Customer;
    expect(customer.invoice_settings.default_payment_method).toBe(card);

    // The trial ends: the first invoice is charged to the new card, and the subscription is active.
    const standInNow = (await stripe.customers.create({ description: 'clock probe' })).created;
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: standInNow });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: Math.max(standInNow, Date.parse(sub.currentPeriodEnd!) / 1000) + 3600 });
    await eventually(async () => ((await purchasesOf(buyer))[0]?.state === 'active' ? true : undefined));
    const invoice = await stripe.invoices.retrieve(String((await stripe.subscriptions.retrieve(sub.id, {}, on)).latest_invoice), {}, on);
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 980 });
    const intent = await stripe.paymentIntents.retrieve(String(invoice.payments!.data[0].payment.payment_intent), {}, on);
    expect(intent).toMatchObject({ status: 'succeeded', payment_method: card });
  });

  it('sends a member to 3-D Secure for a renewal that asks for it, and the subscription is active again after', async () => {
    const { buyer, sub } = await subscriber(admin, monthly, '4000002500003155');
    expect(sub.state).toBe('active');
    const nothing = await call(confirmIncompletePaymentCall, { ...buyer.ctx, returnPath: `/user/${admin.teamId}/purchased` }, buyer.token);
    expect(nothing.body).toEqual({});
    // The stand-in's clock passes the period end: the renewal asks for authentication.
    const standInNow = (await stripe.customers.create({ description: 'clock probe' })).created;
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: standInNow });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: Date.parse(sub.currentPeriodEnd!) / 1000 + 3600 });
    await eventually(async () => ((await purchasesOf(buyer))[0]?.state === 'past_due' ? true : undefined));
    const pending = await call(confirmIncompletePaymentCall, { ...buyer.ctx, returnPath: `/user/${admin.teamId}/purchased` }, buyer.token);
    const intent = (pending.body as { paymentIntent: IncompletePayment }).paymentIntent;
    expect(intent).toMatchObject({ status: 'requires_action', amount: 980, currency: 'jpy', nextActionUrl: expect.stringContaining('/checkout/authenticate/') });
    const done = await fetch(intent.nextActionUrl!, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=authenticated' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toContain(`/user/${admin.teamId}/purchased?authentication=done`);
    await eventually(async () => ((await purchasesOf(buyer))[0]?.state === 'active' ? true : undefined));
  });
});
