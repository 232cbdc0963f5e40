import useSWR from 'swr';
import { groupListCall } from '../../../../shared/api/calls/groups';
import * as managersCalls from '../../../../shared/api/calls/managers';
import type { ManagedGroupsInput } from '../../../../shared/api/calls/managers';
import { groupMembersCall, groupMemberUpdateCall } from '../../../../shared/api/calls/members';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** Every page of the manager list (a save revalidates them all). */
export const isManagerListKey = (key?: unknown) => Array.isArray(key) && key.includes(managersCalls.groupManagerListCall.path);

export function useManagers(cursor: string | undefined) {
  return useSWR(teamScoped(managersCalls.groupManagerListCall.path, cursor ?? ''), () => callApi(managersCalls.groupManagerListCall, { cursor, limit: 20 }), { keepPreviousData: true });
}

export function useManager(userId: string | undefined) {
  return useSWR(userId ? teamScoped(managersCalls.groupManagerGetCall.path, userId) : null, () => callApi(managersCalls.groupManagerGetCall, { userId: userId! }));
}

/** The team's groups, to pick the managed ones from. */
export function useTeamGroups() {
  return useSWR(teamScoped(groupListCall.path), () => callApi(groupListCall, {}));
}

export const createManager = (email: string, groups: ManagedGroupsInput) => callApi(managersCalls.groupManagerCreateCall, { email, groups });
export const updateManager = (userId: string, groups: ManagedGroupsInput) => callApi(managersCalls.groupManagerUpdateCall, { userId, groups });
export const removeManager = (userId: string) => callApi(managersCalls.groupManagerDeleteCall, { userId });

// What a manager sees in the member area: their own groups only.

export function useManagedGroups() {
  return useSWR(teamScoped(managersCalls.managedGroupsCall.path), () => callApi(managersCalls.managedGroupsCall, {}));
}

/** Every page of every group's member list (an added member shows at once). */
export const isGroupMembersKey = (key?: unknown) => Array.isArray(key) && key.includes(groupMembersCall.path);

export function useGroupMembers(groupId: string | undefined, cursor: string | undefined) {
  return useSWR(groupId ? teamScoped(groupMembersCall.path, groupId, cursor ?? '') : null, () => callApi(groupMembersCall, { groupId: groupId!, cursor, limit: 20 }), {
    keepPreviousData: true,
  });
}

export const addGroupMember = (groupId: string, email: string) => callApi(managersCalls.groupMemberAddCall, { groupId, email });
export const renameGroupMember = (groupId: string, userId: string, name: string) => callApi(groupMemberUpdateCall, { groupId, userId, name });
export const removeGroupMember = (groupId: string, userId: string) => callApi(managersCalls.groupMemberRemoveCall, { groupId, userId });
