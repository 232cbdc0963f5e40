import { getItem, updateItem, type Item, type TransactOp } from '../platform/db';
import { teamKey } from '../platform/keys';
import type { Language } from '../../shared/api/calls/teams';

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
