import useSWR from 'swr';
import type {
  getLoginMethodsCall as GetLoginMethodsCall,
  startFederatedLoginCall as StartFederatedLoginCall,
  FederatedProviderKind,
} from '../../../../shared/api/calls/federation';
import { callApi, callRef } from '../../lib/api';
import { adoptFederatedSession, type FederatedTokens } from '../../lib/auth';

// Referenced by path: the login pages must not load the zod declarations (test/unit/web/call-refs.test.ts).
const getLoginMethodsCall = callRef<typeof GetLoginMethodsCall>('/auth/login_methods', 'public');
const startFederatedLoginCall = callRef<typeof StartFederatedLoginCall>('/auth/federation_start', 'public');

/** How the team's members sign in (password allowed? which provider buttons). */
export function useLoginMethods(teamId: string | undefined) {
  return useSWR(teamId ? [getLoginMethodsCall.path, teamId] : null, () => callApi(getLoginMethodsCall, { teamId: teamId! }));
}

/** What the browser keeps between leaving for the provider and coming back to /login_saml. */
interface PendingSignIn {
  teamId: string;
  state: string;
  verifier: string;
  tokenUrl: string;
  clientId: string;
  /** The login page's query (redirectPath, …), passed on to /logged_in/:teamId. */
  search: string;
}

const PENDING_KEY = 'mvp.federatedSignIn';
const base64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const randomText = (length: number) => base64url(crypto.getRandomValues(new Uint8Array(length)));

export const federationCallbackUrl = () => `${window.location.origin}/login_saml`;

/** Leaves for the team's provider (authorization code with PKCE); comes back to /login_saml. */
export async function startFederatedSignIn(teamId: string, provider: FederatedProviderKind, search: string): Promise<void> {
  const verifier = randomText(32);
  const state = randomText(16);
  const codeChallenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const { url, tokenUrl, clientId } = await callApi(startFederatedLoginCall, { teamId, provider, redirectUri: federationCallbackUrl(), codeChallenge, state });
  const pending: PendingSignIn = { teamId, state, verifier, tokenUrl, clientId, search };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  window.location.assign(url);
}

export type FinishedSignIn = { ok: true; teamId: string; search: string } | { ok: false; code: string; teamId?: string };

/**
 * Back at /login_saml with `code` (or `error`): trades the code for the identity service's tokens and makes them the
 * session, then the page goes on to /logged_in/:teamId. A cancelled sign-in is SPEC §8 "popup closed".
 */
export async function finishFederatedSignIn(query: URLSearchParams): Promise<FinishedSignIn> {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  const pending = raw ? (JSON.parse(raw) as PendingSignIn) : undefined;
  if (!pending || query.get('state') !== pending.state) return { ok: false, code: 'auth/login_failed', teamId: pending?.teamId };
  const fail = (code: string): FinishedSignIn => ({ ok: false, code, teamId: pending.teamId });
  const error = query.get('error');
  if (error) return fail(error === 'access_denied' ? 'auth/popup_closed' : 'auth/login_failed');
  try {
    const res = await fetch(pending.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: pending.clientId,
        code: query.get('code') ?? '',
        redirect_uri: federationCallbackUrl(),
        code_verifier: pending.verifier,
      }).toString(),
    });
    if (!res.ok) return fail('auth/login_failed');
    await adoptFederatedSession(pending.clientId, (await res.json()) as FederatedTokens);
  } catch {
    return fail('auth/login_failed');
  }
  return { ok: true, teamId: pending.teamId, search: pending.search };
}
