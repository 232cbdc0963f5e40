import useSWR from 'swr';
import {
  getLoginPageInfoCall,
  getMemberContextCall,
  memberLoginCall,
  requestPasswordResetCall,
  resendVerificationMailCall,
  resetPasswordCall,
  setRequiredPasswordCall,
  verifyEmailCall,
  type MemberLoginAnswer,
} from '../../../../shared/api/calls/auth';
import type { CallInput } from '../../../../shared/api/define';
import { callApi } from '../../lib/api';
import { loginSessionIdFor, setLoginSession } from '../../lib/auth';
import { getTeamSession, setTeamSession } from '../../lib/team-session';

/** The site name (and password rule) a login page may show. */
export function useLoginPageInfo(teamId: string | undefined) {
  return useSWR(teamId ? [getLoginPageInfoCall.path, teamId] : null, () => callApi(getLoginPageInfoCall, { teamId: teamId! }));
}

/** After the Cognito sign-in: the SPEC §4 outcome; on `login` the member's team session and login session are kept. */
export async function startMemberSession(teamId: string): Promise<MemberLoginAnswer> {
  const answer = await callApi(memberLoginCall, { teamId });
  if (answer.outcome === 'login') {
    setTeamSession({ operatedTeamId: teamId, operatedUserId: answer.userId, siteName: answer.siteName });
    setLoginSession(teamId, answer.loginSessionId);
  }
  return answer;
}

/**
 * The member home's header and greeting; keyed by team, member and login session, so another session never
 * shows it and a quick log out and in again is a new request (SWR would otherwise dedupe it into the cleared entry).
 */
export function useMemberContext() {
  const session = getTeamSession();
  const key = session
    ? [getMemberContextCall.path, session.operatedTeamId, session.operatedUserId, loginSessionIdFor(session.operatedTeamId)]
    : null;
  return useSWR(key, () => callApi(getMemberContextCall, {}));
}

export const resendVerificationMail = (input: CallInput<typeof resendVerificationMailCall>) => callApi(resendVerificationMailCall, input);
export const verifyEmail = (token: string) => callApi(verifyEmailCall, { token });
export const requestPasswordReset = (input: CallInput<typeof requestPasswordResetCall>) => callApi(requestPasswordResetCall, input);
export const resetPassword = (input: CallInput<typeof resetPasswordCall>) => callApi(resetPasswordCall, input);
export const setRequiredPassword = (input: CallInput<typeof setRequiredPasswordCall>) => callApi(setRequiredPasswordCall, input);
