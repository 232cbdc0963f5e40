import { totpCode } from '../../support/totp';
import { inject } from 'vitest';
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect } from 'vitest';
import { LOGIN_SESSION_HEADER, memberLoginCall, type MemberLoginAnswer } from '../../../shared/api/calls/auth';
import { registerOperatorCall } from '../../../shared/api/calls/teams';
import type { CallDef, CallInput } from '../../../shared/api/define';
import { localCredentials } from '../../../lambdas/platform/config';
import { transact } from '../../../lambdas/platform/db';
import { createIdentity } from '../../../lambdas/platform/identity';
import { getSiteSettings, putSiteSettings, type SiteSettings } from '../../../lambdas/core/entities/site-settings';
import { putTeamUserOps, type TeamUser } from '../../../lambdas/core/entities/team-user';
import { call, operatorInput, signIn, uniqueEmail, type Answer } from '../support/api';

export const MEMBER_PASSWORD = 'member-pass1';

export interface Operator {
  teamId: string;
  userId: string;
  email: string;
  token: string;
}

export async function newOperator(siteName = 'Auth Site'): Promise<Operator> {
  const input = operatorInput({ siteName });
  const res = await call(registerOperatorCall, input);
  expect(res.status).toBe(200);
  const { teamId, userId } = res.body as { teamId: string; userId: string };
  return { teamId, userId, email: input.email, token: await signIn(input.email, input.password) };
}

export interface Member {
  teamId: string;
  userId: string;
  email: string;
}

/** A member written directly (joining by invitation belongs to another part), in any state. */
export async function newMember(teamId: string, fields: Partial<TeamUser> = {}): Promise<Member> {
  const email = uniqueEmail('member');
  const userId = await createIdentity(email, MEMBER_PASSWORD, 'Member Name');
  await transact(
    putTeamUserOps({
      teamId,
      userId,
      email,
      name: 'Member Name',
      role: 'member',
      categories: [],
      disabled: false,
      createdAt: new Date().toISOString(),
      ...fields,
    }),
  );
  return { teamId, userId, email };
}

export async function setSettings(teamId: string, change: Partial<SiteSettings>): Promise<void> {
  await putSiteSettings({ ...(await getSiteSettings(teamId)), ...change });
}

/** POST /api<path> with the team context and, optionally, the login session header. */
export async function teamCall<C extends CallDef>(
  def: C,
  input: CallInput<C> | Record<string, unknown>,
  who: { teamId: string; userId: string; token: string; loginSessionId?: string },
): Promise<Answer> {
  const res = await fetch(`${inject('baseUrl')}/api${def.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${who.token}`,
      ...(who.loginSessionId ? { [LOGIN_SESSION_HEADER]: who.loginSessionId } : {}),
    },
    body: JSON.stringify({ ...(input as Record<string, unknown>), operatedTeamId: who.teamId, operatedUserId: who.userId }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
}

export async function memberLogin(teamId: string, token: string): Promise<MemberLoginAnswer> {
  const res = await call(memberLoginCall, { teamId }, token);
  expect(res.status).toBe(200);
  return res.body as MemberLoginAnswer;
}

const cognito = () => {
  const env = inject('platformEnv');
  return new CognitoIdentityProviderClient({ region: env.AWS_REGION, endpoint: env.COGNITO_ENDPOINT, credentials: localCredentials });
};

export { totpCode };

/** Enrols TOTP for the signed-in user the way Amplify's setUpTOTP/verifyTOTPSetup/updateMFAPreference do. */
export async function enrolTotp(accessToken: string): Promise<string> {
  const { SecretCode } = await cognito().send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  await cognito().send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(SecretCode!) }));
  await cognito().send(
    new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
  );
  return SecretCode!;
}

export async function removeTotp(accessToken: string): Promise<void> {
  await cognito().send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: false } }));
}

/** USER_PASSWORD_AUTH that answers the SOFTWARE_TOKEN_MFA challenge with `code` when asked. */
export async function signInWithTotp(email: string, password: string, code: () => string): Promise<{ token: string; challenged: boolean }> {
  const clientId = inject('platformEnv').USER_POOL_CLIENT_ID;
  const first = await cognito().send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  if (first.AuthenticationResult?.AccessToken) return { token: first.AuthenticationResult.AccessToken, challenged: false };
  expect(first.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  const second = await cognito().send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: first.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code() },
    }),
  );
  return { token: second.AuthenticationResult!.AccessToken!, challenged: true };
}
