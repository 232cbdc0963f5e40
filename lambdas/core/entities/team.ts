import { ConditionFailedError, getItem, updateItem, type Item, type TransactOp } from '../../platform/db';
import { teamKey } from '../../platform/keys';
import type { Language } from '../../../shared/api/calls/teams';
import type { BillingCycle } from '../../../shared/constants';
import type { PlanSubscriptionStatus } from '../../../shared/plans';

/** The team (an operator's site). Entity module: the only code that knows its keys. */
export interface Team {
  teamId: string;
  siteName: string;
  companyName: string;
  phone: string;
  language: Language;
  plan: 'trial' | 'basic' | 'pro' | 'business' | 'enterprise';
  trialEndsAt: string;
  uploadQuotaBytes: number;
  createdAt: string;
  /** The team's connected Stripe account (SPEC §7: every /stripe call acts on it); absent until connected. */
  payment?: TeamPaymentAccount;
  /** The operator's plan subscription on the platform's own Stripe account (lambdas/plans/); absent until first checkout. */
  planSubscription?: TeamPlanSubscription;
  /** The team's customer on the platform's Stripe account (plan billing). */
  planCustomerId?: string;
}

/** The plan subscription as Stripe last told it (written only from Stripe's current state, lambdas/plans/plan-sync.ts). */
export interface TeamPlanSubscription {
  subscriptionId: string;
  status: PlanSubscriptionStatus;
  cycle: BillingCycle;
  currentPeriodEnd?: string;
  cancelAtPeriodEnd: boolean;
  /** Stripe's `created` of the state written: an older state never replaces a newer one. */
  syncedAt: string;
}

export interface TeamPaymentAccount {
  accountId: string;
  /** Stripe's onboarding finished and the account may take payments. */
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
}

const key = (teamId: string) => ({ pk: teamKey(teamId, 'TEAM'), sk: 'TEAM' });

export function putTeamOp(team: Team): TransactOp {
  return { put: { ...key(team.teamId), type: 'team', ...team }, ifNotExists: true };
}

export async function getTeam(teamId: string): Promise<Team | undefined> {
  const item = await getItem<Item & Team>(key(teamId));
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, type: _type, ...team } = item;
  return team as Team;
}

/** Moves the team to another plan (SPEC §1 plans; billing sets it, the access check reads it on every call). */
export async function setTeamPlan(teamId: string, plan: Team['plan']): Promise<void> {
  await updateItem({ key: key(teamId), set: { plan }, condition: 'attribute_exists(pk)' });
}

/** Links a connected account, only if the team has none (two operators connecting at once get one account). */
export const linkTeamPaymentOp = (teamId: string, payment: TeamPaymentAccount): TransactOp => ({
  update: { key: key(teamId), set: { payment }, condition: 'attribute_exists(pk) AND attribute_not_exists(payment)' },
});

/** Unlinks `accountId` (only that one: a stale screen cannot unlink a newer account). */
export const unlinkTeamPaymentOp = (teamId: string, accountId: string): TransactOp => ({
  update: { key: key(teamId), remove: ['payment'], condition: 'payment.accountId = :account', values: { ':account': accountId } },
});

/** Stripe's view of the account changed (onboarding finished, charges disabled). */
export async function updateTeamPayment(teamId: string, payment: TeamPaymentAccount): Promise<void> {
  await updateItem({ key: key(teamId), set: { payment }, condition: 'payment.accountId = :account', values: { ':account': payment.accountId } });
}

/**
 * Writes the plan subscription's state and the plan and storage quota it gives (billing webhook; one UpdateItem,
 * so the access check never reads a plan without its subscription).
 */
export async function setTeamPlanSubscription(teamId: string, sub: TeamPlanSubscription, plan: Team['plan'], uploadQuotaBytes: number): Promise<void> {
  try {
    await updateItem({
      key: key(teamId),
      set: { planSubscription: sub, plan, uploadQuotaBytes },
      condition: 'attribute_exists(pk) AND (attribute_not_exists(planSubscription) OR planSubscription.syncedAt <= :at)',
      values: { ':at': sub.syncedAt },
    });
  } catch (e) {
    // A state read later was written first: it stands.
    if (!(e instanceof ConditionFailedError)) throw e;
  }
}

/** The team's platform customer, kept once created. */
export async function setTeamPlanCustomer(teamId: string, planCustomerId: string): Promise<void> {
  await updateItem({ key: key(teamId), set: { planCustomerId }, condition: 'attribute_exists(pk)' });
}

/** Moves the trial's end (the platform's staff extending a trial; tests moving a team past it). */
export async function setTeamTrialEnd(teamId: string, trialEndsAt: string): Promise<void> {
  await updateItem({ key: key(teamId), set: { trialEndsAt }, condition: 'attribute_exists(pk)' });
}

/** SPEC §3 site settings kept on the team (site name, company, phone): edited on basic_info, in its transaction. */
export const updateTeamProfileOp = (teamId: string, profile: Pick<Team, 'siteName' | 'companyName' | 'phone'>): TransactOp => ({
  update: { key: key(teamId), set: { ...profile }, condition: 'attribute_exists(pk)' },
});
