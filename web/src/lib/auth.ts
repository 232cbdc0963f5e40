import { normalizeEmail } from '../../../shared/rules/email';
import { ApiError } from './api-error';
import { loadConfig } from './config';

type AuthApi = typeof import('aws-amplify/auth');

let pending: Promise<AuthApi> | undefined;

/**
 * Amplify (about a third of the sign-in pages' JavaScript) and /config.json are fetched on first
 * use, so /login and /register paint without waiting for them.
 */
function amplifyAuth(): Promise<AuthApi> {
  pending ??= Promise.all([import('aws-amplify'), import('aws-amplify/auth'), loadConfig()]).then(
    ([{ Amplify }, auth, { userPoolId, userPoolClientId, userPoolEndpoint }]) => {
      Amplify.configure({ Auth: { Cognito: { userPoolId, userPoolClientId, userPoolEndpoint } } });
      return auth;
    },
    (error: unknown) => {
      pending = undefined;
      throw error instanceof ApiError ? error : new ApiError(0, 'common/unknown');
    },
  );
  return pending;
}

/** Cognito's error names -> SPEC §8 codes; the message the user sees comes from errors.json. */
const signInErrorCode = (error: unknown): string => {
  const { name, message } = (error as { name?: string; message?: string } | null) ?? {};
  // SPEC §8 "attempts limit": the platform's login throttling, or Cognito's own lockout ("Password attempts exceeded").
  if (name === 'TooManyFailedAttemptsException' || (name === 'NotAuthorizedException' && /attempts exceeded/i.test(message ?? ''))) {
    return 'two_factor/attempts_exceeded';
  }
  if (name === 'UserNotFoundException') return 'auth/user_not_found';
  if (name === 'NotAuthorizedException') return 'auth/wrong_password';
  return 'auth/login_failed';
};

/** What the login form shows next after the password was accepted. */
export type SignInStep = 'done' | 'totpCode';

/**
 * E-mail + password sign-in. USER_PASSWORD_AUTH because cognito-local has no SRP (DESIGN §1).
 * A previous session is ended first: Amplify refuses to sign in over one. An account with an
 * authenticator app answers `totpCode`: the form then asks for the code (confirmTotpSignIn).
 * The address goes to the pool in the one stored form, however it was typed (shared/rules/email.ts).
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInStep> {
  const { signIn, signOut } = await amplifyAuth();
  await signOut();
  clearLoginSession();
  let step: string;
  try {
    const result = await signIn({ username: normalizeEmail(email), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    step = result.isSignedIn ? 'DONE' : result.nextStep.signInStep;
  } catch (error) {
    throw new ApiError(401, signInErrorCode(error));
  }
  if (step === 'DONE') return 'done';
  if (step === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'totpCode';
  // Other challenges (e.g. a new password asked by Cognito) have no screen: a failed login beats a half-signed-in state.
  await signOut();
  throw new ApiError(401, 'auth/login_failed');
}

/** Cognito's two-factor error names -> SPEC §8 `two_factor/*` codes. */
const twoFactorErrorCode = (error: unknown): string => {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException') return 'two_factor/code_mismatch';
  if (name === 'ExpiredCodeException' || name === 'NotAuthorizedException') return 'two_factor/code_expired';
  if (name === 'TooManyRequestsException' || name === 'LimitExceededException' || name === 'TooManyFailedAttemptsException') {
    return 'two_factor/attempts_exceeded';
  }
  return 'common/unknown';
};

/** The second step of a sign-in with an authenticator app: the six-digit code. */
export async function confirmTotpSignIn(code: string): Promise<void> {
  const { confirmSignIn } = await amplifyAuth();
  let done: boolean;
  try {
    done = (await confirmSignIn({ challengeResponse: code.trim() })).isSignedIn;
  } catch (error) {
    throw new ApiError(400, twoFactorErrorCode(error));
  }
  if (!done) throw new ApiError(401, 'auth/login_failed');
}

/** Whether the signed-in account signs in with an authenticator app. */
export async function isTotpEnabled(): Promise<boolean> {
  const { fetchMFAPreference } = await amplifyAuth();
  const preference = await fetchMFAPreference();
  return preference.enabled?.includes('TOTP') ?? false;
}

/** Starts an enrolment: the secret and the otpauth:// URI the QR code shows. */
export async function startTotpSetup(issuer: string, accountName: string): Promise<{ secret: string; uri: string }> {
  const { setUpTOTP } = await amplifyAuth();
  if (await isTotpEnabled()) throw new ApiError(409, 'two_factor/already_enrolled');
  try {
    const details = await setUpTOTP();
    return { secret: details.sharedSecret, uri: details.getSetupUri(issuer, accountName).toString() };
  } catch (error) {
    throw new ApiError(400, twoFactorErrorCode(error));
  }
}

/** Finishes an enrolment with the app's first code and makes TOTP the sign-in's second step. */
export async function finishTotpSetup(code: string): Promise<void> {
  const { verifyTOTPSetup, updateMFAPreference } = await amplifyAuth();
  try {
    await verifyTOTPSetup({ code: code.trim() });
    await updateMFAPreference({ totp: 'PREFERRED' });
  } catch (error) {
    throw new ApiError(400, twoFactorErrorCode(error));
  }
}

export async function removeTotp(): Promise<void> {
  const { updateMFAPreference } = await amplifyAuth();
  if (!(await isTotpEnabled())) throw new ApiError(409, 'two_factor/already_removed');
  try {
    await updateMFAPreference({ totp: 'DISABLED' });
  } catch {
    throw new ApiError(502, 'two_factor/removal_failed');
  }
}

const LOGIN_SESSION_KEY = 'mvp.loginSession';
/** Same as LOGIN_SESSION_HEADER in shared/api/calls/auth.ts (a value import there would load zod here). */
const LOGIN_SESSION_HEADER = 'x-login-session';

/** The member's login session (single login): recorded by /auth/member_login, sent with each call of that team. */
export function setLoginSession(teamId: string, sessionId: string): void {
  localStorage.setItem(LOGIN_SESSION_KEY, JSON.stringify({ teamId, sessionId }));
}

export function clearLoginSession(): void {
  localStorage.removeItem(LOGIN_SESSION_KEY);
}

/** This browser's login session id for `teamId` ('' when none): part of SWR keys, so a new login never reuses an old answer. */
export function loginSessionIdFor(teamId: string | undefined): string {
  return loginSessionHeaders(teamId)[LOGIN_SESSION_HEADER] ?? '';
}

/** The header carrying the login session for a call operating `teamId`, if this browser has one for it. */
export function loginSessionHeaders(teamId: string | undefined): Record<string, string> {
  try {
    const value = JSON.parse(localStorage.getItem(LOGIN_SESSION_KEY) ?? 'null') as { teamId?: string; sessionId?: string } | null;
    return value?.sessionId && value.teamId === teamId ? { [LOGIN_SESSION_HEADER]: value.sessionId } : {};
  } catch {
    return {};
  }
}

/** Ends the Cognito session in this browser (its refresh token is revoked where supported). */
export async function signOutCurrentUser(): Promise<void> {
  const { signOut } = await amplifyAuth();
  clearLoginSession();
  await signOut();
}

/** The current access token (refreshed by Amplify when needed), or undefined when signed out. */
export async function getAccessToken(): Promise<string | undefined> {
  const { fetchAuthSession } = await amplifyAuth();
  try {
    const session = await fetchAuthSession();
    return session.tokens?.accessToken.toString();
  } catch {
    return undefined;
  }
}

/** The signed-in account's login e-mail (for the authenticator app's label), or '' when unknown. */
export async function currentLoginEmail(): Promise<string> {
  const { fetchUserAttributes } = await amplifyAuth();
  try {
    return (await fetchUserAttributes()).email ?? '';
  } catch {
    return '';
  }
}

/** Tokens of a federated sign-in (issue 15), from the identity service's token endpoint. */
export interface FederatedTokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
}

/**
 * Makes a federated sign-in's tokens Amplify's session, as Amplify's own redirect sign-in stores them (its token
 * store keys, `CognitoIdentityServiceProvider.<clientId>.<username>.*`); Amplify refreshes them from then on. The
 * code exchange is ours because locally the managed login is the stand-in on plain http, which Amplify's redirect
 * flow does not speak.
 */
export async function adoptFederatedSession(clientId: string, tokens: FederatedTokens): Promise<void> {
  const { signOut } = await amplifyAuth();
  await signOut();
  clearLoginSession();
  const payload = JSON.parse(atob(tokens.access_token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { username?: string; sub?: string };
  const username = payload.username ?? payload.sub ?? 'username';
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  localStorage.setItem(`${prefix}.LastAuthUser`, username);
  localStorage.setItem(`${prefix}.${username}.accessToken`, tokens.access_token);
  localStorage.setItem(`${prefix}.${username}.idToken`, tokens.id_token);
  localStorage.setItem(`${prefix}.${username}.refreshToken`, tokens.refresh_token);
  localStorage.setItem(`${prefix}.${username}.clockDrift`, '0');
}
