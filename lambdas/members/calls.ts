import {
  administratorDeleteCall,
  administratorListCall,
  administratorLogCall,
  administratorUpdateCall,
} from '../../shared/api/calls/administrators';
import { groupCreateCall, groupDeleteCall, groupGetCall, groupListCall, groupUpdateCall } from '../../shared/api/calls/groups';
import {
  groupMembersCall,
  groupMemberUpdateCall,
  memberDeleteCall,
  memberGetCall,
  memberListCall,
  memberResendInvitationCall,
  memberSetDisabledCall,
  memberUpdateCall,
} from '../../shared/api/calls/members';
import {
  accountDeleteCall,
  emailChangeConfirmCall,
  emailChangeRequestCall,
  profileGetCall,
  profileUpdateCall,
} from '../../shared/api/calls/profile';
import { AppError } from '../core/http/app-error';
import { implement, teamOf } from '../core/http/implement';
import { listAdminLog } from './admin-log';
import { deleteAdministrator, listAdministrators, toAdministratorRow, updateAdministratorPermissions } from './administrators';
import { isGroupMember } from '../core/entities/group';
import { createGroup, deleteGroup, getGroupRow, listGroupRows, renameGroup } from './groups';
import { authorize } from '../core/http/authorize';
import {
  deleteMembers,
  getMember,
  listGroupMembers,
  listMembers,
  patchMember,
  toMemberDetail,
  toMemberRow,
  updateMember,
} from './members';
import { resendInvitation } from './invitation-resend';
import { confirmEmailChange, deleteOwnAccount, requestEmailChange, toProfile, updateProfile } from './profile';

export const membersCalls = [
  // Members (SPEC §2 /admin/user)
  implement(memberListCall, async (input, ctx) => {
    const { tab, ...q } = input;
    return listMembers(teamOf(ctx).teamId, tab, q);
  }),
  implement(memberGetCall, async ({ userId }, ctx) => ({ member: toMemberDetail(await getMember(teamOf(ctx).teamId, userId)) })),
  implement(memberUpdateCall, async ({ userId, ...change }, ctx) => ({
    member: toMemberDetail(await updateMember(teamOf(ctx).teamId, userId, change)),
  })),
  implement(memberSetDisabledCall, async ({ userId, disabled }, ctx) => ({
    member: toMemberRow(await patchMember(teamOf(ctx).teamId, userId, { disabled })),
  })),
  implement(memberResendInvitationCall, async ({ userId }, ctx) => {
    const member = await resendInvitation(teamOf(ctx).teamId, userId);
    return { member: toMemberRow(member), sentAt: member.invitationSentAt ?? new Date().toISOString() };
  }),
  implement(memberDeleteCall, async ({ userIds, typedCount }, ctx) => ({
    deleted: await deleteMembers(teamOf(ctx).teamId, userIds, typedCount),
  })),

  // Group managers (SPEC §6): read and edit the members of the groups they manage.
  implement(groupMembersCall, async ({ groupId, cursor, limit }, ctx) => {
    authorize(ctx, 'manager.read', { groupId });
    return listGroupMembers(teamOf(ctx).teamId, groupId, limit, cursor);
  }),
  implement(groupMemberUpdateCall, async ({ groupId, userId, name, phone }, ctx) => {
    authorize(ctx, 'manager.edit', { groupId });
    const team = teamOf(ctx);
    if (!(await isGroupMember(team.teamId, groupId, userId))) throw new AppError('common/no_user');
    return { member: toMemberRow(await patchMember(team.teamId, userId, { name, phone })) };
  }),

  // Groups (SPEC §2 /admin/group)
  implement(groupListCall, async (_input, ctx) => ({ groups: await listGroupRows(teamOf(ctx).teamId) })),
  implement(groupGetCall, async ({ groupId }, ctx) => ({ group: await getGroupRow(teamOf(ctx).teamId, groupId) })),
  implement(groupCreateCall, async ({ name }, ctx) => ({ group: await createGroup(teamOf(ctx).teamId, name) })),
  implement(groupUpdateCall, async ({ groupId, name }, ctx) => ({ group: await renameGroup(teamOf(ctx).teamId, groupId, name) })),
  implement(groupDeleteCall, async ({ groupId }, ctx) => {
    await deleteGroup(teamOf(ctx).teamId, groupId);
    return {};
  }),

  // Administrators (SPEC §2 /admin/general_setting/administrator, §6)
  implement(administratorListCall, async (_input, ctx) => ({
    administrators: (await listAdministrators(teamOf(ctx).teamId)).map(toAdministratorRow),
  })),
  implement(administratorUpdateCall, async ({ userId, level, categories }, ctx) => ({
    administrator: toAdministratorRow(await updateAdministratorPermissions(teamOf(ctx).user, userId, { level, categories })),
  })),
  implement(administratorDeleteCall, async ({ userId }, ctx) => {
    await deleteAdministrator(teamOf(ctx).user, userId);
    return {};
  }),
  implement(administratorLogCall, async ({ cursor, limit }, ctx) => {
    return listAdminLog(teamOf(ctx).teamId, { limit, cursor });
  }),

  // The caller's own account (SPEC §2 /admin/setting/profile and the member's /user/:teamId/setting)
  implement(profileGetCall, async (_input, ctx) => ({ profile: await toProfile(teamOf(ctx).user) })),
  implement(profileUpdateCall, async (input, ctx) => ({ profile: await toProfile(await updateProfile(teamOf(ctx).user, input)) })),
  implement(emailChangeRequestCall, async ({ email }, ctx) => {
    await requestEmailChange(teamOf(ctx).user, email);
    return {};
  }),
  implement(emailChangeConfirmCall, async ({ code }, ctx) => ({
    profile: await toProfile(await confirmEmailChange(teamOf(ctx).user, code)),
  })),
  implement(accountDeleteCall, async ({ from }, ctx) => {
    await deleteOwnAccount(teamOf(ctx).user, from);
    return {};
  }),
];
