import useSWR from 'swr';
import type { memberScheduleListCall } from '../../../../shared/api/calls/schedule';
import { callApi, callRef } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** References only: member pages load no zod declarations. */
const calls = {
  list: callRef<typeof memberScheduleListCall>('/member_schedule/list', 'member'),
};

/** SPEC §2 /user/:teamId/schedule: the member's lives and events between two instants (a month grid's first and last day). */
export function useMemberSchedule(from: Date, to: Date) {
  const key = teamScoped(calls.list.path, from.toISOString(), to.toISOString());
  return useSWR(key, () => callApi(calls.list, { from: from.toISOString(), to: to.toISOString() }), { keepPreviousData: true });
}
