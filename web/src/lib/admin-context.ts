import useSWR from 'swr';
import { getAdminContextCall } from '../../../shared/api/calls/teams';
import { callApi } from './api';
import { getTeamSession, type TeamSession } from './team-session';
import { uiLanguage } from './i18n';

/** Keyed by the operated team and administrator, so switching either never shows the other's data. */
const adminContextKey = (session: TeamSession | null) =>
  session ? ([getAdminContextCall.path, session.operatedTeamId, session.operatedUserId] as const) : null;

/**
 * The operated team and the signed-in administrator: header, navigation, greeting, trial banner. Read by the admin
 * frame and by any admin page (dashboard, analytics, users), so it lives here rather than in one feature.
 */
export function useAdminContext() {
  return useSWR(adminContextKey(getTeamSession()), () => callApi(getAdminContextCall, { language: uiLanguage() }));
}
