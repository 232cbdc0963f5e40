import {
  groupManagerCreateCall,
  groupManagerDeleteCall,
  groupManagerGetCall,
  groupManagerListCall,
  groupManagerUpdateCall,
  groupMemberAddCall,
  groupMemberRemoveCall,
  managedGroupsCall,
} from '../../shared/api/calls/managers';
import { authorize } from '../core/http/authorize';
import { implement, teamOf } from '../core/http/implement';
import {
  addGroupMember,
  createManager,
  listManagers,
  managedGroups,
  removeGroupMember,
  removeManager,
  toManagerRow,
  updateManager,
} from './managers';
import { getMember, toMemberRow } from './members';

/** SPEC §6 group managers: user managers name them; a manager acts only on the groups they manage. */
export const managerCalls = [
  implement(groupManagerListCall, async ({ cursor, limit }, ctx) => listManagers(teamOf(ctx).teamId, { cursor, limit })),
  // Any member's permissions (none for a member who manages no group); an administrator's or another team's id: 404.
  implement(groupManagerGetCall, async ({ userId }, ctx) => ({ manager: toManagerRow(await getMember(teamOf(ctx).teamId, userId)) })),
  implement(groupManagerCreateCall, async ({ email, groups }, ctx) => ({
    manager: toManagerRow(await createManager(teamOf(ctx).teamId, email, groups)),
  })),
  implement(groupManagerUpdateCall, async ({ userId, groups }, ctx) => ({
    manager: toManagerRow(await updateManager(teamOf(ctx).teamId, userId, groups)),
  })),
  implement(groupManagerDeleteCall, async ({ userId }, ctx) => {
    await removeManager(teamOf(ctx).teamId, userId);
    return {};
  }),

  // What a manager does: only in their own groups, each checked here against the caller's record.
  implement(managedGroupsCall, async (_input, ctx) => ({ groups: await managedGroups(teamOf(ctx).user) })),
  implement(groupMemberAddCall, async ({ groupId, email }, ctx) => {
    authorize(ctx, 'manager.create', { groupId });
    return { member: toMemberRow(await addGroupMember(teamOf(ctx).teamId, groupId, email)) };
  }),
  implement(groupMemberRemoveCall, async ({ groupId, userId }, ctx) => {
    authorize(ctx, 'manager.delete', { groupId });
    await removeGroupMember(teamOf(ctx).teamId, groupId, userId);
    return {};
  }),
];
