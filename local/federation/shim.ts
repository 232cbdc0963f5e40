import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { localCredentials } from '../../lambdas/platform/config';
import { readLocalRegistry } from '../../lambdas/platform/federation/local';
import type { FederatedProvider } from '../../lambdas/platform/federation/types';
import { readForm, redirect, sendJson } from './http';
import { shimServiceProvider, teamIdentityProvider } from './saml';

/**
 * The local stand-in of Cognito's managed login for federated sign-in (cognito-local has none), at `/federation`:
 * `/oauth2/authorize` (identity_provider, client_id, redirect_uri, state, PKCE S256) sends the browser to the team's
 * provider from the federation registry; `/oauth2/idpresponse` (OIDC code) and `/saml2/idpresponse` (SAML POST)
 * take the person back; `/oauth2/token` trades the code for tokens. The person becomes a cognito-local user in the
 * group `<userPoolId>_<provider>` (as Cognito does), and the tokens are cognito-local's own, so the API trusts them
 * as any other.
 */
export interface ShimOptions {
  baseUrl: string;
  cognitoEndpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  registryFile: string;
}

interface Pending {
  provider: FederatedProvider;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  /** OIDC: the verifier of our own PKCE toward the provider. */
  verifier: string;
  expires: number;
}

interface Issued {
  tokens: { access_token: string; id_token: string; refresh_token: string; expires_in: number; token_type: 'Bearer' };
  redirectUri: string;
  codeChallenge: string;
  expires: number;
}

interface Person {
  subject: string;
  email: string;
  name?: string;
  /** OIDC `email_verified` when the provider sent it (Cognito maps it to the attribute); SAML: none. */
  emailVerified?: boolean;
}

const random = () => randomBytes(24).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function createFederationShim(opts: ShimOptions) {
  const pending = new Map<string, Pending>();
  const codes = new Map<string, Issued>();
  const cognito = new CognitoIdentityProviderClient({ region: 'ap-northeast-1', endpoint: opts.cognitoEndpoint, credentials: localCredentials });
  const base = `${opts.baseUrl}/federation`;
  const oidcRedirect = `${base}/oauth2/idpresponse`;
  const sp = () => shimServiceProvider(`urn:amazon:cognito:sp:${opts.userPoolId}`, `${base}/saml2/idpresponse`);
  const callbackUrl = `${opts.baseUrl}/login_saml`;

  const sweep = () => {
    const now = Date.now();
    for (const [k, v] of pending) if (v.expires < now) pending.delete(k);
    for (const [k, v] of codes) if (v.expires < now) codes.delete(k);
  };

  /** Back to the web with an OAuth error, as Cognito does when the provider refused or the person cancelled. */
  const backWithError = (res: ServerResponse, p: Pending, error: string, description = error) =>
    redirect(res, `${p.redirectUri}?${new URLSearchParams({ error, error_description: description, state: p.state }).toString()}`);

  async function discovery(issuer: string) {
    const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
    if (!res.ok) throw new Error(`discovery failed: ${res.status}`);
    return (await res.json()) as { authorization_endpoint: string; token_endpoint: string; jwks_uri: string; issuer: string; userinfo_endpoint?: string };
  }

  async function samlIdp(p: FederatedProvider) {
    const xml = p.saml?.metadataUrl ? await (await fetch(p.saml.metadataUrl)).text() : (p.saml?.metadataXml ?? '');
    return teamIdentityProvider(xml);
  }

  async function authorize(res: ServerResponse, url: URL) {
    sweep();
    const q = url.searchParams;
    const fail = (message: string) => sendJson(res, 400, { error: 'invalid_request', error_description: message });
    if (q.get('client_id') !== opts.userPoolClientId) return fail('unknown client_id');
    if (q.get('response_type') !== 'code') return fail('response_type must be code');
    if (q.get('redirect_uri') !== callbackUrl) return fail('redirect_uri is not an allowed callback URL');
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return fail('PKCE S256 is required');
    const provider = readLocalRegistry(opts.registryFile).providers[q.get('identity_provider') ?? ''];
    if (!provider) return fail('identity_provider is not enabled for this client');
    const id = random();
    const entry: Pending = {
      provider,
      redirectUri: q.get('redirect_uri')!,
      state: q.get('state') ?? '',
      codeChallenge: q.get('code_challenge')!,
      verifier: random() + random(),
      expires: Date.now() + 10 * 60_000,
    };
    pending.set(id, entry);
    if (provider.type === 'oidc') {
      const doc = await discovery(provider.oidc!.issuer);
      const target = new URL(doc.authorization_endpoint);
      target.search = new URLSearchParams({
        client_id: provider.oidc!.clientId,
        redirect_uri: oidcRedirect,
        response_type: 'code',
        scope: 'openid email profile',
        state: id,
        code_challenge: s256(entry.verifier),
        code_challenge_method: 'S256',
      }).toString();
      return redirect(res, target.toString());
    }
    const request = sp().createLoginRequest(await samlIdp(provider), 'redirect', { relayState: id }) as { context: string };
    return redirect(res, request.context);
  }

  async function oidcResponse(res: ServerResponse, url: URL) {
    const p = pending.get(url.searchParams.get('state') ?? '');
    if (!p || p.provider.type !== 'oidc') return sendJson(res, 400, { error: 'invalid_request', error_description: 'unknown state' });
    pending.delete(url.searchParams.get('state')!);
    if (url.searchParams.get('error')) return backWithError(res, p, url.searchParams.get('error') === 'access_denied' ? 'access_denied' : 'server_error');
    const o = p.provider.oidc!;
    const doc = await discovery(o.issuer);
    const tokenRes = await fetch(doc.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${encodeURIComponent(o.clientId)}:${encodeURIComponent(o.clientSecret)}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: url.searchParams.get('code') ?? '', redirect_uri: oidcRedirect, code_verifier: p.verifier }),
    });
    if (!tokenRes.ok) return backWithError(res, p, 'invalid_grant', `the provider refused the code: ${(await tokenRes.text()).slice(0, 200)}`);
    const { id_token, access_token } = (await tokenRes.json()) as { id_token?: string; access_token?: string };
    if (!id_token) return backWithError(res, p, 'invalid_grant');
    const { payload } = await jwtVerify(id_token, createRemoteJWKSet(new URL(doc.jwks_uri)), { issuer: doc.issuer, audience: o.clientId });
    // As Cognito's attributes_request_method GET: the claims come from the userinfo endpoint (the ID token may carry only `sub`).
    const info = doc.userinfo_endpoint && access_token ? ((await (await fetch(doc.userinfo_endpoint, { headers: { authorization: `Bearer ${access_token}` } })).json()) as Record<string, unknown>) : {};
    const claims = { ...payload, ...(info.sub === payload.sub ? info : {}) };
    if (typeof claims.sub !== 'string' || typeof claims.email !== 'string') return backWithError(res, p, 'invalid_request', 'the provider sent no e-mail');
    return finish(res, p, {
      subject: claims.sub,
      email: claims.email,
      name: typeof claims.name === 'string' ? claims.name : undefined,
      ...(typeof claims.email_verified === 'boolean' ? { emailVerified: claims.email_verified } : {}),
    });
  }

  async function samlResponse(req: IncomingMessage, res: ServerResponse, url: URL) {
    const form = req.method === 'POST' ? await readForm(req) : url.searchParams;
    const relay = form.get('RelayState') ?? '';
    const p = pending.get(relay);
    if (!p || p.provider.type !== 'saml') return sendJson(res, 400, { error: 'invalid_request', error_description: 'unknown RelayState' });
    pending.delete(relay);
    if (form.get('error')) return backWithError(res, p, 'access_denied');
    let extract: { nameID?: string; attributes?: Record<string, string> };
    try {
      const parsed = await sp().parseLoginResponse(await samlIdp(p.provider), 'post', { body: { SAMLResponse: form.get('SAMLResponse') ?? '', RelayState: relay } });
      extract = parsed.extract as typeof extract;
    } catch {
      return backWithError(res, p, 'invalid_request');
    }
    const email = extract.attributes?.['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'] ?? extract.nameID;
    if (!email || !email.includes('@')) return backWithError(res, p, 'invalid_request');
    return finish(res, p, { subject: extract.nameID ?? email, email, name: extract.attributes?.['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name'] });
  }

  /** The person as a cognito-local user of the provider's group; fresh tokens through a one-time password. */
  async function finish(res: ServerResponse, p: Pending, person: Person) {
    const sub = await userFor(p.provider.name, person);
    const password = `Fed-${random()}`;
    const group = `${opts.userPoolId}_${p.provider.name}`;
    try {
      await cognito.send(new CreateGroupCommand({ UserPoolId: opts.userPoolId, GroupName: group }));
    } catch (e) {
      if (!(e instanceof Error && e.name === 'GroupExistsException')) throw e;
    }
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: opts.userPoolId, Username: sub, GroupName: group }));
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: opts.userPoolId, Username: sub, Password: password, Permanent: true }));
    const auth = await cognito.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: opts.userPoolClientId, AuthParameters: { USERNAME: sub, PASSWORD: password } }),
    );
    const r = auth.AuthenticationResult;
    if (!r?.AccessToken || !r.IdToken || !r.RefreshToken) return backWithError(res, p, 'server_error');
    const code = random();
    codes.set(code, {
      tokens: { access_token: r.AccessToken, id_token: r.IdToken, refresh_token: r.RefreshToken, expires_in: r.ExpiresIn ?? 3600, token_type: 'Bearer' },
      redirectUri: p.redirectUri,
      codeChallenge: p.codeChallenge,
      expires: Date.now() + 5 * 60_000,
    });
    return redirect(res, `${p.redirectUri}?${new URLSearchParams({ code, state: p.state }).toString()}`);
  }

  /**
   * The cognito-local user of a provider's person, created on their first sign-in (Cognito names it
   * `<provider>_<subject>`). cognito-local wants an e-mail as the Username of a pool signed in by e-mail and makes
   * the sub the user name, so the stand-in keeps provider + subject -> sub in a file beside the registry.
   */
  const usersFile = `${opts.registryFile}.users.json`;
  async function userFor(providerName: string, person: Person): Promise<string> {
    const key = `${providerName}_${person.subject}`;
    const known = readUsers()[key];
    if (known) return known;
    const out = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: opts.userPoolId,
        Username: `${key.toLowerCase().replace(/[^a-z0-9._+-]/g, '-')}@federated.local.invalid`,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: person.email },
          // As the OIDC mapping: the provider's claim. SAML sends none (Cognito would leave it unset; the rule
          // counts the team's own SAML IdP as verified either way).
          { Name: 'email_verified', Value: String(person.emailVerified ?? true) },
          ...(person.name ? [{ Name: 'name', Value: person.name }] : []),
        ],
      }),
    );
    const sub = out.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    if (!sub) throw new Error('cognito-local returned no sub');
    writeFileSync(usersFile, JSON.stringify({ ...readUsers(), [key]: sub }, null, 2));
    return sub;
  }
  function readUsers(): Record<string, string> {
    try {
      return JSON.parse(readFileSync(usersFile, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    const issued = codes.get(form.get('code') ?? '');
    if (form.get('grant_type') !== 'authorization_code' || !issued) return sendJson(res, 400, { error: 'invalid_grant' });
    codes.delete(form.get('code')!);
    if (form.get('client_id') !== opts.userPoolClientId || form.get('redirect_uri') !== issued.redirectUri || s256(form.get('code_verifier') ?? '') !== issued.codeChallenge) {
      return sendJson(res, 400, { error: 'invalid_grant' });
    }
    return sendJson(res, 200, issued.tokens);
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname.slice('/federation'.length);
    if (path === '/oauth2/authorize' && req.method === 'GET') return authorize(res, url);
    if (path === '/oauth2/idpresponse' && req.method === 'GET') return oidcResponse(res, url);
    if (path === '/saml2/idpresponse') return samlResponse(req, res, url);
    if (path === '/oauth2/token' && req.method === 'POST') return token(req, res);
    return sendJson(res, 404, { error: 'not_found' });
  };
}
