import useSWR from 'swr';
import { groupContentsCall, groupCreateCall, groupDeleteCall, groupGetCall, groupListCall, groupUpdateCall } from '../../../../shared/api/calls/groups';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

export const groupListKey = () => teamScoped(groupListCall.path);

export function useGroups() {
  return useSWR(groupListKey(), () => callApi(groupListCall, {}));
}

export function useGroup(groupId: string | undefined) {
  return useSWR(groupId ? teamScoped(groupGetCall.path, groupId) : null, () => callApi(groupGetCall, { groupId: groupId! }));
}

/** One page of the content limited to the group (`cursor` from the page before). */
export function useGroupContents(groupId: string | undefined, cursor: string | undefined) {
  return useSWR(groupId ? teamScoped(groupContentsCall.path, groupId, cursor ?? '') : null, () => callApi(groupContentsCall, { groupId: groupId!, limit: 20, ...(cursor ? { cursor } : {}) }));
}

export const createGroup = (name: string) => callApi(groupCreateCall, { name });
export const renameGroup = (groupId: string, name: string) => callApi(groupUpdateCall, { groupId, name });
export const deleteGroup = (groupId: string) => callApi(groupDeleteCall, { groupId });
