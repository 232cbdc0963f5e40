import useSWR from 'swr';
import type { getMemberContextCall as GetMemberContextCall } from '../../../shared/api/calls/auth';
import { callApi, callRef } from './api';
import { loginSessionIdFor } from './auth';
import { getTeamSession } from './team-session';
import { uiLanguage } from './i18n';

// Referenced by path and permission only: member pages must not load the zod declarations (test/unit/web/call-refs.test.ts).
const getMemberContextCall = callRef<typeof GetMemberContextCall>('/auth/member_context', 'member');

/**
 * The member home's header and greeting; keyed by team, member and login session, so another session never
 * shows it and a quick log out and in again is a new request (SWR would otherwise dedupe it into the cleared entry).
 */
export function useMemberContext() {
  const session = getTeamSession();
  const key = session
    ? [getMemberContextCall.path, session.operatedTeamId, session.operatedUserId, loginSessionIdFor(session.operatedTeamId)]
    : null;
  return useSWR(key, () => callApi(getMemberContextCall, { language: uiLanguage() }));
}
