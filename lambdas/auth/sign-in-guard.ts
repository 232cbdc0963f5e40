import { clearLoginFailures, loginLockedUntil, recordLoginFailure, type LoginSubjects } from './login-throttle';

/**
 * Login throttling in front of the identity provider's sign-in API (Cognito's JSON protocol), the one
 * place every password and two-factor code passes through, for the admin login, the member login and
 * the code step alike (they are the same Cognito calls). Used by the local gateway's `/cognito` proxy.
 *
 * - `signInAttemptOf`: which requests are attempts (InitiateAuth USER_PASSWORD_AUTH, RespondToAuthChallenge
 *   SOFTWARE_TOKEN_MFA) and whose (the user name, the source address).
 * - `refusal`: before asking the provider, a locked account or address gets SPEC §8's attempts-limit answer.
 * - `afterAnswer`: a wrong password or code counts against both; a finished sign-in clears the account's count.
 */
export interface SignInAttempt extends LoginSubjects {
  step: 'password' | 'code';
}

/** The error name the web maps to `two_factor/attempts_exceeded` (SPEC §8 "attempts limit"). */
export const ATTEMPTS_EXCEEDED = 'TooManyFailedAttemptsException';

const failures = new Set(['NotAuthorizedException', 'UserNotFoundException', 'CodeMismatchException', 'InvalidPasswordException']);

export function signInAttemptOf(target: string, body: unknown, sourceIp: string): SignInAttempt | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as { AuthFlow?: unknown; AuthParameters?: { USERNAME?: unknown }; ChallengeName?: unknown; ChallengeResponses?: { USERNAME?: unknown } };
  const name = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
  if (target.endsWith('.InitiateAuth') && b.AuthFlow === 'USER_PASSWORD_AUTH') {
    return { step: 'password', account: name(b.AuthParameters?.USERNAME), address: sourceIp };
  }
  if (target.endsWith('.RespondToAuthChallenge') && b.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    return { step: 'code', account: name(b.ChallengeResponses?.USERNAME), address: sourceIp };
  }
  return undefined;
}

/** The provider-shaped error answer while the account or the address is locked, else undefined. */
export async function refusal(attempt: SignInAttempt, now = new Date()): Promise<{ __type: string; message: string } | undefined> {
  const until = await loginLockedUntil(attempt, now);
  return until ? { __type: ATTEMPTS_EXCEEDED, message: `Too many failed attempts. Try again after ${until.toISOString()}.` } : undefined;
}

/** Counts the provider's answer: `status` and its parsed JSON body. */
export async function afterAnswer(attempt: SignInAttempt, status: number, answer: unknown, now = new Date()): Promise<void> {
  const a = (answer ?? {}) as { __type?: string; AuthenticationResult?: unknown };
  if (status === 200 && a.AuthenticationResult && attempt.account) {
    await clearLoginFailures(attempt.account);
  } else if (status >= 400 && status < 500 && typeof a.__type === 'string' && failures.has(a.__type.split('#').pop()!)) {
    await recordLoginFailure(attempt, now);
  }
}
