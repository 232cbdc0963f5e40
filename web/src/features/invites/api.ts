import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import * as invitesCalls from '../../../../shared/api/calls/invites';
import type { CallInput, CallOutput } from '../../../../shared/api/define';
import { callApi } from '../../lib/api';
import { getTeamSession } from '../../lib/team-session';

/** SWR keys begin with the call path and the operated team, so one team's data never shows in another's. */
const teamScope = () => getTeamSession()?.operatedTeamId ?? '';

export const invitesKey = (cursor?: string) => [invitesCalls.listInvitesCall.path, teamScope(), cursor ?? ''] as const;
export const inviteKey = (inviteId: string) => [invitesCalls.getInviteCall.path, teamScope(), inviteId] as const;

/** True for every cached invitation answer (lists, single invitations, user lists): revalidate after a change. */
export const isInviteKey = (key: unknown) =>
  Array.isArray(key) &&
  [invitesCalls.listInvitesCall.path, invitesCalls.getInviteCall.path, invitesCalls.listInvitedUsersCall.path, invitesCalls.listPendingUsersCall.path, invitesCalls.listInviteMailLogsCall.path].includes(
    key[0] as never,
  );

export function useInvites(cursor?: string) {
  return useSWR(invitesKey(cursor), () => callApi(invitesCalls.listInvitesCall, cursor ? { cursor } : {}));
}

export function useInvite(inviteId: string) {
  return useSWR(inviteKey(inviteId), () => callApi(invitesCalls.getInviteCall, { inviteId }));
}

/**
 * The people of one invitation (all, or only those awaiting approval), or without an invitation the whole
 * team's approval queue: loaded page by page ("show more").
 */
export function useInvitedUsers(inviteId: string | undefined, pendingOnly: boolean) {
  return useSWRInfinite(
    (index, previous: CallOutput<typeof invitesCalls.listInvitedUsersCall> | null) =>
      index > 0 && !previous?.nextCursor
        ? null
        : ([inviteId ? invitesCalls.listInvitedUsersCall.path : invitesCalls.listPendingUsersCall.path, teamScope(), inviteId ?? '', pendingOnly, previous?.nextCursor ?? ''] as const),
    ([, , id, pending, cursor]) => {
      const page = cursor ? { cursor } : {};
      return id ? callApi(invitesCalls.listInvitedUsersCall, { inviteId: id, pendingOnly: pending, ...page }) : callApi(invitesCalls.listPendingUsersCall, page);
    },
  );
}

export function useInviteMailLogs() {
  return useSWRInfinite(
    (index, previous: CallOutput<typeof invitesCalls.listInviteMailLogsCall> | null) =>
      index > 0 && !previous?.nextCursor ? null : ([invitesCalls.listInviteMailLogsCall.path, teamScope(), previous?.nextCursor ?? ''] as const),
    ([, , cursor]) => callApi(invitesCalls.listInviteMailLogsCall, cursor ? { cursor } : {}),
  );
}

export const createInvite = (input: CallInput<typeof invitesCalls.createInviteCall>) => callApi(invitesCalls.createInviteCall, input);
export const updateInvite = (input: CallInput<typeof invitesCalls.updateInviteCall>) => callApi(invitesCalls.updateInviteCall, input);
export const deleteInvite = (inviteId: string) => callApi(invitesCalls.deleteInviteCall, { inviteId });
export const approveUsers = (input: CallInput<typeof invitesCalls.approveUsersCall>) => callApi(invitesCalls.approveUsersCall, input);
export const rejectUsers = (input: CallInput<typeof invitesCalls.rejectUsersCall>) => callApi(invitesCalls.rejectUsersCall, input);
export const sendInviteMail = (inviteId: string, emails: string[]) => callApi(invitesCalls.sendInviteMailCall, { inviteId, emails });

/** The join link of an invitation, as members open it (SPEC §2 /join/user/:inviteId, /join/admin/:inviteId). */
export const joinUrl = (invite: { kind: 'user' | 'admin'; inviteId: string }) =>
  `${window.location.origin}/join/${invite.kind}/${invite.inviteId}`;
