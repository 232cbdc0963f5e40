import type Stripe from 'stripe';
import type { BillingCycle } from '../../shared/constants';
import type { PlanContract, PlanInvoice } from '../../shared/api/calls/plans';
import { checkPlanChange, isPaidPlan, planCurrency, planLookupKey, planPrice, planStorageBytes, type PaidPlan, type PlanSubscriptionStatus } from '../../shared/plans';
import { normalizeEmail } from '../../shared/rules/email';
import { AppError } from '../core/http/app-error';
import { platformConfig } from '../platform/config';
import { stripeClient } from '../platform/payments';
import { getUsedBytes } from '../core/entities/upload-usage';
import { dayOf, teamDays } from '../core/entities/rollups';
import { viaStripe } from '../core/stripe-errors';
import { getTeam, setTeamPlanCustomer, setTeamPlanSubscription, type Team, type TeamPlanSubscription } from '../core/entities/team';
import type { TeamUser } from '../core/entities/team-user';

/**
 * Operator plans on the platform's OWN Stripe account (no `stripeAccount`: unlike a team's sales, which run on its
 * connected account). The team's plan changes only when Stripe says so (the webhook, `syncPlanSubscription`); the
 * calls here open Checkout, change or cancel the subscription and read its invoices.
 */

export const BILLING_PATH = '/admin/general_setting/billing';

/** A subscription Stripe still bills (a new checkout is refused: change it instead). */
const running = (status: PlanSubscriptionStatus | undefined) => status === 'active' || status === 'trialing' || status === 'past_due';

/**
 * The platform's price for a plan and cycle, found by its lookup key. On Stripe the platform's staff create the
 * prices with these keys (shared/plans.ts `planLookupKey`); locally they are created on first use, idempotently.
 */
async function platformPrice(plan: PaidPlan, cycle: BillingCycle, currency: 'jpy' | 'usd'): Promise<string> {
  const stripe = await viaStripe(() => stripeClient());
  const lookupKey = planLookupKey(plan, cycle, currency);
  const found = await viaStripe(() => stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }));
  if (found.data[0]) return found.data[0].id;
  if (platformConfig().mode === 'aws') throw new AppError('payment/info_not_loaded');
  const product = await viaStripe(() =>
    stripe.products.create({ name: `Plan: ${plan}`, metadata: { platform_plan: plan } }, { idempotencyKey: `platform-plan-product-${plan}` }),
  );
  const price = await viaStripe(() =>
    stripe.prices.create(
      {
        product: product.id,
        currency,
        unit_amount: planPrice(plan, cycle, currency),
        recurring: { interval: cycle === 'monthly' ? 'month' : 'year' },
        lookup_key: lookupKey,
        metadata: { platform_plan: plan, platform_cycle: cycle },
      },
      { idempotencyKey: `platform-plan-price-${lookupKey}` },
    ),
  );
  return price.id;
}

/** The team's customer on the platform account, created on its first checkout. */
async function planCustomer(team: Team, admin: TeamUser): Promise<string> {
  if (team.planCustomerId) return team.planCustomerId;
  const stripe = await viaStripe(() => stripeClient());
  const customer = await viaStripe(() =>
    stripe.customers.create(
      { email: normalizeEmail(admin.email), name: team.companyName || team.siteName, metadata: { teamId: team.teamId }, preferred_locales: [team.language] },
      { idempotencyKey: `platform-plan-customer-${team.teamId}` },
    ),
  );
  await setTeamPlanCustomer(team.teamId, customer.id);
  return customer.id;
}

export async function planCheckout(team: Team, admin: TeamUser, input: { plan: PaidPlan; cycle: BillingCycle; locale?: 'ja' | 'en' }): Promise<{ url: string }> {
  if (running(team.planSubscription?.status)) throw new AppError('common/illegal_operation');
  const currency = planCurrency(team.language);
  const [price, customer] = await Promise.all([platformPrice(input.plan, input.cycle, currency), planCustomer(team, admin)]);
  const stripe = await viaStripe(() => stripeClient());
  const metadata = { teamId: team.teamId, platform_plan: input.plan, platform_cycle: input.cycle };
  const session = await viaStripe(() =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: team.teamId,
      line_items: [{ price, quantity: 1 }],
      success_url: `${platformConfig().appOrigin}${BILLING_PATH}?checkout=success`,
      cancel_url: `${platformConfig().appOrigin}${BILLING_PATH}?checkout=cancel`,
      locale: input.locale ?? team.language,
      metadata,
      subscription_data: { metadata },
    }),
  );
  if (!session.url) throw new AppError('payment/info_not_loaded');
  return { url: session.url };
}

/** The team's plays since the first of this month (UTC), from the analytics day rollups: one Query. */
async function playsThisMonth(teamId: string, now: Date): Promise<number> {
  const today = dayOf(now);
  const days = await teamDays(teamId, `${today.slice(0, 8)}01`, today);
  let plays = 0;
  for (const counts of days.values()) plays += counts.plays;
  return plays;
}

/** Moves a running subscription to another plan or cycle; a downgrade that the usage exceeds is refused first. */
export async function changePlan(team: Team, input: { plan: PaidPlan; cycle: BillingCycle }, now: Date): Promise<{ ok: true }> {
  const current = team.planSubscription;
  if (!current || !running(current.status)) throw new AppError('common/illegal_operation');
  const blocked = checkPlanChange(input.plan, { usedBytes: await getUsedBytes(team.teamId), monthlyPlays: await playsThisMonth(team.teamId, now) });
  if (blocked) throw new AppError(blocked);
  const price = await platformPrice(input.plan, input.cycle, planCurrency(team.language));
  const stripe = await viaStripe(() => stripeClient());
  const sub = await viaStripe(() => stripe.subscriptions.retrieve(current.subscriptionId));
  const item = sub.items.data[0];
  if (!item) throw new AppError('common/illegal_operation');
  if (item.price.id === price) return { ok: true };
  await viaStripe(() =>
    stripe.subscriptions.update(current.subscriptionId, {
      items: [{ id: item.id, price }],
      proration_behavior: 'create_prorations',
      metadata: { teamId: team.teamId, platform_plan: input.plan, platform_cycle: input.cycle },
    }),
  );
  await syncPlanSubscription(current.subscriptionId, now);
  return { ok: true };
}

/** Stops renewal at the period end, or takes that back. */
export async function cancelPlan(team: Team, cancel: boolean, now: Date): Promise<{ ok: true }> {
  const current = team.planSubscription;
  if (!current || !running(current.status)) throw new AppError('common/illegal_operation');
  const stripe = await viaStripe(() => stripeClient());
  await viaStripe(() => stripe.subscriptions.update(current.subscriptionId, { cancel_at_period_end: cancel }));
  await syncPlanSubscription(current.subscriptionId, now);
  return { ok: true };
}

export function planContract(team: Team): PlanContract {
  const sub = team.planSubscription;
  return {
    plan: team.plan,
    trialEndsAt: team.trialEndsAt,
    currency: planCurrency(team.language),
    ...(sub
      ? {
          subscription: {
            status: sub.status,
            cycle: sub.cycle,
            plan: isPaidPlan(team.plan) ? team.plan : undefined,
            ...(sub.currentPeriodEnd ? { currentPeriodEnd: sub.currentPeriodEnd } : {}),
            cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          },
        }
      : {}),
  };
}

const invoiceStatuses: readonly PlanInvoice['status'][] = ['draft', 'open', 'paid', 'void', 'uncollectible'];
const invoiceStatus = (s: Stripe.Invoice.Status | null): PlanInvoice['status'] => invoiceStatuses.find((v) => v === s) ?? 'draft';

/** The team's platform invoices, newest first (one Stripe list of its customer). */
export async function planInvoices(team: Team): Promise<{ items: PlanInvoice[] }> {
  if (!team.planCustomerId) return { items: [] };
  const stripe = await viaStripe(() => stripeClient());
  const customer = team.planCustomerId;
  const list = await viaStripe(() => stripe.invoices.list({ customer, limit: 100 }));
  const items = list.data
    .filter((i) => i.status !== 'draft')
    .map((i) => ({
      id: i.id ?? '',
      number: i.number ?? null,
      status: invoiceStatus(i.status),
      amountDue: i.amount_due,
      amountPaid: i.amount_paid,
      currency: i.currency,
      created: new Date(i.created * 1000).toISOString(),
      hostedInvoiceUrl: i.hosted_invoice_url ?? null,
    }))
    .sort((a, b) => b.created.localeCompare(a.created));
  return { items };
}

const stripeStatuses: readonly PlanSubscriptionStatus[] = ['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused'];

/**
 * Writes the team's plan from Stripe's CURRENT state of the subscription (read afresh, so duplicates and any order
 * of events end the same): its status, cycle and period end, the plan its price stands for and that plan's storage
 * quota. A cancelled subscription keeps its last plan; the gate (shared/plans.ts) shuts the team.
 */
export async function syncPlanSubscription(subscriptionId: string, now: Date): Promise<'processed' | 'ignored'> {
  const stripe = await stripeClient();
  const sub = await stripe.subscriptions.retrieve(subscriptionId);
  const teamId = sub.metadata?.teamId;
  const item = sub.items.data[0];
  if (!teamId || !item) return 'ignored';
  const team = await getTeam(teamId);
  if (!team) return 'ignored';
  const plan = item.price.metadata?.platform_plan;
  if (!plan || !isPaidPlan(plan)) return 'ignored';
  const status = stripeStatuses.includes(sub.status as PlanSubscriptionStatus) ? (sub.status as PlanSubscriptionStatus) : 'incomplete';
  // An older subscription ending must not shut a team that subscribed again since.
  const other = team.planSubscription;
  if (other && other.subscriptionId !== subscriptionId && running(other.status) && !running(status)) return 'ignored';
  const state: TeamPlanSubscription = {
    subscriptionId,
    status,
    cycle: item.price.recurring?.interval === 'year' ? 'yearly' : 'monthly',
    ...(item.current_period_end ? { currentPeriodEnd: new Date(item.current_period_end * 1000).toISOString() } : {}),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    syncedAt: now.toISOString(),
  };
  await setTeamPlanSubscription(teamId, state, plan, planStorageBytes(plan));
  return 'processed';
}
