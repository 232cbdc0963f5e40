import useSWR from 'swr';
import { dashboardGetCall } from '../../../../shared/api/calls/analytics';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** Everything the dashboard shows beyond the admin context, in one call. */
export function useDashboard() {
  return useSWR(teamScoped(dashboardGetCall.path), () => callApi(dashboardGetCall, {}));
}
