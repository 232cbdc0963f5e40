import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect, type APIRequestContext } from '@playwright/test';
import { createInviteCall, joinCall } from '../../../shared/api/calls/invites';
import { registerOperatorCall } from '../../../shared/api/calls/teams';
import { updateSecuritySettingsCall } from '../../../shared/api/calls/settings';
import { startFileUploadCall } from '../../../shared/api/calls/uploads';
import { newOperator, type Operator } from './operator';
import { basePort } from './ports';

/** A fresh team arranged through the API, for specs whose subject is not the sign-up itself. */
export interface TeamFixture {
  operator: Operator;
  teamId: string;
  userId: string;
  /** The operator's Cognito access token, as the web sends it. */
  token: string;
}

export interface MemberFixture {
  email: string;
  password: string;
  name: string;
  userId: string;
}

/** A person's Cognito access token, as the web sends it. */
export async function accessToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const config = (await (await request.get('/config.json')).json()) as { userPoolClientId: string };
  const cognito = new CognitoIdentityProviderClient({
    region: 'ap-northeast-1',
    endpoint: `http://127.0.0.1:${basePort() + 2}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const auth = await cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  return auth.AuthenticationResult!.AccessToken!;
}

/** Registers a new operator (and so a new team) as /register does, and signs them in. */
export async function registerTeam(request: APIRequestContext, label: string, fields: Partial<Pick<Operator, 'siteName'>> = {}): Promise<TeamFixture> {
  const operator = { ...newOperator(label), ...fields };
  const res = await request.post(`/api${registerOperatorCall.path}`, {
    data: { ...operator, passwordConfirmation: operator.password, agreeToTerms: true, language: 'en' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { teamId, userId } = (await res.json()) as { teamId: string; userId: string };
  return { operator, teamId, userId, token: await accessToken(request, operator.email, operator.password) };
}

/** One of the operator's own API calls; answers the call's JSON. */
export async function asOperator<T = Record<string, unknown>>(request: APIRequestContext, team: TeamFixture, path: string, input: Record<string, unknown>): Promise<T> {
  const res = await request.post(`/api${path}`, {
    headers: { authorization: `Bearer ${team.token}` },
    data: { ...input, operatedTeamId: team.teamId, operatedUserId: team.userId },
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return res.json() as Promise<T>;
}

/**
 * A member who joined through the product's own invitation (in the given groups), able to log in at
 * /login/:teamId at once (the team does not ask members to confirm their e-mail address).
 */
export async function joinAsMember(request: APIRequestContext, team: TeamFixture, label: string, groupIds: string[] = []): Promise<MemberFixture> {
  const { inviteId } = await asOperator<{ inviteId: string }>(request, team, createInviteCall.path, {
    title: `Invitation ${label}`,
    maxRegistrations: null,
    groupIds,
  });
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const member = { email: `e2e-${label}-${id}@example.com`, password: 'member-pass-1', name: `Member ${label}` };
  const res = await request.post(`/api${joinCall.path}`, {
    data: { inviteId, kind: 'user', ...member, passwordConfirmation: member.password, language: 'en' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { userId } = (await res.json()) as { userId: string };
  return { ...member, userId };
}

/** Public access on (SPEC §3 site settings), the rest of the security settings at their defaults: the team's catalog and LP open to visitors. */
export async function openCatalog(request: APIRequestContext, team: TeamFixture): Promise<void> {
  await asOperator(request, team, updateSecuritySettingsCall.path, {
    emailValidityCheck: false,
    twoFactorRequired: false,
    complexPassword: false,
    adminIpAllowList: [],
    memberIpAllowList: [],
    singleLogin: false,
    catalogPublic: true,
  });
}

/** A PDF uploaded as the browser does (presigned PUT), answering its key. */
export async function uploadPdf(request: APIRequestContext, team: TeamFixture, bytes: Buffer, fileName: string): Promise<string> {
  const start = await asOperator<{ key: string; url: string; headers: Record<string, string> }>(request, team, startFileUploadCall.path, {
    kind: 'pdf',
    fileName,
    contentType: 'application/pdf',
    sizeBytes: bytes.length,
  });
  const put = await request.put(start.url, { headers: start.headers, data: bytes });
  expect(put.status()).toBe(200);
  return start.key;
}
