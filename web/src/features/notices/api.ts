import useSWR from 'swr';
import { feedbackNoticeListCall, type FeedbackNoticeKind } from '../../../../shared/api/calls/notices';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** One kind of the members' feedback notices, newest first, a page at a time. */
export function useFeedbackNotices(kind: FeedbackNoticeKind, cursor: string | undefined) {
  return useSWR(teamScoped(feedbackNoticeListCall.path, kind, cursor ?? ''), () => callApi(feedbackNoticeListCall, { kind, cursor, limit: 20 }), {
    keepPreviousData: true,
  });
}
