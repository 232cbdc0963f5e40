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
  const name = (error as { name?: string } | null)?.name;
  if (name === 'UserNotFoundException') return 'auth/user_not_found';
  if (name === 'NotAuthorizedException') return 'auth/wrong_password';
  return 'auth/login_failed';
};

/**
 * E-mail + password sign-in. USER_PASSWORD_AUTH because cognito-local has no SRP (DESIGN §1).
 * A previous session is ended first: Amplify refuses to sign in over one.
 */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  const { signIn, signOut } = await amplifyAuth();
  await signOut();
  let done: boolean;
  try {
    const result = await signIn({ username: email.trim(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    done = result.isSignedIn;
  } catch (error) {
    throw new ApiError(401, signInErrorCode(error));
  }
  // Challenges (new password, MFA) have no screen yet; a failed login beats a half-signed-in state.
  if (!done) {
    await signOut();
    throw new ApiError(401, 'auth/login_failed');
  }
}

/** Ends the Cognito session in this browser (its refresh token is revoked where supported). */
export async function signOutCurrentUser(): Promise<void> {
  const { signOut } = await amplifyAuth();
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
