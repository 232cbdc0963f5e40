import '../support/platform-env';
import { describe, expect, inject, it } from 'vitest';
import { COGNITO_PROXY_PATH } from '../../../lambdas/auth/cognito-proxy';
import { MEMBER_PASSWORD, newMember, newOperator } from './support';

/**
 * The gateway's Cognito proxy runs the module the AWS route runs (lambdas/auth/cognito-proxy.ts): at `/cognito` (the
 * web's userPoolEndpoint locally) and at the AWS path `/api/cognito`. Sign-in attempts, Amplify's other operations
 * and the refusal of anything else, against cognito-local. Throttling itself: login-throttle.test.ts.
 */
const JSON_11 = 'application/x-amz-json-1.1';

async function cognito(path: string, operation: string, body: unknown, target = `AWSCognitoIdentityProviderService.${operation}`) {
  const res = await fetch(new URL(path, inject('baseUrl')), {
    method: 'POST',
    headers: { 'content-type': JSON_11, 'x-amz-target': target },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> & { __type?: string } };
}

const clientId = () => inject('platformEnv').USER_POOL_CLIENT_ID;
const passwordSignIn = (path: string, email: string, password: string) =>
  cognito(path, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId(), AuthParameters: { USERNAME: email, PASSWORD: password } });

describe('the Cognito proxy, through the shared module', () => {
  for (const path of ['/cognito', COGNITO_PROXY_PATH]) {
    it(`${path}: signs in, passes Amplify's other operations through, keeps cognito-local's errors translated`, async () => {
      const team = await newOperator('Proxy Site');
      const member = await newMember(team.teamId, { emailVerified: true });

      const signedIn = await passwordSignIn(path, member.email, MEMBER_PASSWORD);
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get('content-type')).toMatch(/^application\/x-amz-json-1\.1/);
      const tokens = signedIn.body.AuthenticationResult as { AccessToken: string; RefreshToken: string };
      expect(tokens.AccessToken).toBeTruthy();

      // GetUser (fetchUserAttributes / fetchMFAPreference) with the token: cognito-local's answer, unchanged.
      const user = await cognito(path, 'GetUser', { AccessToken: tokens.AccessToken });
      expect(user.status).toBe(200);
      expect(user.body.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'email', Value: member.email }]));

      // Local only: cognito-local's InitiateAuth errors as Cognito's with PreventUserExistenceErrors off.
      expect((await passwordSignIn(path, member.email, 'wrong-password-1')).body.__type).toBe('NotAuthorizedException');
      expect((await passwordSignIn(path, `nobody-${Date.now()}@example.test`, 'wrong-password-1')).body.__type).toBe('UserNotFoundException');
    });

    it(`${path}: refuses operations the web does not send, before cognito-local sees them`, async () => {
      const team = await newOperator('Proxy Refusal Site');
      const member = await newMember(team.teamId, { emailVerified: true });
      // cognito-local takes admin operations unsigned: passed through, this would delete the user.
      const refused = await cognito(path, 'AdminDeleteUser', { UserPoolId: inject('platformEnv').USER_POOL_ID, Username: member.email });
      expect(refused.status).toBe(400);
      expect(refused.body.__type).toBe('UnknownOperationException');
      const other = await cognito(path, 'GetUser', {}, 'DynamoDB_20120810.Scan');
      expect(other.body.__type).toBe('UnknownOperationException');
      // The user is still there.
      expect((await passwordSignIn(path, member.email, MEMBER_PASSWORD)).status).toBe(200);
    });
  }
});
