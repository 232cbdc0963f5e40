import useSWR from 'swr';
import { getPublicInviteCall, joinCall, type InviteKind } from '../../../../shared/api/calls/invites';
import type { CallInput } from '../../../../shared/api/define';
import { callApi } from '../../lib/api';

/** The invitation behind a join link (public: no sign-in). Its failure codes pick the invalid-invite page's message. */
export function usePublicInvite(inviteId: string, kind: InviteKind) {
  return useSWR([getPublicInviteCall.path, inviteId, kind] as const, () => callApi(getPublicInviteCall, { inviteId, kind }), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

export const join = (input: CallInput<typeof joinCall>) => callApi(joinCall, input);
