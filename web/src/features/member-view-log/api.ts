import useSWR from 'swr';
import type { listViewLogCall } from '../../../../shared/api/calls/view-log';
import { callApi, callRef } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** References only: member pages load no zod declarations. */
const calls = {
  list: callRef<typeof listViewLogCall>('/member_view_log/list', 'member'),
};

const viewLogKey = (cursor: string | undefined) => {
  return teamScoped(calls.list.path, cursor ?? '');
};

/** SPEC §2 /user/:teamId/view_log: what the member viewed, most recent first. */
export function useViewLog(cursor: string | undefined) {
  return useSWR(viewLogKey(cursor), () => callApi(calls.list, { cursor, limit: 20 }), { keepPreviousData: true });
}
