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
