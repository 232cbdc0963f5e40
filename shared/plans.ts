/**
 * SPEC §1 operator plans: the catalogue (prices, storage quota, limits), the yearly discount, the entry gate and
 * the downgrade rule. Pure and without zod, so the web's billing pages and the server read the same numbers.
 * Amounts are in the currency's smallest unit (yen, cents), as Stripe counts them.
 */
import type { BillingCycle, Plan } from './constants';

const GIB = 1024 ** 3;

export type PaidPlan = Exclude<Plan, 'trial'>;
export const paidPlans = ['basic', 'pro', 'business', 'enterprise'] as const satisfies readonly PaidPlan[];
export type PlanCurrency = 'jpy' | 'usd';

/** Same as constants.ts YEARLY_DISCOUNT_PERCENT (kept here so web pages need not load constants.ts, which reaches zod). */
export const PLAN_YEARLY_DISCOUNT_PERCENT = 10;

export interface PlanSpec {
  /** Monthly price by currency (ja teams pay in yen, en teams in dollars: SPEC §8 "language must match payment currency"). */
  monthly: Record<PlanCurrency, number>;
  /** Upload storage quota (SPEC §9 "storage quotas from the plan"). */
  storageBytes: number;
  /** Monthly plays the plan allows (SPEC §1 playback limits); undefined: no limit. */
  monthlyPlays?: number;
  /** Pro-level features (SAML/OIDC sign-in...): shared/permissions.ts planAtLeast decides; listed here for the page. */
  proFeatures: boolean;
}

/** Our numbers: SPEC names the plans but not their prices or limits. */
export const planCatalogue: Record<PaidPlan, PlanSpec> = {
  basic: { monthly: { jpy: 10_000, usd: 10_000 }, storageBytes: 50 * GIB, monthlyPlays: 10_000, proFeatures: false },
  pro: { monthly: { jpy: 30_000, usd: 30_000 }, storageBytes: 200 * GIB, monthlyPlays: 50_000, proFeatures: true },
  business: { monthly: { jpy: 80_000, usd: 80_000 }, storageBytes: 1024 * GIB, monthlyPlays: 200_000, proFeatures: true },
  enterprise: { monthly: { jpy: 200_000, usd: 200_000 }, storageBytes: 5 * 1024 * GIB, proFeatures: true },
};

export const TRIAL_STORAGE_BYTES = 5 * GIB;

export const isPaidPlan = (plan: string): plan is PaidPlan => (paidPlans as readonly string[]).includes(plan);

/** The currency a team pays its plan in, by its language. */
export const planCurrency = (language: 'ja' | 'en'): PlanCurrency => (language === 'en' ? 'usd' : 'jpy');

/** What one billing period costs: yearly = 12 x monthly x 0.9 (the "10%OFF" badge), rounded to the unit. */
export function planPrice(plan: PaidPlan, cycle: BillingCycle, currency: PlanCurrency): number {
  const monthly = planCatalogue[plan].monthly[currency];
  return cycle === 'monthly' ? monthly : Math.round((12 * monthly * (100 - PLAN_YEARLY_DISCOUNT_PERCENT)) / 100);
}

/** The storage quota a plan gives. */
export const planStorageBytes = (plan: Plan): number => (plan === 'trial' ? TRIAL_STORAGE_BYTES : planCatalogue[plan].storageBytes);

/** The platform price's Stripe lookup key (the local stand-in creates them; on Stripe the operator does, with these keys). */
export const planLookupKey = (plan: PaidPlan, cycle: BillingCycle, currency: PlanCurrency) => `platform_plan_${plan}_${cycle}_${currency}`;

/** The team's platform subscription as Stripe last told it (SPEC §4 subscription states). */
export type PlanSubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused';

export interface GateInput {
  plan: Plan;
  trialEndsAt: string;
  /** The team entity's field (lambdas/core/entities/team.ts). */
  planSubscription?: { status: PlanSubscriptionStatus };
}

/** Why a team is shut (SPEC §2 /entry reasons; the web adds `_admin`/`_user` to `unpaid`). */
export type GateReason = 'not_subscribe' | 'unpaid';

/**
 * The entry gate: a trial that ended without a plan, or a subscription that is cancelled, is `not_subscribe`; an
 * unpaid one (renewals failed past Stripe's retries) is `unpaid`. Past due keeps access (Stripe is still retrying).
 */
export function teamGate(team: GateInput, now: Date): GateReason | undefined {
  const status = team.planSubscription?.status;
  if (status === 'unpaid') return 'unpaid';
  if (status === 'canceled' || status === 'incomplete_expired' || status === 'paused') return 'not_subscribe';
  if (status === 'active' || status === 'trialing' || status === 'past_due') return undefined;
  // No subscription yet (or its first payment is still open): the trial decides; a paid plan given without a
  // subscription (seeded, or by the platform's staff) stays open.
  if (team.plan === 'trial') return team.trialEndsAt <= now.toISOString() ? 'not_subscribe' : undefined;
  return undefined;
}

/**
 * Calls a gated team's administrators may still make: choosing and paying a plan, their own profile, the admin
 * context (header and the gate itself). Everything else is refused with the gate's code.
 */
const gateOpenPrefixes = ['/plan/', '/profile/', '/team/get_admin_context', '/auth/'];
export const openWhenGated = (path: string): boolean => gateOpenPrefixes.some((p) => path === p || path.startsWith(p));

/** Admin pages a gated team's administrators may still open (the pages of those calls). */
const gateOpenAdminPages = ['/admin/general_setting/billing', '/admin/general_setting/subscription', '/admin/setting/profile'];
export const adminPageOpenWhenGated = (pathname: string): boolean => gateOpenAdminPages.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/** The SPEC §8 code a gated call answers. */
export const gateErrorCode = (reason: GateReason) => (reason === 'unpaid' ? 'plan/unpaid' : 'plan/not_subscribed');

/** Where the web sends someone refused by the gate (SPEC §2 /entry/admin/:type and /entry/:teamId/:type). */
export function entryPath(reason: GateReason | 'not_team', side: { admin: true } | { teamId: string }): string {
  const type = reason === 'unpaid' ? ('admin' in side ? 'unpaid_admin' : 'unpaid_user') : reason;
  return 'admin' in side ? `/entry/admin/${type}` : `/entry/${side.teamId}/${type}`;
}

/**
 * A downgrade the team's current usage does not fit is refused (SPEC §8 "downgrade blocked by playback limits"):
 * the stored bytes must fit the new plan's storage, and this month's plays its play limit when both are known.
 */
export function checkPlanChange(to: PaidPlan, usage: { usedBytes: number; monthlyPlays?: number }): 'plan/downgrade_blocked' | undefined {
  const spec = planCatalogue[to];
  if (usage.usedBytes > spec.storageBytes) return 'plan/downgrade_blocked';
  if (spec.monthlyPlays !== undefined && usage.monthlyPlays !== undefined && usage.monthlyPlays > spec.monthlyPlays) return 'plan/downgrade_blocked';
  return undefined;
}
