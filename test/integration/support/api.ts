import { inject } from 'vitest';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { localCredentials } from '../../../lambdas/platform/config';
import type { CallDef, CallInput } from '../../../shared/api/define';

export interface Answer<T = unknown> {
  status: number;
  body: T & { error?: { code: string; fields?: Record<string, string> } };
  headers: Headers;
}

/** POST /api<path> as the web client does, optionally with a bearer token. */
export async function post<T = unknown>(path: string, body: unknown, token?: string): Promise<Answer<T>> {
  const res = await fetch(`${inject('baseUrl')}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
}

export function call<C extends CallDef>(def: C, input: CallInput<C> | Record<string, unknown>, token?: string) {
  return post(def.path, input, token);
}

/** Signs in against cognito-local with USER_PASSWORD_AUTH, as Amplify does, and answers the access token. */
export async function signIn(email: string, password: string): Promise<string> {
  const env = inject('platformEnv');
  const cognito = new CognitoIdentityProviderClient({
    region: env.AWS_REGION,
    endpoint: env.COGNITO_ENDPOINT,
    credentials: localCredentials,
  });
  const out = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: env.USER_POOL_CLIENT_ID,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const token = out.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('No access token');
  return token;
}

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}-${Date.now()}-${++counter}@example.test`;

export function operatorInput(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail('operator'),
    password: 'secret-pass1',
    passwordConfirmation: 'secret-pass1',
    name: 'Hanako Yamada',
    companyName: 'Yamada Media',
    siteName: 'Yamada Academy',
    phone: '03-1234-5678',
    agreeToTerms: true,
    language: 'ja',
    ...overrides,
  };
}

export interface InboxMail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

/**
 * The local SES inbox (aws-ses-v2-local's store), filtered to one recipient; read once the reactions to what was
 * written before have run (the mails of notices and member events are the mail domain's reactions).
 */
export async function inbox(to: string): Promise<InboxMail[]> {
  await reactionsSettled();
  const res = await fetch(`${inject('platformEnv').SES_ENDPOINT}/store`);
  const { emails } = (await res.json()) as { emails: InboxMail[] };
  return emails.filter((m) => m.destination.to.includes(to));
}

/**
 * Moves the local scheduler's clock forward (`POST /local/scheduler/advance`) and runs what became due; answers
 * how far ahead of the real clock it now is. The platform is shared by every file: read the lead with 0 first.
 */
export async function advanceScheduler(seconds: number): Promise<number> {
  const res = await fetch(`${inject('baseUrl')}/local/scheduler/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  if (res.status !== 200) throw new Error(`advance answered ${res.status}`);
  return ((await res.json()) as { aheadSeconds: number }).aheadSeconds;
}

/**
 * Waits until the table stream has delivered every reaction to what was written before (the local stand-in of Lambda's
 * stream mappings: `GET /local/table-stream/settled`). Rollups, auto mails, workflows and notices' mails are the
 * reacting domains' work after the request that caused them has answered.
 */
export async function reactionsSettled(): Promise<void> {
  const res = await fetch(`${inject('baseUrl')}/local/table-stream/settled`);
  if (res.status !== 200) throw new Error(`table-stream/settled answered ${res.status}`);
}
