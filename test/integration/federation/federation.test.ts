import '../support/platform-env';
import { readFileSync } from 'node:fs';
import { inject, beforeAll, describe, expect, it } from 'vitest';
import { getFederationSettingsCall, getLoginMethodsCall, startFederatedLoginCall, updateFederationSettingsCall } from '../../../shared/api/calls/federation';
import { memberLoginCall, requestPasswordResetCall } from '../../../shared/api/calls/auth';
import { getTeamUser } from '../../../lambdas/teams/team-user';
import { getFederation } from '../../../lambdas/settings/federation-settings';
import { call } from '../support/api';
import { newOperator, newPerson, type Caller } from '../content/people';
import { exchangeCode, signInThroughProvider } from './federated-browser';

const env = () => inject('platformEnv');
const oidcIssuer = () => `${env().APP_ORIGIN}/local-idp/oidc`;
const samlMetadata = () => `${env().APP_ORIGIN}/local-idp/saml/metadata`;
const registry = () => JSON.parse(readFileSync(env().LOCAL_FEDERATION_FILE, 'utf8')) as { providers: Record<string, { type: string; oidc?: { issuer: string; clientId: string; clientSecret: string }; saml?: { metadataUrl?: string } }> };

const as = (who: Caller, input: Record<string, unknown> = {}) => ({ ...who.ctx, ...input });
const oidcSettings = (extra: Record<string, unknown> = {}) => ({
  authMethod: 'custom',
  oidc: { providerId: 'Local OIDC', issuer: oidcIssuer(), clientId: 'local-oidc-client', clientSecret: 'local-oidc-secret' },
  saml: null,
  google: null,
  ...extra,
});
const samlSettings = () => ({ authMethod: 'saml', oidc: null, saml: { providerId: 'Local SAML', metadataUrl: samlMetadata(), metadataXml: null }, google: null });

async function configure(team: Caller, settings: Record<string, unknown>) {
  const res = await call(updateFederationSettingsCall, as(team, settings), team.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

let alpha: Caller;
let beta: Caller;
beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha Federation'), newOperator('Beta Federation')]);
  await configure(alpha, oidcSettings({ google: { clientId: 'local-google-client', clientSecret: 'local-google-secret' } }));
  await configure(beta, oidcSettings());
});

describe('/settings/federation/get and update', () => {
  it('answers the defaults, then stores the provider and pushes it through the port (secret never answered)', async () => {
    const team = await newOperator('Federation Defaults');
    const first = await call(getFederationSettingsCall, as(team), team.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ authMethod: 'email', oidc: null, saml: null, google: null, usersExist: false });
    expect((first.body as { serviceProvider: { samlEntityId: string } }).serviceProvider.samlEntityId).toBe(`urn:amazon:cognito:sp:${env().USER_POOL_ID}`);

    const saved = await configure(team, oidcSettings());
    expect(saved).toMatchObject({ authMethod: 'custom', oidc: { providerId: 'Local OIDC', issuer: oidcIssuer(), clientId: 'local-oidc-client', hasClientSecret: true } });
    expect(JSON.stringify(saved)).not.toContain('local-oidc-secret');
    expect(registry().providers[`o-${team.teamId}`]).toEqual({
      name: `o-${team.teamId}`,
      type: 'oidc',
      oidc: { issuer: oidcIssuer(), clientId: 'local-oidc-client', clientSecret: 'local-oidc-secret' },
    });

    // An empty secret keeps the stored one.
    await configure(team, oidcSettings({ oidc: { providerId: 'Renamed', issuer: oidcIssuer(), clientId: 'local-oidc-client', clientSecret: '' } }));
    expect((await getFederation(team.teamId)).oidc?.clientSecret).toBe('local-oidc-secret');

    // Switching to SAML (still no users) removes the OIDC provider and adds the SAML one.
    await configure(team, samlSettings());
    expect(registry().providers[`o-${team.teamId}`]).toBeUndefined();
    expect(registry().providers[`s-${team.teamId}`]).toMatchObject({ type: 'saml', saml: { metadataUrl: samlMetadata() } });
    const methods = await call(getLoginMethodsCall, { teamId: team.teamId });
    expect(methods.body).toEqual({ teamId: team.teamId, authMethod: 'saml', passwordLogin: false, providers: [{ kind: 'saml', label: 'Local SAML' }] });
  });

  it('refuses an issuer the identity service cannot use, and missing provider fields, saving nothing', async () => {
    const team = await newOperator('Federation Bad Input');
    const bad = await call(
      updateFederationSettingsCall,
      as(team, oidcSettings({ oidc: { providerId: 'X', issuer: `${env().APP_ORIGIN}/no-such-issuer`, clientId: 'c', clientSecret: 's' } })),
      team.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ 'oidc.issuer': 'validation/invalid_value' });
    const noSaml = await call(updateFederationSettingsCall, as(team, { authMethod: 'saml', oidc: null, saml: null, google: null }), team.token);
    expect(noSaml.status).toBe(400);
    expect(noSaml.body.error?.fields).toEqual({ 'saml.providerId': 'validation/required' });
    const noMetadata = await call(
      updateFederationSettingsCall,
      as(team, { authMethod: 'saml', oidc: null, saml: { providerId: 'S', metadataUrl: null, metadataXml: '' }, google: null }),
      team.token,
    );
    expect(noMetadata.status).toBe(400);
    expect(noMetadata.body.error?.fields).toEqual({ 'saml.metadataUrl': 'validation/required' });
    expect((await getFederation(team.teamId)).authMethod).toBe('email');
  });

  it('SPEC §5: the auth method cannot change while the team has users', async () => {
    const team = await newOperator('Federation Locked');
    await newPerson(team.teamId, 'member');
    const res = await call(updateFederationSettingsCall, as(team, oidcSettings()), team.token);
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('validation/auth_method_users_exist');
    expect((await getFederation(team.teamId)).authMethod).toBe('email');
    expect((await call(getFederationSettingsCall, as(team), team.token)).body).toMatchObject({ usersExist: true });
    // Social login can still be added without changing the method.
    const social = await call(updateFederationSettingsCall, as(team, { authMethod: 'email', oidc: null, saml: null, google: { clientId: 'local-google-client', clientSecret: 'local-google-secret' } }), team.token);
    expect(social.status, JSON.stringify(social.body)).toBe(200);
  });

  it("answers 403 to a member, a non-site-manager and for another team's id, changing nothing", async () => {
    const member = await newPerson(beta.teamId, 'member');
    const designer = await newPerson(beta.teamId, 'admin', ['designer']);
    expect((await call(getFederationSettingsCall, as(member), member.token)).status).toBe(403);
    expect((await call(updateFederationSettingsCall, as(designer, samlSettings()), designer.token)).status).toBe(403);
    const cross = await call(updateFederationSettingsCall, { operatedTeamId: beta.teamId, operatedUserId: alpha.userId, ...samlSettings() }, alpha.token);
    expect(cross.status).toBe(403);
    expect((await getFederation(beta.teamId)).authMethod).toBe('custom');
  });
});

describe('federated sign-in through the local stand-ins', () => {
  it('OIDC: a first-time person becomes a member of the team; the second login finds the same user', async () => {
    const signedIn = await signInThroughProvider(alpha.teamId, 'oidc', 'hanako');
    expect(signedIn.callback.get('state')).toBe(signedIn.state);
    const tokens = await exchangeCode(alpha.teamId, signedIn);
    const login = await call(memberLoginCall, { teamId: alpha.teamId }, tokens.access_token);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body).toMatchObject({ outcome: 'login' });
    const userId = (login.body as { userId: string }).userId;
    expect(await getTeamUser(alpha.teamId, userId)).toMatchObject({ role: 'member', email: 'hanako@idp.example', name: 'Hanako Yamada', emailVerified: true });

    const again = await exchangeCode(alpha.teamId, await signInThroughProvider(alpha.teamId, 'oidc', 'hanako'));
    const second = await call(memberLoginCall, { teamId: alpha.teamId }, again.access_token);
    expect(second.body).toMatchObject({ outcome: 'login', userId });
    // The code is single-use.
    await expect(exchangeCode(alpha.teamId, signedIn)).rejects.toThrow(/token exchange failed/);
  });

  it("refuses a person who came through another team's provider, and a provider the team does not use", async () => {
    const tokens = await exchangeCode(beta.teamId, await signInThroughProvider(beta.teamId, 'oidc', 'taro'));
    const cross = await call(memberLoginCall, { teamId: alpha.teamId }, tokens.access_token);
    expect(cross.status).toBe(403);
    expect(cross.body.error?.code).toBe('auth/provider_not_allowed');
    const start = await call(startFederatedLoginCall, {
      teamId: beta.teamId,
      provider: 'saml',
      redirectUri: `${env().APP_ORIGIN}/login_saml`,
      codeChallenge: 'a'.repeat(43),
      state: 'state-123',
    });
    expect(start.status).toBe(403);
    expect(start.body.error?.code).toBe('auth/provider_not_allowed');
    const otherRedirect = await call(startFederatedLoginCall, { teamId: beta.teamId, provider: 'oidc', redirectUri: 'https://evil.example/login_saml', codeChallenge: 'a'.repeat(43), state: 'state-123' });
    expect(otherRedirect.status).toBe(400);
    expect(otherRedirect.body.error?.fields).toEqual({ redirectUri: 'validation/invalid_value' });
  });

  it('social login (Google) is a provider like OIDC; cancelling at the provider comes back as access_denied', async () => {
    const tokens = await exchangeCode(alpha.teamId, await signInThroughProvider(alpha.teamId, 'google', 'taro'));
    const login = await call(memberLoginCall, { teamId: alpha.teamId }, tokens.access_token);
    expect(login.body).toMatchObject({ outcome: 'login' });
    const cancelled = await signInThroughProvider(alpha.teamId, 'oidc', 'cancel');
    expect(cancelled.callback.get('error')).toBe('access_denied');
    expect(cancelled.callback.get('code')).toBeNull();
  });

  it('SAML: the person signs in through the SAML provider; password login and password reset are refused', async () => {
    const team = await newOperator('Federation SAML');
    await configure(team, samlSettings());
    const signedIn = await signInThroughProvider(team.teamId, 'saml', 'taro');
    const tokens = await exchangeCode(team.teamId, signedIn);
    const login = await call(memberLoginCall, { teamId: team.teamId }, tokens.access_token);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const userId = (login.body as { userId: string }).userId;
    expect(await getTeamUser(team.teamId, userId)).toMatchObject({ role: 'member', email: 'taro@idp.example' });

    const passwordMember = await newPerson(team.teamId, 'member');
    const refused = await call(memberLoginCall, { teamId: team.teamId }, passwordMember.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('auth/provider_not_allowed');
    const reset = await call(requestPasswordResetCall, { email: passwordMember.email, teamId: team.teamId, language: 'en' });
    expect(reset.status).toBe(403);
    expect(reset.body.error?.code).toBe('auth/provider_not_allowed');
    // The SAML person cannot use it for another team either.
    const cross = await call(memberLoginCall, { teamId: alpha.teamId }, tokens.access_token);
    expect(cross.body.error?.code).toBe('auth/provider_not_allowed');
  });
});
