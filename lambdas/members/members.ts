import type { CustomField } from '../../shared/api/calls/custom-fields';
import { checkCustomFieldAnswers } from '../../shared/api/calls/custom-fields';
import type { MemberDetail, MemberRow, MemberTab } from '../../shared/api/calls/members';
import type { ErrorCode } from '../../shared/errors';
import { checkTypedCount } from '../../shared/rules/bulk-delete';
import { AppError } from '../core/http/app-error';
import { answerCountOps, listCustomFields } from '../core/entities/custom-field';
import { ConditionFailedError, transact } from '../platform/db';
import {
  getTeamUser,
  isMemberExpired,
  listTeamUsers,
  memberStateOf,
  saveTeamUserOps,
  type TeamUser,
  type UserListQuery,
} from '../core/entities/team-user';
import { getGroup, joinGroupsOps, leaveGroupsOps, listGroupMemberIds } from '../core/entities/group';
import { removeFromTeam } from './remove-person';

export const memberTabOf = (user: TeamUser): MemberTab => user.roleTab ?? 'member';

export const toMemberRow = (u: TeamUser, now = new Date()): MemberRow => ({
  userId: u.userId,
  state: memberStateOf(u),
  expired: isMemberExpired(u, now),
  name: u.name,
  email: u.email,
  tab: memberTabOf(u),
  disabled: u.disabled,
  createdAt: u.createdAt,
  expiresAt: u.expiresAt,
  groupIds: u.groupIds ?? [],
  emailVerified: u.emailVerified,
  approval: u.approval,
});

export const toMemberDetail = (u: TeamUser): MemberDetail => ({
  ...toMemberRow(u),
  phone: u.phone,
  mustChangePassword: u.mustChangePassword === true,
  ...(u.paymentCustomerId ? { paymentCustomerId: u.paymentCustomerId } : {}),
  customFields: u.customFields ?? {},
  notifications: u.notifications ?? {},
  managerOf: u.managerOf ?? {},
});

/** SPEC §3 role tab: any managed group makes a manager; otherwise a buyer is a customer, the rest members. */
export function roleTabFor(user: Pick<TeamUser, 'managerOf' | 'paymentCustomerId'>): MemberTab {
  if (Object.values(user.managerOf ?? {}).some((p) => p.length > 0)) return 'manager';
  return user.paymentCustomerId ? 'customer' : 'member';
}

export async function listMembers(teamId: string, tab: MemberTab, q: UserListQuery) {
  const page = await listTeamUsers(teamId, tab, q);
  return { items: page.users.map((u) => toMemberRow(u)), nextCursor: page.nextCursor };
}

/** A member of this team, or 404 (an administrator's id or another team's id reveals nothing). */
export async function getMember(teamId: string, userId: string): Promise<TeamUser> {
  const user = await getTeamUser(teamId, userId, true);
  if (!user || user.role !== 'member') throw new AppError('common/no_user');
  return user;
}

export interface MemberChange {
  name: string;
  phone: string;
  groupIds: string[];
  disabled: boolean;
  expiresAt: string | null;
  customFields: Record<string, unknown>;
  notifications: TeamUser['notifications'];
  managerOf: NonNullable<TeamUser['managerOf']>;
  mustChangePassword?: boolean;
}

async function checkGroupsExist(teamId: string, field: string, groupIds: string[]): Promise<void> {
  const found = await Promise.all(groupIds.map((id) => getGroup(teamId, id, true)));
  if (found.some((g) => !g)) throw new AppError('common/invalid_input', { [field]: 'validation/invalid_value' });
}

function customFieldValues(fields: CustomField[], answers: Record<string, unknown>) {
  const { issues, values } = checkCustomFieldAnswers(fields, answers);
  if (issues.length) {
    const errors: Record<string, ErrorCode> = {};
    for (const issue of issues) errors[issue.path.join('.')] ??= issue.code as ErrorCode;
    throw new AppError('common/invalid_input', errors);
  }
  return values;
}

/**
 * SPEC §2 /admin/user/:userId/edit. The record, the memberships that change (with the groups' counts) and the
 * custom-field answer counts are one transaction; a concurrent change of the record makes it read again.
 */
export async function updateMember(teamId: string, userId: string, change: MemberChange, now = new Date()): Promise<TeamUser> {
  const groupIds = [...new Set(change.groupIds)];
  const managed = Object.fromEntries(Object.entries(change.managerOf).filter(([, p]) => p.length > 0));
  for (let attempt = 0; ; attempt++) {
    const before = await getMember(teamId, userId);
    const [fields] = await Promise.all([
      listCustomFields(teamId),
      checkGroupsExist(teamId, 'groupIds', groupIds),
      checkGroupsExist(teamId, 'managerOf', Object.keys(managed)),
    ]);
    const customFields = customFieldValues(fields, change.customFields);
    const old = before.groupIds ?? [];
    const at = now.toISOString();
    const after: TeamUser = {
      ...before,
      name: change.name,
      phone: change.phone || undefined,
      groupIds,
      disabled: change.disabled,
      expiresAt: change.expiresAt ?? undefined,
      customFields,
      notifications: change.notifications,
      managerOf: managed,
      ...(change.mustChangePassword === undefined ? {} : { mustChangePassword: change.mustChangePassword }),
      roleTab: roleTabFor({ managerOf: managed, paymentCustomerId: before.paymentCustomerId }),
      updatedAt: at,
    };
    try {
      await transact([
        ...saveTeamUserOps(before, after),
        ...joinGroupsOps(teamId, userId, groupIds.filter((g) => !old.includes(g)), at),
        ...leaveGroupsOps(teamId, userId, old.filter((g) => !groupIds.includes(g)), at),
        ...answerCountOps(teamId, before.customFields, customFields),
      ]);
      return { ...after, version: (before.version ?? 0) + 1 };
    } catch (e) {
      if (!(e instanceof ConditionFailedError) || attempt >= 3) throw e;
    }
  }
}

/** Changes one member's fields that no other record depends on (name, phone, disabled). */
export async function patchMember(
  teamId: string,
  userId: string,
  patch: Partial<Pick<TeamUser, 'name' | 'phone' | 'disabled'>>,
  now = new Date(),
): Promise<TeamUser> {
  for (let attempt = 0; ; attempt++) {
    const before = await getMember(teamId, userId);
    const after: TeamUser = { ...before, ...patch, updatedAt: now.toISOString() };
    if ('phone' in patch && !patch.phone) delete after.phone;
    try {
      await transact(saveTeamUserOps(before, after));
      return after;
    } catch (e) {
      if (!(e instanceof ConditionFailedError) || attempt >= 3) throw e;
    }
  }
}

/**
 * Removes members from this team (SPEC §5: more than one needs the typed count). Every id is checked first,
 * so an id that is not a member of this team changes nothing.
 */
export async function deleteMembers(teamId: string, userIds: string[], typedCount: string | undefined, now = new Date()): Promise<number> {
  const ids = [...new Set(userIds)];
  if (ids.length > 1) {
    const failure = checkTypedCount(typedCount ?? '', ids.length);
    if (failure) throw new AppError('common/invalid_input', { typedCount: failure });
  }
  const members = await Promise.all(ids.map((id) => getMember(teamId, id)));
  for (const member of members) await removeFromTeam(member, now.toISOString());
  return members.length;
}

/** A page of a group's members (one Query for the page, then the members' records). */
export async function listGroupMembers(teamId: string, groupId: string, limit: number, cursor?: string) {
  if (!(await getGroup(teamId, groupId))) throw new AppError('common/not_found');
  const page = await listGroupMemberIds(teamId, groupId, { limit, cursor });
  const users = await Promise.all(page.userIds.map((id) => getTeamUser(teamId, id)));
  return {
    items: users.filter((u): u is TeamUser => !!u).map((u) => toMemberRow(u)),
    nextCursor: page.nextCursor,
  };
}
