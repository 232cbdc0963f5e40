import useSWR from 'swr';
import { dashboardGetCall } from '../../../../shared/api/calls/analytics';
import { callApi } from '../../lib/api';
import { getTeamSession } from '../../lib/team-session';

/** Everything the dashboard shows beyond the admin context, in one call. */
export function useDashboard() {
  const s = getTeamSession();
  return useSWR(s ? [dashboardGetCall.path, s.operatedTeamId, s.operatedUserId] : null, () => callApi(dashboardGetCall, {}));
}
