import { accountDeleteCall, emailChangeConfirmCall, emailChangeRequestCall } from '../../../../shared/api/calls/profile';
import { ApiError } from '../../lib/api-error';
import { callApi } from '../../lib/api';
import { getAccessToken } from '../../lib/auth';

/**
 * The own-account actions both the administrator's profile (features/profile) and the member's settings
 * (features/member-settings) offer.
 */
export const requestEmailChange = (email: string) => callApi(emailChangeRequestCall, { email });
export const confirmEmailChange = (code: string) => callApi(emailChangeConfirmCall, { code });
/** `from`: the page asking (SPEC §6: an administrator cannot delete their account from the member page). */
export const deleteAccount = (from: 'admin' | 'member') => callApi(accountDeleteCall, { from });

/** Cognito's password-change errors -> SPEC §8 codes. */
const passwordErrorCode = (error: unknown): string => {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAuthorizedException') return 'auth/wrong_password';
  if (name === 'InvalidPasswordException') return 'auth/weak_password';
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException') return 'common/too_many_requests';
  return 'common/unknown';
};

/**
 * Amplify's updatePassword: Cognito asks for the current password, which is the recent-login proof
 * (SPEC §8 "recent login required" never applies: the proof is part of the request).
 */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  // getAccessToken configures Amplify (lib/auth loads it lazily) and refreshes the session first.
  if (!(await getAccessToken())) throw new ApiError(401, 'auth/not_logged_in');
  const { updatePassword } = await import('aws-amplify/auth');
  try {
    await updatePassword({ oldPassword, newPassword });
  } catch (error) {
    throw new ApiError(400, passwordErrorCode(error));
  }
}
