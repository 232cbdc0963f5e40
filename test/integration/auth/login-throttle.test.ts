import '../support/platform-env';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS, LOGIN_LOCK_SECONDS } from '../../../shared/constants';
import { loginLockedUntil, recordLoginFailure } from '../../../lambdas/auth/login-throttle';
import { refusal } from '../../../lambdas/auth/sign-in-guard';
import { uniqueEmail } from '../support/api';
import { enrolTotp, MEMBER_PASSWORD, newMember, newOperator, totpCode } from './support';

/**
 * Login throttling through the same path as the browser: the gateway's `/cognito` proxy. Each test signs in
 * from its own loopback address (127.x.y.z all reach the gateway), so the per-address counts stay apart.
 */
let nextAddress = Math.floor(Math.random() * 200) * 256;
const freshAddress = () => {
  nextAddress++;
  return `127.${(nextAddress >> 16) & 255 || 1}.${(nextAddress >> 8) & 255}.${(nextAddress & 255) || 1}`;
};

interface CognitoAnswer {
  status: number;
  body: { __type?: string; message?: string; AuthenticationResult?: { AccessToken?: string }; ChallengeName?: string; Session?: string };
}

function cognito(target: string, body: unknown, from: string): Promise<CognitoAnswer> {
  const url = new URL('/cognito', inject('baseUrl'));
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}`, 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const clientId = () => inject('platformEnv').USER_POOL_CLIENT_ID;
const passwordSignIn = (email: string, password: string, from: string) =>
  cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId(), AuthParameters: { USERNAME: email, PASSWORD: password } }, from);
const codeSignIn = (email: string, session: string, code: string, from: string) =>
  cognito('RespondToAuthChallenge', { ClientId: clientId(), ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: session, ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code } }, from);

describe('login throttling', () => {
  it(`refuses an account after ${LOGIN_FAILURES_PER_ACCOUNT} wrong passwords, even with the right one, and leaves other accounts alone`, async () => {
    const team = await newOperator('Throttle Site');
    const member = await newMember(team.teamId, { emailVerified: true });
    const from = freshAddress();

    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
      const wrong = await passwordSignIn(member.email, 'wrong-password-1', from);
      expect(wrong.body.__type).toBe('NotAuthorizedException');
    }
    const right = await passwordSignIn(member.email, MEMBER_PASSWORD, from);
    expect(right.status).toBe(400);
    expect(right.body.__type).toBe('TooManyFailedAttemptsException');
    expect(right.body.AuthenticationResult).toBeUndefined();
    // Locked per account: the same account from another address is refused too (the e-mail's case does not matter).
    const elsewhere = await passwordSignIn(member.email.toUpperCase(), MEMBER_PASSWORD, freshAddress());
    expect(elsewhere.body.__type).toBe('TooManyFailedAttemptsException');

    // The administrator (admin login) and another member, from the same address, sign in as before.
    const admin = await passwordSignIn(team.email, 'secret-pass1', from);
    expect(admin.status).toBe(200);
    expect(admin.body.AuthenticationResult?.AccessToken).toBeTruthy();
    const other = await newMember(team.teamId, { emailVerified: true });
    expect((await passwordSignIn(other.email, MEMBER_PASSWORD, from)).status).toBe(200);

    // After the wait (an injected clock) the account is open again.
    const attempt = { step: 'password' as const, account: member.email, address: from };
    expect(await refusal(attempt)).toMatchObject({ __type: 'TooManyFailedAttemptsException' });
    expect(await refusal(attempt, new Date(Date.now() + (LOGIN_LOCK_SECONDS + 5) * 1000))).toBeUndefined();
  });

  it('a right sign-in clears the account count; after the wait the account has every try again', async () => {
    const account = uniqueEmail('clock');
    const subjects = { account, address: freshAddress() };
    const t0 = new Date();
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT - 1; i++) expect(await recordLoginFailure(subjects, t0)).toBe(false);
    expect(await loginLockedUntil(subjects, t0)).toBeUndefined();
    expect(await recordLoginFailure(subjects, t0)).toBe(true);
    const until = await loginLockedUntil(subjects, t0);
    expect(until?.getTime()).toBe(Math.floor(t0.getTime() / 1000) * 1000 + LOGIN_LOCK_SECONDS * 1000);

    const after = new Date(t0.getTime() + (LOGIN_LOCK_SECONDS + 1) * 1000);
    expect(await loginLockedUntil(subjects, after)).toBeUndefined();
    // One more failure after the wait does not lock again at once: the count started over.
    expect(await recordLoginFailure(subjects, after)).toBe(false);
    expect(await loginLockedUntil(subjects, after)).toBeUndefined();

    // Through the proxy: wrong passwords short of the limit, then the right one, then the count is empty again.
    const team = await newOperator('Throttle Clear Site');
    const member = await newMember(team.teamId, { emailVerified: true });
    const from = freshAddress();
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT - 1; i++) await passwordSignIn(member.email, 'wrong-password-1', from);
    expect((await passwordSignIn(member.email, MEMBER_PASSWORD, from)).status).toBe(200);
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT - 1; i++) await passwordSignIn(member.email, 'wrong-password-1', from);
    expect((await passwordSignIn(member.email, MEMBER_PASSWORD, from)).status).toBe(200);
  });

  it(`refuses an address after ${LOGIN_FAILURES_PER_ADDRESS} failures over any accounts where the front end passes the viewer's address (locally; on AWS the WAF limits addresses); other addresses are unaffected`, async () => {
    const team = await newOperator('Throttle Address Site');
    const member = await newMember(team.teamId, { emailVerified: true });
    const from = freshAddress();
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS; i += 10) {
      const batch = Array.from({ length: Math.min(10, LOGIN_FAILURES_PER_ADDRESS - i) }, () => passwordSignIn(uniqueEmail('nobody'), 'wrong-password-1', from));
      for (const answer of await Promise.all(batch)) expect(answer.body.__type).toBe('UserNotFoundException');
    }
    const afterwards = await passwordSignIn(member.email, MEMBER_PASSWORD, from);
    if (inject('assemblyMode')) {
      // What AWS runs: the sign-in function counts no address (behind CloudFront the source it sees is an edge address
      // many viewers share, cognito-proxy-handler.ts); there the WAF's rate rule limits an address (edge stack).
      expect(afterwards.status).toBe(200);
    } else {
      // Locally the gateway is the front end and passes the viewer's address, which the proxy counts.
      expect(afterwards.body.__type).toBe('TooManyFailedAttemptsException');
    }
    const elsewhere = await passwordSignIn(member.email, MEMBER_PASSWORD, freshAddress());
    expect(elsewhere.status).toBe(200);
  });

  it(`refuses after ${LOGIN_FAILURES_PER_ACCOUNT} wrong two-factor codes, even with the right password and code`, async () => {
    const team = await newOperator('Throttle Code Site');
    const member = await newMember(team.teamId, { emailVerified: true });
    const from = freshAddress();
    const first = await passwordSignIn(member.email, MEMBER_PASSWORD, from);
    const secret = await enrolTotp(first.body.AuthenticationResult!.AccessToken!);

    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
      const challenged = await passwordSignIn(member.email, MEMBER_PASSWORD, from);
      expect(challenged.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
      const answer = await codeSignIn(member.email, challenged.body.Session!, wrong, from);
      expect(answer.body.__type).toBe('CodeMismatchException');
    }
    const locked = await passwordSignIn(member.email, MEMBER_PASSWORD, from);
    expect(locked.body.__type).toBe('TooManyFailedAttemptsException');
    expect(locked.body.Session).toBeUndefined();
  });
});
