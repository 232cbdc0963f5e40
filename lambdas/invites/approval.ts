import type { ApprovalOutcome } from '../../shared/api/calls/invites';
import { ConditionFailedError } from '../platform/db';
import { getTeamUser, saveTeamUserOps, type TeamUser } from '../core/entities/team-user';
import { decidePendingOp } from '../core/entities/invite';
import { decideRegistrationOp, listPendingRegistrations } from './registration';
import { transactWithRetry } from './transact-retry';

export type Decision = 'approved' | 'rejected';

/** A member of this team still awaiting approval, read fresh, or undefined. */
async function pendingMember(teamId: string, userId: string): Promise<TeamUser | undefined> {
  const user = await getTeamUser(teamId, userId, true);
  return user && user.role === 'member' && user.approval === 'pending' && user.inviteId ? user : undefined;
}

/**
 * Decides one pending member: their record, their invitation registration (leaving the approval queues)
 * and the invitation's pending count change together. Undefined when they were not pending (any more).
 */
async function decideOne(teamId: string, userId: string, decision: Decision, now: string): Promise<TeamUser | undefined> {
  // The member record is versioned: a write in between (e.g. a profile edit) means read again and retry.
  for (let attempt = 0; attempt < 3; attempt++) {
    const user = await pendingMember(teamId, userId);
    if (!user) return undefined;
    const inviteId = user.inviteId!;
    try {
      await transactWithRetry([
        ...saveTeamUserOps(user, { ...user, approval: decision, updatedAt: now }),
        decideRegistrationOp({ teamId, inviteId, joinedAt: user.createdAt, userId }, decision),
        decidePendingOp(teamId, inviteId, decision),
      ]);
      return { ...user, approval: decision };
    } catch (e) {
      if (!(e instanceof ConditionFailedError)) throw e;
    }
  }
  return undefined;
}

/**
 * Approves or rejects members awaiting approval: the chosen ones, or everyone in the queue (of one
 * invitation, or of the team). Ids that are not pending members of this team are skipped unchanged,
 * whatever they are, so the answer reveals nothing about other teams. `decided` members are handed to
 * `onDecided` (the approval mail).
 */
export async function decideMembers(
  teamId: string,
  selection: { userIds?: string[]; all?: boolean; inviteId?: string },
  decision: Decision,
  onDecided: (user: TeamUser) => Promise<void>,
  now = new Date(),
): Promise<ApprovalOutcome> {
  const at = now.toISOString();
  let decided = 0;
  let skipped = 0;
  const decide = async (userId: string) => {
    const user = await decideOne(teamId, userId, decision, at);
    if (!user) {
      skipped++;
      return;
    }
    decided++;
    await onDecided(user);
  };
  if (selection.all) {
    // Each decision leaves the (sparse) queue, so the first page is always the next one.
    for (;;) {
      const page = await listPendingRegistrations(teamId, selection.inviteId, { limit: 25 });
      if (page.items.length === 0) break;
      const before = decided;
      for (const r of page.items) await decide(r.userId);
      // Nothing decidable left on this page (entries out of step with member records): stop, do not spin.
      if (decided === before) break;
    }
  } else {
    for (const userId of new Set(selection.userIds ?? [])) await decide(userId);
  }
  return { decided, skipped };
}
