import useSWR from 'swr';
import type { z } from 'zod/mini';
import { getAdminContextCall, registerOperatorCall, registerOperatorInput } from '../../../../shared/api/calls/teams';
import { callApi } from '../../lib/api';
import { getTeamSession, type TeamSession } from '../../lib/team-session';

export type RegisterOperatorInput = z.input<typeof registerOperatorInput>;

/** SPEC §2 /register: creates the operator's team (on trial) and its super administrator. */
export function registerOperator(input: RegisterOperatorInput) {
  return callApi(registerOperatorCall, input);
}

/** Keyed by the operated team and administrator, so switching either never shows the other's data. */
const adminContextKey = (session: TeamSession | null) =>
  session ? ([getAdminContextCall.path, session.operatedTeamId, session.operatedUserId] as const) : null;

/** The operated team and the signed-in administrator: header, navigation, greeting, trial banner. */
export function useAdminContext() {
  return useSWR(adminContextKey(getTeamSession()), () => callApi(getAdminContextCall, {}));
}
