import useSWR from 'swr';
import type { memberNoticeListCall } from '../../../../shared/api/calls/notices';
import { callApi, callRef } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** References only: member pages load no zod declarations. */
const list = callRef<typeof memberNoticeListCall>('/member_notification/list', 'member');

/** The member's own notices (replies to their comments), newest first. */
export function useMemberNotices(cursor: string | undefined) {
  return useSWR(teamScoped(list.path, cursor ?? ''), () => callApi(list, { cursor, limit: 20 }), { keepPreviousData: true });
}
