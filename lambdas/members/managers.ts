import type { ManagedGroup, ManagedGroupsInput, ManagerRow } from '../../shared/api/calls/managers';
import { managerPermissions, type ManagerPermission } from '../../shared/permissions';
import { AppError } from '../core/http/app-error';
import { getGroup, joinGroupsOps, leaveGroupsOps, isGroupMember } from '../core/entities/group';
import { findTeamUsersByEmail, getTeamUser, listTeamUsers, saveTeamUserOps, type TeamUser } from '../core/entities/team-user';
import { ConditionFailedError, transact } from '../platform/db';
import { getMember, roleTabFor } from './members';

/**
 * SPEC §3/§6 group managers: a member's `managerOf` (groupId -> permissions) names the groups they manage and
 * what they may do in each; any managed group puts them on the manager tab. Only members manage groups.
 */

/** The stored form of a manager's permissions: groups with no permission dropped, each list in table order, no repeats. */
export function normalizeManagerOf(managerOf: Readonly<Record<string, readonly ManagerPermission[]>>): Record<string, ManagerPermission[]> {
  const out: Record<string, ManagerPermission[]> = {};
  for (const [groupId, granted] of Object.entries(managerOf)) {
    const kept = managerPermissions.filter((p) => granted.includes(p));
    if (kept.length > 0) out[groupId] = kept;
  }
  return out;
}

/** The input's list of groups as the stored map (a group named twice gets both lists' permissions). */
export function managerOfFrom(groups: ManagedGroupsInput): Record<string, ManagerPermission[]> {
  const merged: Record<string, ManagerPermission[]> = {};
  for (const { groupId, permissions } of groups) merged[groupId] = [...(merged[groupId] ?? []), ...permissions];
  return normalizeManagerOf(merged);
}

export const toManagerRow = (u: TeamUser): ManagerRow => ({
  userId: u.userId,
  name: u.name,
  email: u.email,
  managerOf: normalizeManagerOf(u.managerOf ?? {}),
});

/** One page of the manager list (one Query, newest first). */
export async function listManagers(teamId: string, q: { limit: number; cursor?: string }) {
  const page = await listTeamUsers(teamId, 'manager', { sort: 'created', order: 'desc', limit: q.limit, cursor: q.cursor });
  return { items: page.users.filter((u) => u.role === 'member').map(toManagerRow), nextCursor: page.nextCursor };
}

/** A manager of this team, or 404 (a plain member's, an administrator's or another team's id reveals nothing). */
export async function getManager(teamId: string, userId: string): Promise<TeamUser> {
  const user = await getTeamUser(teamId, userId, true);
  if (!user || user.role !== 'member' || Object.keys(normalizeManagerOf(user.managerOf ?? {})).length === 0) throw new AppError('common/no_user');
  return user;
}

/** Every named group is one of this team's, or a 400 naming the first that is not (another team's reveals nothing). */
async function checkGroupsExist(teamId: string, groups: ManagedGroupsInput): Promise<void> {
  const found = await Promise.all(groups.map((g) => getGroup(teamId, g.groupId, true)));
  const missing = found.findIndex((g) => !g);
  if (missing >= 0) throw new AppError('common/invalid_input', { [`groups.${missing}.groupId`]: 'validation/invalid_value' });
}

/** Rewrites one member's record from what it is now, retrying a lost race a few times. */
async function rewrite(read: () => Promise<TeamUser>, change: (before: TeamUser) => TeamUser) {
  for (let attempt = 0; ; attempt++) {
    const before = await read();
    const after = change(before);
    try {
      await transact(saveTeamUserOps(before, after));
      return { ...after, version: (before.version ?? 0) + 1 };
    } catch (e) {
      if (!(e instanceof ConditionFailedError)) throw e;
      if (attempt >= 3) throw new AppError('common/concurrent_update');
    }
  }
}

const withManagerOf = (before: TeamUser, managerOf: Record<string, ManagerPermission[]>, now: Date): TeamUser => ({
  ...before,
  managerOf,
  roleTab: roleTabFor({ managerOf, paymentCustomerId: before.paymentCustomerId }),
  updatedAt: now.toISOString(),
});

/** The team's member with this e-mail, or a 400 on `email` (an administrator's address is not a member's). */
async function memberByEmail(teamId: string, email: string): Promise<TeamUser> {
  const member = (await findTeamUsersByEmail(teamId, email)).find((u) => u.role === 'member');
  if (!member) throw new AppError('common/invalid_input', { email: 'common/no_user' });
  return member;
}

/** Makes a member a manager of some groups; a member who already manages groups is refused on `email`. */
export async function createManager(teamId: string, email: string, groups: ManagedGroupsInput, now = new Date()) {
  await checkGroupsExist(teamId, groups);
  const managed = managerOfFrom(groups);
  const { userId } = await memberByEmail(teamId, email);
  return rewrite(
    () => getMember(teamId, userId),
    (before) => {
      if (Object.keys(normalizeManagerOf(before.managerOf ?? {})).length > 0) {
        throw new AppError('common/invalid_input', { email: 'auth/email_already_registered' });
      }
      return withManagerOf(before, managed, now);
    },
  );
}

/** Replaces a manager's groups and permissions. */
export async function updateManager(teamId: string, userId: string, groups: ManagedGroupsInput, now = new Date()) {
  await checkGroupsExist(teamId, groups);
  const managed = managerOfFrom(groups);
  return rewrite(() => getManager(teamId, userId), (before) => withManagerOf(before, managed, now));
}

/** Takes every group from a manager (their own group memberships stay). */
export async function removeManager(teamId: string, userId: string, now = new Date()): Promise<void> {
  await rewrite(() => getManager(teamId, userId), (before) => withManagerOf(before, {}, now));
}

/** The caller's managed groups that still exist, in the order of their ids (creation order). */
export async function managedGroups(user: TeamUser): Promise<ManagedGroup[]> {
  if (user.role !== 'member') return [];
  const managed = normalizeManagerOf(user.managerOf ?? {});
  const groups = await Promise.all(Object.keys(managed).sort().map((id) => getGroup(user.teamId, id)));
  return groups
    .filter((g) => g !== undefined)
    .map((g) => ({ groupId: g.groupId, name: g.name, memberCount: g.memberCount, permissions: managed[g.groupId] }));
}

/** A group of this team, or 404 (another team's group id reveals nothing). */
async function existingGroup(teamId: string, groupId: string) {
  if (!(await getGroup(teamId, groupId, true))) throw new AppError('common/not_found');
}

/** Adds the team's member with this e-mail to a group (already in it: nothing changes). */
export async function addGroupMember(teamId: string, groupId: string, email: string, now = new Date()): Promise<TeamUser> {
  await existingGroup(teamId, groupId);
  const { userId } = await memberByEmail(teamId, email);
  for (let attempt = 0; ; attempt++) {
    const before = await getMember(teamId, userId);
    if (await isGroupMember(teamId, groupId, userId)) return before;
    const at = now.toISOString();
    const after: TeamUser = { ...before, groupIds: [...new Set([...(before.groupIds ?? []), groupId])], updatedAt: at };
    try {
      await transact([...saveTeamUserOps(before, after), ...joinGroupsOps(teamId, userId, [groupId], at)]);
      return { ...after, version: (before.version ?? 0) + 1 };
    } catch (e) {
      if (!(e instanceof ConditionFailedError)) throw e;
      if (attempt >= 3) throw new AppError('common/concurrent_update');
    }
  }
}

/** Takes a member out of a group (not in it: 404). */
export async function removeGroupMember(teamId: string, groupId: string, userId: string, now = new Date()): Promise<void> {
  await existingGroup(teamId, groupId);
  for (let attempt = 0; ; attempt++) {
    const before = await getMember(teamId, userId);
    if (!(await isGroupMember(teamId, groupId, userId))) throw new AppError('common/no_user');
    const at = now.toISOString();
    const after: TeamUser = { ...before, groupIds: (before.groupIds ?? []).filter((g) => g !== groupId), updatedAt: at };
    try {
      await transact([...saveTeamUserOps(before, after), ...leaveGroupsOps(teamId, userId, [groupId], at)]);
      return;
    } catch (e) {
      if (!(e instanceof ConditionFailedError)) throw e;
      if (attempt >= 3) throw new AppError('common/concurrent_update');
    }
  }
}
