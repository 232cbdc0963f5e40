import { createHash, randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { startFederatedLoginCall } from '../../../shared/api/calls/federation';
import { call } from '../support/api';

/**
 * A browser for the federated sign-in without a browser: follows redirects with a cookie jar, submits the local
 * IdPs' forms (the demo person's button, or Cancel) and the SAML auto-post, and stops at the web's callback.
 */
export interface FederatedResult {
  /** The callback's query (`code` + `state`, or `error` + `state`). */
  callback: URLSearchParams;
  verifier: string;
  state: string;
}

const hiddenInputs = (html: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    out[m[1]] = m[2].replace(/&#(\d+);/g, (_s, n: string) => String.fromCharCode(Number(n)));
  }
  return out;
};
const formAction = (html: string) => /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&#(\d+);/g, (_s, n: string) => String.fromCharCode(Number(n)));

export async function signInThroughProvider(teamId: string, provider: 'oidc' | 'saml' | 'google', person: 'hanako' | 'taro' | 'jiro' | 'cancel'): Promise<FederatedResult> {
  const origin = inject('platformEnv').APP_ORIGIN;
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(12).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const start = await call(startFederatedLoginCall, { teamId, provider, redirectUri: `${origin}/login_saml`, codeChallenge: challenge, state });
  if (start.status !== 200) throw new Error(`start failed: ${JSON.stringify(start.body)}`);
  const cookies = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair.split('=');
      cookies.set(k.trim(), v.join('='));
    }
    return res;
  };
  let url = (start.body as { url: string }).url;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(`${origin}/login_saml`)) return { callback: new URL(url).searchParams, verifier, state };
    const res = await request(url, init);
    init = {};
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).toString();
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${res.status} at ${url}: ${html.slice(0, 300)}`);
    const action = formAction(html);
    if (!action) throw new Error(`no form at ${url}`);
    const fields = hiddenInputs(html);
    if (!('SAMLResponse' in fields)) Object.assign(fields, person === 'cancel' ? { cancel: '1' } : { person });
    url = new URL(action, url).toString();
    init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() };
  }
  throw new Error('too many steps');
}

/** The web's code exchange at the identity service's token endpoint (Cognito's /oauth2/token). */
export async function exchangeCode(teamId: string, result: FederatedResult): Promise<{ access_token: string; id_token: string; refresh_token: string }> {
  const env = inject('platformEnv');
  const res = await fetch(`${env.FEDERATION_BASE_URL}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: env.USER_POOL_CLIENT_ID,
      code: result.callback.get('code') ?? '',
      redirect_uri: `${env.APP_ORIGIN}/login_saml`,
      code_verifier: result.verifier,
    }).toString(),
  });
  if (!res.ok) throw new Error(`token exchange failed for ${teamId}: ${res.status} ${await res.text()} (${result.callback.toString()})`);
  return (await res.json()) as { access_token: string; id_token: string; refresh_token: string };
}
