import '../support/platform-env';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getAdminContextCall, type AdminContext } from '../../../shared/api/calls/teams';
import { memberNewsListCall } from '../../../shared/api/calls/news';
import { getConnectionCall } from '../../../shared/api/calls/payments';
import * as plansCalls from '../../../shared/api/calls/plans';
import type { PlanContract, PlanInvoice } from '../../../shared/api/calls/plans';
import { planCatalogue, planStorageBytes } from '../../../shared/plans';
import { recordActivity } from '../../../lambdas/core/entities/rollups';
import { transact } from '../../../lambdas/platform/db';
import { stripeClient } from '../../../lambdas/platform/payments';
import { changeUsageOp } from '../../../lambdas/core/entities/upload-usage';
import { getTeam, setTeamTrialEnd } from '../../../lambdas/core/entities/team';
import { newOperator, newPerson, type Caller } from '../content/people';
import { call } from '../support/api';
import { deliver, eventually, payOnHostedPage } from '../payments/shop';

/**
 * Operator plans on the platform's own Stripe account: the entry gate of an expired trial, Checkout paid on the
 * stand-in's hosted page, the platform webhook setting the plan exactly once, the contract, a downgrade refused by
 * usage, cancellation and the invoices; each call's bad input, wrong role and another team.
 */
const GIB = 1024 ** 3;
const past = () => new Date(Date.now() - 60_000).toISOString();
const platformSecret = () => inject('platformEnv').STRIPE_PLATFORM_WEBHOOK_SECRET!;
const newEventId = () => `evt_plan${Date.now()}${Math.random().toString(36).slice(2, 10)}`;

let owner: Caller;
let other: Caller;
let analyst: Caller;
let memberOf: Caller;

const contextOf = async (c: Caller) => (await call(getAdminContextCall, c.ctx, c.token)).body as unknown as AdminContext;

/** Opens Checkout for `plan` as `c`, pays with 4242 on the hosted page, and waits for Stripe's webhook to set it. */
async function subscribe(c: Caller, plan: 'basic' | 'pro', cycle: 'monthly' | 'yearly') {
  const res = await call(plansCalls.planCheckoutCall, { ...c.ctx, plan, cycle }, c.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { url } = res.body as { url: string };
  const paid = await payOnHostedPage(url, '4242424242424242');
  expect(paid.status).toBe(303);
  expect(paid.location).toContain('/admin/general_setting/billing?checkout=success');
  return eventually(async () => {
    const team = await getTeam(c.teamId);
    return team?.planSubscription?.status === 'active' && team.plan === plan ? team : undefined;
  });
}

beforeAll(async () => {
  owner = await newOperator('Plans owner');
  other = await newOperator('Plans other');
  analyst = await newPerson(owner.teamId, 'admin', ['analyst']);
  memberOf = await newPerson(owner.teamId, 'member');
});

describe('entry gate (SPEC §2 /entry)', () => {
  it('a trial moved past its end refuses admin and member calls with plan/not_subscribed, but not the plan calls', async () => {
    const gated = await newOperator('Plans gated');
    const member = await newPerson(gated.teamId, 'member');
    expect((await call(getConnectionCall, gated.ctx, gated.token)).status).toBe(200);
    await setTeamTrialEnd(gated.teamId, past());

    const refused = await call(getConnectionCall, gated.ctx, gated.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'plan/not_subscribed' } });
    const memberRefused = await call(memberNewsListCall, { ...member.ctx, limit: 10 }, member.token);
    expect(memberRefused.status).toBe(403);
    expect(memberRefused.body).toEqual({ error: { code: 'plan/not_subscribed' } });

    const context = await call(getAdminContextCall, gated.ctx, gated.token);
    expect(context.status).toBe(200);
    expect((context.body as unknown as AdminContext).team.gate).toBe('not_subscribe');
    expect((await call(plansCalls.planContractCall, gated.ctx, gated.token)).status).toBe(200);
  });

  it('paying a plan on the platform account lifts the gate and sets the plan, its cycle and its quota', async () => {
    const gated = await newOperator('Plans reopened');
    await setTeamTrialEnd(gated.teamId, past());
    expect((await call(getConnectionCall, gated.ctx, gated.token)).status).toBe(403);

    const team = await subscribe(gated, 'basic', 'yearly');
    expect(team.planSubscription).toMatchObject({ status: 'active', cycle: 'yearly', cancelAtPeriodEnd: false });
    expect(team.uploadQuotaBytes).toBe(planCatalogue.basic.storageBytes);
    expect((await call(getConnectionCall, gated.ctx, gated.token)).status).toBe(200);
    const context = await contextOf(gated);
    expect(context.team.gate).toBeUndefined();
    expect(context.team.subscriptionStatus).toBe('active');
    // The subscription is the platform's own (no connected account) and carries the team.
    const stripe = await stripeClient();
    const sub = await stripe.subscriptions.retrieve(team.planSubscription!.subscriptionId);
    expect(sub.metadata.teamId).toBe(gated.teamId);
    expect(sub.items.data[0]!.price.unit_amount).toBe(Math.round(12 * planCatalogue.basic.monthly.jpy * 0.9));
  });
});

describe('/plan/checkout', () => {
  it('refuses bad input with the field', async () => {
    const res = await call(plansCalls.planCheckoutCall, { ...owner.ctx, plan: 'gold', cycle: 'monthly' }, owner.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'common/invalid_input', fields: { plan: 'validation/invalid_value' } } });
    const cycle = await call(plansCalls.planCheckoutCall, { ...owner.ctx, plan: 'pro', cycle: 'weekly' }, owner.token);
    expect(cycle.status).toBe(400);
    expect((cycle.body as { error: { fields: Record<string, string> } }).error.fields).toEqual({ cycle: 'validation/invalid_value' });
  });

  it('is for paying managers only: an analyst and a member get 403', async () => {
    for (const c of [analyst, memberOf]) {
      const res = await call(plansCalls.planCheckoutCall, { ...c.ctx, plan: 'pro', cycle: 'monthly' }, c.token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 'common/no_operation_authority' } });
    }
  });

  it("refuses another team's administrator", async () => {
    const res = await call(plansCalls.planCheckoutCall, { ...other.ctx, operatedTeamId: owner.teamId, plan: 'pro', cycle: 'monthly' }, other.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { code: 'common/no_operation_authority' } });
  });
});

describe('subscribed team: contract, change, cancel, invoices', () => {
  beforeAll(async () => {
    await subscribe(owner, 'pro', 'monthly');
  });

  it('a second checkout while subscribed is refused (change the plan instead)', async () => {
    const res = await call(plansCalls.planCheckoutCall, { ...owner.ctx, plan: 'basic', cycle: 'monthly' }, owner.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'common/illegal_operation' } });
  });

  it('/plan/contract answers the plan, cycle, status and renewal; site managers only; each team its own', async () => {
    const res = await call(plansCalls.planContractCall, owner.ctx, owner.token);
    expect(res.status).toBe(200);
    const contract = res.body as unknown as PlanContract;
    expect(contract).toMatchObject({ plan: 'pro', currency: 'jpy', subscription: { status: 'active', cycle: 'monthly', plan: 'pro', cancelAtPeriodEnd: false } });
    expect(Date.parse(contract.subscription!.currentPeriodEnd!)).toBeGreaterThan(Date.now());
    expect((await call(plansCalls.planContractCall, analyst.ctx, analyst.token)).status).toBe(403);
    expect((await call(plansCalls.planContractCall, { ...other.ctx, operatedTeamId: owner.teamId }, other.token)).status).toBe(403);
    const others = (await call(plansCalls.planContractCall, other.ctx, other.token)).body as unknown as PlanContract;
    expect(others).toMatchObject({ plan: 'trial' });
    expect(others.subscription).toBeUndefined();
    expect((await call(plansCalls.planContractCall, { ...owner.ctx, extra: 1 }, owner.token)).status).toBe(200);
  });

  it('/plan/change refuses a downgrade the stored bytes exceed (SPEC §8), and moves up', async () => {
    await transact([changeUsageOp(owner.teamId, 60 * GIB)]);
    try {
      const blocked = await call(plansCalls.planChangeCall, { ...owner.ctx, plan: 'basic', cycle: 'monthly' }, owner.token);
      expect(blocked.status).toBe(409);
      expect(blocked.body).toEqual({ error: { code: 'plan/downgrade_blocked' } });
      expect((await getTeam(owner.teamId))!.plan).toBe('pro');

      const bad = await call(plansCalls.planChangeCall, { ...owner.ctx, plan: 'pro' }, owner.token);
      expect(bad.status).toBe(400);
      expect((bad.body as { error: { fields: Record<string, string> } }).error.fields).toEqual({ cycle: 'validation/invalid_value' });
      expect((await call(plansCalls.planChangeCall, { ...analyst.ctx, plan: 'business', cycle: 'monthly' }, analyst.token)).status).toBe(403);
      expect((await call(plansCalls.planChangeCall, { ...other.ctx, operatedTeamId: owner.teamId, plan: 'business', cycle: 'monthly' }, other.token)).status).toBe(403);
      // A team without a subscription has nothing to change.
      expect((await call(plansCalls.planChangeCall, { ...other.ctx, plan: 'business', cycle: 'monthly' }, other.token)).status).toBe(400);

      const up = await call(plansCalls.planChangeCall, { ...owner.ctx, plan: 'business', cycle: 'monthly' }, owner.token);
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      const team = (await getTeam(owner.teamId))!;
      expect(team.plan).toBe('business');
      expect(team.uploadQuotaBytes).toBe(planStorageBytes('business'));
    } finally {
      await transact([changeUsageOp(owner.teamId, -60 * GIB)]);
    }
  });

  it('/plan/change refuses a downgrade this month\'s plays exceed (SPEC §8 playback limits)', async () => {
    // Plays beyond basic's monthly limit, recorded as the member pages record them (the analytics day rollup).
    await recordActivity({ teamId: owner.teamId, at: new Date(), counts: { plays: planCatalogue.basic.monthlyPlays! + 1 } });
    const blocked = await call(plansCalls.planChangeCall, { ...owner.ctx, plan: 'basic', cycle: 'monthly' }, owner.token);
    expect(blocked.status).toBe(409);
    expect(blocked.body).toEqual({ error: { code: 'plan/downgrade_blocked' } });
    expect((await getTeam(owner.teamId))!.plan).not.toBe('basic');
  });

  it('/plan/invoices lists the team\'s paid plan invoices; site managers only; another team sees none of them', async () => {
    const res = await call(plansCalls.planInvoicesCall, owner.ctx, owner.token);
    expect(res.status).toBe(200);
    const { items } = res.body as { items: PlanInvoice[] };
    expect(items.length).toBeGreaterThanOrEqual(1);
    expect(items.some((i) => i.status === 'paid' && i.amountPaid === planCatalogue.pro.monthly.jpy && i.currency === 'jpy')).toBe(true);
    expect((await call(plansCalls.planInvoicesCall, analyst.ctx, analyst.token)).status).toBe(403);
    expect((await call(plansCalls.planInvoicesCall, memberOf.ctx, memberOf.token)).status).toBe(403);
    expect((await call(plansCalls.planInvoicesCall, { ...other.ctx, operatedTeamId: owner.teamId }, other.token)).status).toBe(403);
    expect(((await call(plansCalls.planInvoicesCall, other.ctx, other.token)).body as { items: PlanInvoice[] }).items).toEqual([]);
  });

  it('/plan/cancel schedules the end and takes it back; bad input names the field', async () => {
    const bad = await call(plansCalls.planCancelCall, { ...owner.ctx, cancel: 'yes' }, owner.token);
    expect(bad.status).toBe(400);
    expect((bad.body as { error: { fields: Record<string, string> } }).error.fields).toEqual({ cancel: 'validation/invalid_value' });
    expect((await call(plansCalls.planCancelCall, { ...analyst.ctx, cancel: true }, analyst.token)).status).toBe(403);
    expect((await call(plansCalls.planCancelCall, { ...other.ctx, operatedTeamId: owner.teamId, cancel: true }, other.token)).status).toBe(403);

    expect((await call(plansCalls.planCancelCall, { ...owner.ctx, cancel: true }, owner.token)).status).toBe(200);
    expect(((await call(plansCalls.planContractCall, owner.ctx, owner.token)).body as unknown as PlanContract).subscription).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect((await call(plansCalls.planCancelCall, { ...owner.ctx, cancel: false }, owner.token)).status).toBe(200);
    expect(((await call(plansCalls.planContractCall, owner.ctx, owner.token)).body as unknown as PlanContract).subscription).toMatchObject({ cancelAtPeriodEnd: false });
  });
});

describe('platform webhook', () => {
  it('processes a platform event once: a duplicate changes nothing, a forged one is refused', async () => {
    const team = await newOperator('Plans webhook');
    const subscribed = await subscribe(team, 'basic', 'monthly');
    const subscriptionId = subscribed.planSubscription!.subscriptionId;
    const stripe = await stripeClient();
    // Stripe's state moves on (cancelled at once); the event telling it is delivered twice and once forged.
    await stripe.subscriptions.cancel(subscriptionId);
    const event = { id: newEventId(), type: 'customer.subscription.deleted' as const, created: Math.floor(Date.now() / 1000), data: { object: { id: subscriptionId, object: 'subscription' } } };
    expect((await deliver(event, 'whsec_forger')).status).toBe(400);
    const first = await deliver(event, platformSecret());
    expect(first).toEqual({ status: 200, body: { received: true, outcome: 'processed' } });
    const again = await deliver(event, platformSecret());
    expect(again).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    const after = (await getTeam(team.teamId))!;
    expect(after.planSubscription?.status).toBe('canceled');
    // A cancelled plan shuts the team (not_subscribe) except for choosing a plan again.
    expect((await call(getConnectionCall, team.ctx, team.token)).body).toEqual({ error: { code: 'plan/not_subscribed' } });
    expect((await contextOf(team)).team.gate).toBe('not_subscribe');
  });

  it('a platform event naming a subscription Stripe does not know fails so that Stripe retries', async () => {
    const stripe = await stripeClient();
    const customer = await stripe.customers.create({ email: 'nobody@example.test' });
    const event = { id: newEventId(), type: 'customer.subscription.updated' as const, created: Math.floor(Date.now() / 1000), data: { object: { id: 'sub_doesnotexist1', object: 'subscription', customer: customer.id } } };
    const res = await deliver(event, platformSecret());
    // Stripe answers "no such subscription": the webhook answers 500 so Stripe retries, and nothing is recorded.
    expect(res.status).toBe(500);
  });
});

// Last: it moves the stand-in's one clock forward, which renews every subscription of this run.
describe('renewals that fail', () => {
  it('past due keeps the team open; unpaid (two failed renewals) shuts it with plan/unpaid', async () => {
    const team = await newOperator('Plans unpaid');
    const subscribed = await subscribe(team, 'basic', 'monthly');
    const subscriptionId = subscribed.planSubscription!.subscriptionId;
    const stripe = await stripeClient();
    // The card then breaks: Stripe's test card that saves but declines every charge.
    const broken = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: subscribed.planCustomerId! });
    await stripe.subscriptions.update(subscriptionId, { default_payment_method: broken.id });
    const standInNow = (await stripe.customers.create({ description: 'clock probe' })).created;
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: standInNow });

    const firstEnd = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_end;
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: firstEnd + 3600 });
    await eventually(async () => ((await getTeam(team.teamId))?.planSubscription?.status === 'past_due' ? true : undefined));
    expect((await call(getConnectionCall, team.ctx, team.token)).status).toBe(200);
    expect((await contextOf(team)).team).toMatchObject({ subscriptionStatus: 'past_due' });

    const secondEnd = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_end;
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: secondEnd + 3600 });
    await eventually(async () => ((await getTeam(team.teamId))?.planSubscription?.status === 'unpaid' ? true : undefined));
    expect((await call(getConnectionCall, team.ctx, team.token)).body).toEqual({ error: { code: 'plan/unpaid' } });
    expect((await contextOf(team)).team.gate).toBe('unpaid');
    const member = await newPerson(team.teamId, 'member');
    expect((await call(memberNewsListCall, { ...member.ctx, limit: 10 }, member.token)).body).toEqual({ error: { code: 'plan/unpaid' } });
    // The billing administrator may still see the contract and the invoices, the open ones among them.
    const invoices = (await call(plansCalls.planInvoicesCall, team.ctx, team.token)).body as { items: PlanInvoice[] };
    expect(invoices.items.filter((i) => i.status === 'open').length).toBeGreaterThanOrEqual(2);
  });
});
