import '../support/platform-env';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminLoginCall, requestPasswordResetCall, resetPasswordCall } from '../../../shared/api/calls/auth';
import { joinCall, type JoinResult } from '../../../shared/api/calls/invites';
import { memberImportStartCall, memberImportUploadCall, type MemberImportError } from '../../../shared/api/calls/member-import';
import { memberListCall, type MemberRow } from '../../../shared/api/calls/members';
import { registerOperatorCall } from '../../../shared/api/calls/teams';
import { findIdentity } from '../../../lambdas/platform/identity';
import { getTeamUser } from '../../../lambdas/core/entities/team-user';
import { call, inbox, operatorInput, signIn } from '../support/api';
import { as, createInvite, joinInput, newOperator, type Actor } from '../invites/helpers';
import { memberLogin } from './support';

/**
 * One e-mail form at every boundary: a person who types `Acc.Cap@Example.com` is stored, signed in, searched and
 * mailed as `acc.cap@example.com`, and finds their account whichever way they type it, locally as on AWS (the
 * pool compares sign-in names case-insensitively: lib/stacks/auth-stack.ts `signInCaseSensitive: false`).
 */
const JSON_11 = 'application/x-amz-json-1.1';
let run = 0;
/** A capitalised address no other test uses, and its one stored form. */
const capitalised = (label: string) => {
  const id = `${Date.now().toString(36)}${++run}`;
  const typed = `Acc.Cap.${label}.${id}@Example.com`;
  return { typed, stored: typed.toLowerCase() };
};

/** InitiateAuth USER_PASSWORD_AUTH through the gateway's Cognito proxy, as the web's Amplify sends it. */
async function proxySignIn(username: string, password: string) {
  const res = await fetch(new URL('/cognito', inject('baseUrl')), {
    method: 'POST',
    headers: { 'content-type': JSON_11, 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: inject('platformEnv').USER_POOL_CLIENT_ID,
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }),
  });
  const body = (await res.json()) as { __type?: string; AuthenticationResult?: { AccessToken: string } };
  return { status: res.status, type: body.__type, token: body.AuthenticationResult?.AccessToken };
}

let operator: Actor;
const joiner = capitalised('join');
const password = 'joiner-pass1';
let joined: JoinResult;

beforeAll(async () => {
  operator = await newOperator('Email Case Academy');
  const res = await call(joinCall, joinInput(await createInvite(operator), { email: joiner.typed, password, passwordConfirmation: password }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  joined = res.body as JoinResult;
});

describe('a member who joins by invitation as Acc.Cap@Example.com', () => {
  it('is stored, and has a login, in the one normalized form', async () => {
    expect(await getTeamUser(operator.teamId, joined.userId)).toMatchObject({ email: joiner.stored });
    // The identity port normalizes lookups too: either form finds the same login.
    expect(await findIdentity(joiner.typed)).toBe(joined.userId);
    expect(await findIdentity(joiner.stored)).toBe(joined.userId);
  });

  it('logs in typing the address as joined and in lower case, through the Cognito proxy and at the stand-in itself', async () => {
    for (const username of [joiner.typed, joiner.stored, joiner.typed.toUpperCase()]) {
      const viaProxy = await proxySignIn(username, password);
      expect(viaProxy, username).toMatchObject({ status: 200 });
      expect(await memberLogin(operator.teamId, viaProxy.token!)).toMatchObject({ outcome: 'login', userId: joined.userId });
      // cognito-local itself, without the proxy: the pool it made compares sign-in names as the AWS pool does.
      expect(await signIn(username, password)).toBeTruthy();
    }
  });

  it('is no more lenient than the user pool: the password stays case-sensitive, a different address is unknown', async () => {
    expect((await proxySignIn(joiner.typed, password.toUpperCase())).type).toBe('NotAuthorizedException');
    expect((await proxySignIn(joiner.typed.replace('Acc.Cap', 'Acc-Cap'), password)).type).toBe('UserNotFoundException');
  });

  it('resets the password asked for with capitals: the link goes to the stored address and the new password works either way', async () => {
    const res = await call(requestPasswordResetCall, { email: joiner.typed, teamId: operator.teamId, language: 'en' });
    expect(res.status).toBe(200);
    const text = (await inbox(joiner.stored)).at(-1)?.body.text ?? '';
    const token = /\/change_password\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(token, text).toBeDefined();
    const reset = await call(resetPasswordCall, { token, password: 'reset-pass2', passwordConfirmation: 'reset-pass2' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await proxySignIn(joiner.typed, 'reset-pass2')).status).toBe(200);
    expect((await proxySignIn(joiner.stored, 'reset-pass2')).status).toBe(200);
  });

  it("is found by the administrators' member search typed with capitals and in lower case", async () => {
    for (const search of [joiner.typed, joiner.stored, 'ACC.CAP.JOIN']) {
      const res = await call(memberListCall, as(operator, { search, limit: 20 }), operator.token);
      expect(res.status).toBe(200);
      expect((res.body as { items: MemberRow[] }).items.map((m) => [m.userId, m.email]), search).toEqual([[joined.userId, joiner.stored]]);
    }
  });

  it('is not imported a second time from a CSV row in capitals', async () => {
    const csv = Buffer.from(`email,name\n${joiner.typed.toUpperCase()},Again\n`, 'utf8');
    const upload = await call(memberImportUploadCall, as(operator, { fileName: 'members.csv', sizeBytes: csv.length }), operator.token);
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const { key, url, headers } = upload.body as { key: string; url: string; headers: Record<string, string> };
    expect((await fetch(url, { method: 'PUT', headers, body: csv })).status).toBe(200);
    const res = await call(memberImportStartCall, as(operator, { mode: 'import', fileKey: key }), operator.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ accepted: false, errors: [{ row: 2, column: 'email', code: 'import/already_member' }] satisfies MemberImportError[] });
  });

  it('joining again with the address in other capitals finds the same account', async () => {
    const res = await call(joinCall, joinInput(await createInvite(operator), { email: joiner.typed.toUpperCase(), password: 'reset-pass2', passwordConfirmation: 'reset-pass2' }));
    expect(res.body.error?.code).toBe('auth/already_in_team');
  });
});

describe('an operator who registers as Acc.Cap@Example.com', () => {
  it('is stored in the normalized form and logs in to the admin screens typing it either way', async () => {
    const person = capitalised('operator');
    const input = operatorInput({ email: person.typed, siteName: 'Email Case Operator' });
    const res = await call(registerOperatorCall, input);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { teamId, userId } = res.body as { teamId: string; userId: string };
    expect(await getTeamUser(teamId, userId)).toMatchObject({ email: person.stored, role: 'admin' });
    for (const username of [person.typed, person.stored]) {
      const signedIn = await proxySignIn(username, input.password);
      expect(signedIn.status, username).toBe(200);
      const admin = await call(adminLoginCall, {}, signedIn.token);
      expect(admin.status).toBe(200);
      expect((admin.body as { teams: { teamId: string }[] }).teams.map((t) => t.teamId)).toEqual([teamId]);
    }
    // The same address in other capitals is the same account: a second registration is refused.
    const again = await call(registerOperatorCall, operatorInput({ email: person.stored.toUpperCase() }));
    expect(again.body.error?.code).toBe('auth/email_already_registered');
  });
});
