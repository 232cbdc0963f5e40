import { queryPage } from '../http/cursor';
import { getItem, query, type Item, type TransactOp } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';

/**
 * Group (SPEC §3) and group membership.
 *
 * - group: `T#<teamId>#GROUP` / `G#<groupId>` — the list of a team's groups is one Query (ids are ULIDs, so
 *   the sort key order is creation order);
 * - membership: `T#<teamId>#GROUP#<groupId>` / `U#<userId>` — "members of a group" is one Query.
 *
 * `memberCount` on the group item is kept exact: every membership put/delete is in the same transaction as
 * the count change, and the put/delete is conditioned on the membership (not) existing, so a repeated or
 * concurrent join never counts twice.
 */
export interface Group {
  teamId: string;
  groupId: string;
  name: string;
  memberCount: number;
  createdAt: string;
  updatedAt?: string;
}

export interface GroupMembership {
  teamId: string;
  groupId: string;
  userId: string;
  joinedAt: string;
}

const groupKey = (teamId: string, groupId: string) => ({
  pk: teamKey(teamId, 'GROUP'),
  sk: `G#${assertId(groupId, 'groupId')}`,
});
const membersPk = (teamId: string, groupId: string) => teamKey(teamId, 'GROUP', assertId(groupId, 'groupId'));
const membershipKey = (teamId: string, groupId: string, userId: string) => ({
  pk: membersPk(teamId, groupId),
  sk: `U#${assertId(userId, 'userId')}`,
});

const strip = <T>(item: Item): T => {
  const { pk: _pk, sk: _sk, type: _type, ...rest } = item;
  return rest as T;
};

export function putGroupOps(group: Group): TransactOp[] {
  return [{ put: { ...groupKey(group.teamId, group.groupId), type: 'group', ...group }, ifNotExists: true }];
}

export async function getGroup(teamId: string, groupId: string, consistent = false): Promise<Group | undefined> {
  const item = await getItem(groupKey(teamId, groupId), consistent);
  return item ? strip<Group>(item) : undefined;
}

/** Rename; fails (ConditionFailedError) when the group does not exist in this team. */
export function renameGroupOps(teamId: string, groupId: string, name: string, now: string): TransactOp[] {
  return [
    {
      update: {
        key: groupKey(teamId, groupId),
        set: { name, updatedAt: now },
        condition: 'attribute_exists(pk)',
      },
    },
  ];
}

/** Delete only an empty group: the condition makes "has members" and "deleted" one atomic decision. */
export function deleteGroupOps(teamId: string, groupId: string): TransactOp[] {
  return [
    {
      delete: groupKey(teamId, groupId),
      condition: 'attribute_exists(pk) AND memberCount = :zero',
      values: { ':zero': 0 },
    },
  ];
}

/** A team's groups (one Query; a team's group count is small, SPEC gives no paging for groups). */
export async function listGroups(teamId: string, limit = 1000): Promise<Group[]> {
  const out: Group[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await query({ pk: teamKey(teamId, 'GROUP'), sk: { beginsWith: 'G#' }, limit, startKey });
    out.push(...page.items.map((i) => strip<Group>(i)));
    startKey = page.lastKey;
  } while (startKey && out.length < limit);
  return out;
}

/**
 * Transaction ops adding `userId` to each group: the membership item (must not exist yet) and the group's
 * member count +1 (the group must exist). The caller keeps `TeamUser.groupIds` in step (for a new member:
 * set `groupIds` on the record given to `putTeamUserOps` in the same transaction).
 * Two ops per group; a DynamoDB transaction holds 100.
 */
export function joinGroupsOps(teamId: string, userId: string, groupIds: readonly string[], now = new Date().toISOString()): TransactOp[] {
  return [...new Set(groupIds)].flatMap((groupId): TransactOp[] => [
    {
      put: { ...membershipKey(teamId, groupId, userId), type: 'groupMember', teamId, groupId, userId, joinedAt: now },
      ifNotExists: true,
    },
    {
      update: {
        key: groupKey(teamId, groupId),
        add: { memberCount: 1 },
        set: { updatedAt: now },
        condition: 'attribute_exists(pk)',
      },
    },
  ]);
}

/**
 * Bulk joining (member import): the membership items alone, written in batches, and afterwards one count change
 * per group for the whole batch (`groupCountOps`). The caller makes the pair happen once (the import's chunk state).
 */
export function groupMembershipItems(teamId: string, userId: string, groupIds: readonly string[], now: string): Item[] {
  return [...new Set(groupIds)].map((groupId) => ({ ...membershipKey(teamId, groupId, userId), type: 'groupMember', teamId, groupId, userId, joinedAt: now }));
}

/** Adds `count` members to each group's `memberCount` (the group must exist); see `groupMembershipItems`. */
export function groupCountOps(teamId: string, counts: ReadonlyMap<string, number>, now: string): TransactOp[] {
  return [...counts].map(([groupId, count]) => ({
    update: { key: groupKey(teamId, groupId), add: { memberCount: count }, set: { updatedAt: now }, condition: 'attribute_exists(pk)' },
  }));
}

/** A person's memberships moved to another user id (an imported member's first login); the counts stay. */
export function moveMembershipsOps(teamId: string, fromUserId: string, toUserId: string, groupIds: readonly string[], now: string): TransactOp[] {
  return [...new Set(groupIds)].flatMap((groupId): TransactOp[] => [
    { delete: membershipKey(teamId, groupId, fromUserId), condition: 'attribute_exists(pk)' },
    { put: { ...membershipKey(teamId, groupId, toUserId), type: 'groupMember', teamId, groupId, userId: toUserId, joinedAt: now }, ifNotExists: true },
  ]);
}

/** The reverse of joinGroupsOps: the membership must exist, the count goes down by one. */
export function leaveGroupsOps(teamId: string, userId: string, groupIds: readonly string[], now = new Date().toISOString()): TransactOp[] {
  return [...new Set(groupIds)].flatMap((groupId): TransactOp[] => [
    { delete: membershipKey(teamId, groupId, userId), condition: 'attribute_exists(pk)' },
    {
      update: {
        key: groupKey(teamId, groupId),
        add: { memberCount: -1 },
        set: { updatedAt: now },
        condition: 'attribute_exists(pk)',
      },
    },
  ]);
}

/** The members of a group (one Query per page); `after` is the last user id of the previous page. */
export async function listGroupMemberIds(
  teamId: string,
  groupId: string,
  opts: { limit?: number; cursor?: string } = {},
): Promise<{ userIds: string[]; nextCursor?: string }> {
  const pk = membersPk(teamId, groupId);
  const page = await queryPage(teamId, { pk, sk: { beginsWith: 'U#' }, limit: opts.limit ?? 100, cursor: opts.cursor }, (i: Item & GroupMembership) => i.userId);
  return { userIds: page.items, nextCursor: page.nextCursor };
}

export async function isGroupMember(teamId: string, groupId: string, userId: string): Promise<boolean> {
  return (await getItem(membershipKey(teamId, groupId, userId), true)) !== undefined;
}
