import useSWR from 'swr';
import type { memberNoticeListCall } from '../../../../shared/api/calls/notices';
import { callApi, callRef } from '../../lib/api';
import { getTeamSession } from '../../lib/team-session';

/** References only: member pages load no zod declarations. */
const list = callRef<typeof memberNoticeListCall>('/member_notification/list', 'member');

/** The member's own notices (replies to their comments), newest first. */
export function useMemberNotices(cursor: string | undefined) {
  const s = getTeamSession();
  return useSWR(s ? [list.path, cursor ?? '', s.operatedTeamId, s.operatedUserId] : null, () => callApi(list, { cursor, limit: 20 }), { keepPreviousData: true });
}
