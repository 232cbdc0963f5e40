import useSWR from 'swr';
import type {
  getLoginPageInfoCall as GetLoginPageInfoCall,
  memberLoginCall as MemberLoginCall,
  requestPasswordResetCall as RequestPasswordResetCall,
  resendVerificationMailCall as ResendVerificationMailCall,
  resetPasswordCall as ResetPasswordCall,
  setRequiredPasswordCall as SetRequiredPasswordCall,
  verifyEmailCall as VerifyEmailCall,
  MemberLoginAnswer,
} from '../../../../shared/api/calls/auth';
import type { CallInput } from '../../../../shared/api/define';
import { callApi, callRef } from '../../lib/api';

// Member pages reference the calls by path and permission only: the declarations build zod schemas when loaded,
// which a member's first load must not carry (the server validates). test/unit/web/call-refs.test.ts checks them.
const getLoginPageInfoCall = callRef<typeof GetLoginPageInfoCall>('/auth/login_page_info', 'public');
const memberLoginCall = callRef<typeof MemberLoginCall>('/auth/member_login', 'signedIn');
const requestPasswordResetCall = callRef<typeof RequestPasswordResetCall>('/auth/request_password_reset', 'public');
const resendVerificationMailCall = callRef<typeof ResendVerificationMailCall>('/auth/resend_verification_mail', 'signedIn');
const resetPasswordCall = callRef<typeof ResetPasswordCall>('/auth/reset_password', 'public');
const setRequiredPasswordCall = callRef<typeof SetRequiredPasswordCall>('/auth/set_required_password', 'signedIn');
const verifyEmailCall = callRef<typeof VerifyEmailCall>('/auth/verify_email', 'public');
import { setLoginSession } from '../../lib/auth';
import { setTeamSession } from '../../lib/team-session';
import { uiLanguage } from '../../lib/i18n';

/** The site name (and password rule) a login page may show. */
export function useLoginPageInfo(teamId: string | undefined) {
  return useSWR(teamId ? [getLoginPageInfoCall.path, teamId] : null, () => callApi(getLoginPageInfoCall, { teamId: teamId! }));
}

/** After the Cognito sign-in: the SPEC §4 outcome; on `login` the member's team session and login session are kept. */
export async function startMemberSession(teamId: string): Promise<MemberLoginAnswer> {
  const answer = await callApi(memberLoginCall, { teamId, language: uiLanguage() });
  if (answer.outcome === 'login' || answer.outcome === 'surveyRequired') {
    setTeamSession({ operatedTeamId: teamId, operatedUserId: answer.userId, siteName: answer.siteName });
    setLoginSession(teamId, answer.loginSessionId);
  }
  return answer;
}

export const resendVerificationMail = (input: CallInput<typeof resendVerificationMailCall>) => callApi(resendVerificationMailCall, input);
export const verifyEmail = (token: string) => callApi(verifyEmailCall, { token });
export const requestPasswordReset = (input: CallInput<typeof requestPasswordResetCall>) => callApi(requestPasswordResetCall, input);
export const resetPassword = (input: CallInput<typeof resetPasswordCall>) => callApi(resetPasswordCall, input);
export const setRequiredPassword = (input: CallInput<typeof setRequiredPasswordCall>) => callApi(setRequiredPasswordCall, input);
