import { emitActivity } from '../core/events/domain-events';
import { answerCountOps } from '../core/entities/custom-field';
import { transact, type TransactOp } from '../platform/db';
import { deleteIdentity, findIdentity } from '../platform/identity';
import { deleteTeamUserOps, listMemberships, type TeamUser } from '../core/entities/team-user';
import { leaveGroupsOps } from '../core/entities/group';

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

/**
 * Removes the person and, when they belong to no other team, their sign-in identity too. A member's removal is
 * counted for the membership trend (SPEC §2 dashboard, analytics user_count) after the removal has happened.
 */
export async function removeFromTeam(user: TeamUser, now: string, extra: TransactOp[] = []): Promise<void> {
  await transact([...removeFromTeamOps(user, now), ...extra]);
  if (user.role === 'member') await emitActivity({ teamId: user.teamId, at: new Date(now), userId: user.userId, counts: { leaves: 1 } });
  if ((await listMemberships(user.userId)).length > 0) return;
  // Only the identity that IS this user: a member created by a federated sign-in has its own identity, and the
  // password account of the same e-mail (found by the address) may be someone's account in other teams.
  if ((await findIdentity(user.email)) === user.userId) await deleteIdentity(user.email);
}
