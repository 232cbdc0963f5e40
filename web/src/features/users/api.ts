import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { z } from 'zod/mini';
import { listCustomFieldsCall } from '../../../../shared/api/calls/custom-fields';
import { groupListCall } from '../../../../shared/api/calls/groups';
import * as membersCalls from '../../../../shared/api/calls/members';
import type { memberListInput, memberUpdateInput } from '../../../../shared/api/calls/members';
import { callApi } from '../../lib/api';
import { errorMessage, useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { teamScoped } from '../../lib/team-session';

export type MemberListQuery = z.input<typeof memberListInput>;
export type MemberUpdate = z.input<typeof memberUpdateInput>;

export function useMemberPage(query: MemberListQuery) {
  return useSWR(teamScoped(membersCalls.memberListCall.path, JSON.stringify(query)), () => callApi(membersCalls.memberListCall, query), { keepPreviousData: true });
}

export function useMember(userId: string) {
  return useSWR(teamScoped(membersCalls.memberGetCall.path, userId), () => callApi(membersCalls.memberGetCall, { userId }));
}

/** The groups to choose from on the edit screen (names and ids). */
export function useGroupChoices() {
  return useSWR(teamScoped(groupListCall.path), () => callApi(groupListCall, {}));
}

/** The team's custom member fields (helper domain invites); none defined = none shown. */
export function useCustomFields() {
  return useSWR(teamScoped(listCustomFieldsCall.path), () => callApi(listCustomFieldsCall, {}));
}

export const updateMember = (input: MemberUpdate) => callApi(membersCalls.memberUpdateCall, input);
export const setMemberDisabled = (userId: string, disabled: boolean) => callApi(membersCalls.memberSetDisabledCall, { userId, disabled });
export const deleteMembers = (userIds: string[], typedCount?: string) => callApi(membersCalls.memberDeleteCall, { userIds, typedCount });

/** After a change: every member list page and the groups (their counts) are stale. */
export const isMemberDataKey = (key: unknown) =>
  Array.isArray(key) && [membersCalls.memberListCall.path, membersCalls.memberGetCall.path, groupListCall.path].some((path) => path === key[0]);

/**
 * Mails an invited member a fresh link to set their password (409 `member/not_invited` in any other state), says so
 * in a toast and refreshes the member lists; `resending` is the member whose mail is on its way.
 */
export function useResendInvitation() {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [resending, setResending] = useState<string>();
  const resend = async (member: Pick<membersCalls.MemberRow, 'userId' | 'email'>) => {
    setResending(member.userId);
    try {
      await callApi(membersCalls.memberResendInvitationCall, { userId: member.userId });
      toast.success(t('users:invitation.sent', { email: member.email }));
      await mutate(isMemberDataKey);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setResending(undefined);
    }
  };
  return { resending, resend };
}
