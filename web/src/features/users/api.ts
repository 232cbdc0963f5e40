import useSWR from 'swr';
import type { z } from 'zod/mini';
import { listCustomFieldsCall } from '../../../../shared/api/calls/custom-fields';
import { groupListCall } from '../../../../shared/api/calls/groups';
import {
  memberDeleteCall,
  memberGetCall,
  memberListCall,
  memberSetDisabledCall,
  memberUpdateCall,
  type memberListInput,
  type memberUpdateInput,
} from '../../../../shared/api/calls/members';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

export type MemberListQuery = z.input<typeof memberListInput>;
export type MemberUpdate = z.input<typeof memberUpdateInput>;

export function useMemberPage(query: MemberListQuery) {
  return useSWR(teamScoped(memberListCall.path, JSON.stringify(query)), () => callApi(memberListCall, query), { keepPreviousData: true });
}

export function useMember(userId: string) {
  return useSWR(teamScoped(memberGetCall.path, userId), () => callApi(memberGetCall, { userId }));
}

/** The groups to choose from on the edit screen (names and ids). */
export function useGroupChoices() {
  return useSWR(teamScoped(groupListCall.path), () => callApi(groupListCall, {}));
}

/** The team's custom member fields (helper domain invites); none defined = none shown. */
export function useCustomFields() {
  return useSWR(teamScoped(listCustomFieldsCall.path), () => callApi(listCustomFieldsCall, {}));
}

export const updateMember = (input: MemberUpdate) => callApi(memberUpdateCall, input);
export const setMemberDisabled = (userId: string, disabled: boolean) => callApi(memberSetDisabledCall, { userId, disabled });
export const deleteMembers = (userIds: string[], typedCount?: string) => callApi(memberDeleteCall, { userIds, typedCount });

/** After a change: every member list page and the groups (their counts) are stale. */
export const isMemberDataKey = (key: unknown) =>
  Array.isArray(key) && [memberListCall.path, memberGetCall.path, groupListCall.path].some((path) => path === key[0]);
