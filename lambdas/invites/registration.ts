import { query, type Item, type TransactOp } from '../platform/db';
import { assertId, teamKey } from '../platform/keys';

/**
 * Who joined through which invitation (the invitation's user lists and the approval queue).
 *   pk `T#<teamId>#INVITE#<inviteId>#USERS`   sk `<joinedAt>#<userId>`   an invitation's members, newest first
 *   gsi1 `T#<teamId>#APPROVAL_PENDING`        `<joinedAt>#<userId>`     the team's approval queue (sparse: only while pending)
 *   gsi2 `T#<teamId>#INVITE#<inviteId>#PENDING` `<joinedAt>#<userId>`   one invitation's queue (sparse)
 * `joinedAt` is the member record's `createdAt`, so the key is known from the member record alone.
 */
export interface Registration {
  teamId: string;
  inviteId: string;
  userId: string;
  email: string;
  name: string;
  joinedAt: string;
  approval?: 'pending' | 'approved' | 'rejected';
}

type RegistrationItem = Item & Registration;

const usersPk = (teamId: string, inviteId: string) => teamKey(teamId, 'INVITE', assertId(inviteId, 'inviteId'), 'USERS');
const registrationKey = (teamId: string, inviteId: string, joinedAt: string, userId: string) => ({
  pk: usersPk(teamId, inviteId),
  sk: `${joinedAt}#${userId}`,
});
const teamQueuePk = (teamId: string) => teamKey(teamId, 'APPROVAL_PENDING');
const inviteQueuePk = (teamId: string, inviteId: string) => teamKey(teamId, 'INVITE', assertId(inviteId, 'inviteId'), 'PENDING');

const toRegistration = (item: RegistrationItem): Registration => {
  const { pk: _pk, sk: _sk, type: _type, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, ...rest } = item;
  return rest as Registration;
};

export function putRegistrationOp(r: Registration): TransactOp {
  const order = `${r.joinedAt}#${r.userId}`;
  const queued =
    r.approval === 'pending'
      ? { gsi1pk: teamQueuePk(r.teamId), gsi1sk: order, gsi2pk: inviteQueuePk(r.teamId, r.inviteId), gsi2sk: order }
      : {};
  return { put: { ...registrationKey(r.teamId, r.inviteId, r.joinedAt, r.userId), type: 'inviteRegistration', ...r, ...queued }, ifNotExists: true };
}

/** Records the decision and leaves the approval queues; only a still-pending registration changes. */
export function decideRegistrationOp(
  r: Pick<Registration, 'teamId' | 'inviteId' | 'joinedAt' | 'userId'>,
  decision: 'approved' | 'rejected',
): TransactOp {
  return {
    update: {
      key: registrationKey(r.teamId, r.inviteId, r.joinedAt, r.userId),
      set: { approval: decision },
      remove: ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'],
      condition: 'approval = :pending',
      values: { ':pending': 'pending' },
    },
  };
}

type PageIn = { limit: number; startKey?: Record<string, unknown> };
type PageOut = { items: Registration[]; lastKey?: Record<string, unknown> };

export async function listInviteRegistrations(teamId: string, inviteId: string, page: PageIn): Promise<PageOut> {
  const out = await query<RegistrationItem>({ pk: usersPk(teamId, inviteId), ascending: false, ...page });
  return { items: out.items.map(toRegistration), lastKey: out.lastKey };
}

/** Members awaiting approval, oldest first: the whole team's, or one invitation's. */
export async function listPendingRegistrations(teamId: string, inviteId: string | undefined, page: PageIn): Promise<PageOut> {
  const out = await query<RegistrationItem>({
    ...(inviteId ? { index: 'gsi2' as const, pk: inviteQueuePk(teamId, inviteId) } : { index: 'gsi1' as const, pk: teamQueuePk(teamId) }),
    ascending: true,
    ...page,
  });
  return { items: out.items.map(toRegistration), lastKey: out.lastKey };
}
