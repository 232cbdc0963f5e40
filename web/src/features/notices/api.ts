import useSWR from 'swr';
import { memberNoticeAdminListCall, type MemberNoticeEvent } from '../../../../shared/api/calls/member-notices';
import { feedbackNoticeListCall, type FeedbackNoticeKind } from '../../../../shared/api/calls/notices';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** One kind of the members' feedback notices, newest first, a page at a time. */
export function useFeedbackNotices(kind: FeedbackNoticeKind, cursor: string | undefined) {
  return useSWR(teamScoped(feedbackNoticeListCall.path, kind, cursor ?? ''), () => callApi(feedbackNoticeListCall, { kind, cursor, limit: 20 }), {
    keepPreviousData: true,
  });
}

/** The notices of members (registered, subscription ended, account deleted) the administrator may read, newest first; `event` narrows to one. */
export function useMemberNotices(event: MemberNoticeEvent | undefined, cursor: string | undefined) {
  return useSWR(teamScoped(memberNoticeAdminListCall.path, event ?? '', cursor ?? ''), () => callApi(memberNoticeAdminListCall, { event, cursor, limit: 20 }), {
    keepPreviousData: true,
  });
}
