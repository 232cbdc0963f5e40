import { answerCountOps } from '../invites/custom-field';
import { transact, type TransactOp } from '../platform/db';
import { deleteIdentity } from '../platform/identity';
import { deleteTeamUserOps, listMemberships, type TeamUser } from '../teams/team-user';
import { leaveGroupsOps } from './group';

/**
 * Removing a person from one team, in one transaction: their record, identity link and search items, their
 * group memberships with the groups' counts, and their custom-field answer counts.
 */
export function removeFromTeamOps(user: TeamUser, now: string): TransactOp[] {
  return [
    ...deleteTeamUserOps(user),
    ...leaveGroupsOps(user.teamId, user.userId, user.groupIds ?? [], now),
    ...answerCountOps(user.teamId, user.customFields, undefined),
  ];
}

/** Removes the person and, when they belong to no other team, their sign-in identity too. */
export async function removeFromTeam(user: TeamUser, now: string, extra: TransactOp[] = []): Promise<void> {
  await transact([...removeFromTeamOps(user, now), ...extra]);
  if ((await listMemberships(user.userId)).length === 0) await deleteIdentity(user.email);
}
