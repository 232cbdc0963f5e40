import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { normalizeEmail } from '../../shared/rules/email';
import { clientOptions, platformConfig } from './config';
import { recordAwsCalls } from './aws-calls';
import { injectFaults } from './faults';

/** The SDK client is loaded on first use: a function that never calls this port never loads it (its own bundle chunk). */
const sdk = () => import('@aws-sdk/client-cognito-identity-provider');

/**
 * The identity port: Cognito in AWS, cognito-local here. cognito-local speaks the Cognito API, so the
 * local adapter is the same client pointed at the stand-in; only the token issuer differs (config.ts).
 * Verifying a caller's token is `access-token.ts`: every call needs it, and it must not load this client.
 * Every e-mail passed in is normalized (shared/rules/email.ts) before it reaches the pool: users are created, and
 * found, under the one form, whatever a caller or older stored data holds.
 */
let client: Promise<CognitoIdentityProviderClient> | undefined;
const cognito = () => (client ??= sdk().then((m) => injectFaults(recordAwsCalls(new m.CognitoIdentityProviderClient(clientOptions('cognito'))))));

export class IdentityExistsError extends Error {
  constructor() {
    super('Identity already exists');
  }
}

/** Creates a confirmed user with a permanent password; answers the user's `sub`. */
export async function createIdentity(typed: string, password: string, name: string): Promise<string> {
  const { userPoolId } = platformConfig();
  const email = normalizeEmail(typed);
  let sub: string | undefined;
  try {
    const out = await (await cognito()).send(
      new (await sdk()).AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: name },
        ],
      }),
    );
    sub = out.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (e) {
    if (e instanceof Error && e.name === 'UsernameExistsException') throw new IdentityExistsError();
    throw e;
  }
  if (!sub) throw new Error('Cognito returned no sub');
  try {
    await (await cognito()).send(
      new (await sdk()).AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }),
    );
  } catch (e) {
    await deleteIdentity(email);
    throw e;
  }
  return sub;
}

/** The `sub` of an existing user, or undefined. */
export async function findIdentity(email: string): Promise<string | undefined> {
  try {
    const out = await (await cognito()).send(
      new (await sdk()).AdminGetUserCommand({ UserPoolId: platformConfig().userPoolId, Username: normalizeEmail(email) }),
    );
    return out.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (e) {
    if (e instanceof Error && e.name === 'UserNotFoundException') return undefined;
    throw e;
  }
}

export async function deleteIdentity(email: string): Promise<void> {
  try {
    await (await cognito()).send(new (await sdk()).AdminDeleteUserCommand({ UserPoolId: platformConfig().userPoolId, Username: normalizeEmail(email) }));
  } catch (e) {
    if (!(e instanceof Error && e.name === 'UserNotFoundException')) throw e;
  }
}

/**
 * Whether `password` is the account's password (a person already in another team joining this one proves
 * the account is theirs). A sign-in that asks for a second factor still proved the password.
 */
export async function verifyPassword(email: string, password: string): Promise<boolean> {
  const { userPoolClientId } = platformConfig();
  try {
    const out = await (await cognito()).send(
      new (await sdk()).InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: userPoolClientId,
        AuthParameters: { USERNAME: normalizeEmail(email), PASSWORD: password },
      }),
    );
    return Boolean(out.AuthenticationResult || out.ChallengeName);
  } catch (e) {
    // cognito-local says InvalidPasswordException where Cognito says NotAuthorizedException.
    if (e instanceof Error && ['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'].includes(e.name)) return false;
    throw e;
  }
}

export async function identityHealth(): Promise<void> {
  await (await cognito()).send(new (await sdk()).DescribeUserPoolCommand({ UserPoolId: platformConfig().userPoolId }));
}

/** Sets a user's permanent password (password reset, the change-password prompt); `username` may be the sub. */
export async function setIdentityPassword(username: string, password: string): Promise<void> {
  await (await cognito()).send(
    new (await sdk()).AdminSetUserPasswordCommand({ UserPoolId: platformConfig().userPoolId, Username: username, Password: password, Permanent: true }),
  );
}

/** Whether the user signs in with an authenticator app (TOTP) code. */
export async function hasTotpMfa(username: string): Promise<boolean> {
  const out = await (await cognito()).send(new (await sdk()).AdminGetUserCommand({ UserPoolId: platformConfig().userPoolId, Username: username }));
  return (out.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
}

/** Sets a verified new e-mail (the sign-in name) on the user whose `sub` is `userId`. */
export async function changeIdentityEmail(userId: string, email: string): Promise<void> {
  try {
    await (await cognito()).send(
      new (await sdk()).AdminUpdateUserAttributesCommand({
        UserPoolId: platformConfig().userPoolId,
        Username: userId,
        UserAttributes: [
          { Name: 'email', Value: normalizeEmail(email) },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  } catch (e) {
    if (e instanceof Error && (e.name === 'AliasExistsException' || e.name === 'UsernameExistsException')) throw new IdentityExistsError();
    throw e;
  }
}

/**
 * The e-mail and name of a user (`username` as the token names it: a federated person's attributes come from their
 * provider), and `email_verified` as stored (an OIDC provider's claim through the attribute mapping; absent when
 * the provider sent none).
 */
export async function identityProfile(username: string): Promise<{ email?: string; name?: string; emailVerified?: string }> {
  const out = await (await cognito()).send(new (await sdk()).AdminGetUserCommand({ UserPoolId: platformConfig().userPoolId, Username: username }));
  const attr = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
  return { email: attr('email'), name: attr('name'), emailVerified: attr('email_verified') };
}
