import { isTeamCall, type CallDef, type CallInput, type CallOutput, type TeamContext } from '../../shared/api/define';

/**
 * The smoke's HTTP side: the platform's API as the web calls it (web/src/lib/api.ts), the Cognito user pool API
 * through the platform's proxy as Amplify calls it, and a small cookie jar for the playback grant.
 */

/** An expected failure of a step: printed as one line (what was asked, the status, the error code), no stack. */
export class StepFailure extends Error {}

/** An API call's error answer: its status and the platform's error code (`common/unknown` when the body had none). */
export class ApiFailure extends StepFailure {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/** One request's longest wait: a deployed stage answers in well under this, even on a cold Lambda. */
const REQUEST_TIMEOUT_MS = 30_000;

/** fetch, with a network failure or a timeout turned into a StepFailure naming the address. */
export async function request(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (e) {
    const error = e as Error & { cause?: { code?: string; message?: string } };
    if (error.name === 'TimeoutError') throw new StepFailure(`${describe(init, url)}: no answer within ${REQUEST_TIMEOUT_MS / 1000} s`);
    throw new StepFailure(`${describe(init, url)}: could not connect (${error.cause?.code ?? error.cause?.message ?? error.message})`);
  }
}

const describe = (init: RequestInit, url: string) => `${init.method ?? 'GET'} ${url}`;

/** The body as JSON, or undefined when it is not JSON (an HTML error page of a proxy, say). */
export async function jsonOf(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return undefined;
  }
}

/** "answered 403 auth/ip_not_allowed", with the fields of a validation error, or what came instead of the API's JSON. */
export function answered(res: Response, body: unknown): string {
  const error = (body as { error?: { code?: string; fields?: Record<string, string> } } | undefined)?.error;
  if (error?.code) {
    const fields = error.fields && Object.keys(error.fields).length ? ` (${Object.entries(error.fields).map(([k, v]) => `${k}: ${v}`).join(', ')})` : '';
    return `answered ${res.status} ${error.code}${fields}`;
  }
  const message = (body as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string') return `answered ${res.status} "${message}"`;
  return `answered ${res.status}${body === undefined ? ` (${res.headers.get('content-type') ?? 'no content type'}, not JSON)` : ''}`;
}

/** The public config the SPA reads at boot (web/src/lib/config.ts), with its addresses made absolute. */
export interface StageConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The Cognito user pool API the web signs in through (the platform's proxy). */
  userPoolEndpoint: string;
  apiBase: string;
}

/** The signed-in operator in the team being checked. */
export interface Session {
  config: StageConfig;
  accessToken: string;
  team?: TeamContext;
}

/** `POST <apiBase><path>` as the web client sends it: bearer token, and the team context for team calls. */
export async function callApi<C extends CallDef>(session: Session, def: C, input: CallInput<C>): Promise<{ body: CallOutput<C>; res: Response }> {
  let body: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  if (isTeamCall(def)) {
    if (!session.team) throw new StepFailure(`${def.path} needs a team: the team step did not pass`);
    body = { ...body, ...session.team };
  }
  const url = `${session.config.apiBase}${def.path}`;
  const res = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
    body: JSON.stringify(body),
  });
  const answer = await jsonOf(res);
  if (!res.ok || answer === undefined) {
    const code = (answer as { error?: { code?: string } } | undefined)?.error?.code ?? 'common/unknown';
    throw new ApiFailure(`POST ${new URL(url).pathname} ${answered(res, answer)}`, res.status, code);
  }
  return { body: answer as CallOutput<C>, res };
}

const COGNITO_JSON = 'application/x-amz-json-1.1';

/** Cognito's error name without the service prefix some answers carry (`…#NotAuthorizedException`). */
const cognitoError = (body: unknown): string => {
  const b = (body ?? {}) as { __type?: string; message?: string };
  const type = (b.__type ?? 'unknown error').replace(/^.*#/, '');
  return b.message ? `${type}: ${b.message}` : type;
};

/** One user pool API operation through the platform's proxy (Amplify's unsigned requests: the client id names the pool). */
export async function cognito<T>(config: StageConfig, operation: string, input: unknown): Promise<T> {
  const res = await request(config.userPoolEndpoint, {
    method: 'POST',
    headers: { 'content-type': COGNITO_JSON, 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(input),
  });
  const body = await jsonOf(res);
  if (!res.ok || body === undefined) {
    throw new StepFailure(`${operation} at ${config.userPoolEndpoint} answered ${res.status} ${body === undefined ? '(not JSON)' : cognitoError(body)}`);
  }
  return body as T;
}

interface StoredCookie {
  name: string;
  value: string;
  /** The Domain attribute (lower case, no leading dot), or the host that set it for a host-only cookie. */
  domain: string;
  hostOnly: boolean;
  path: string;
}

/**
 * Enough of a browser's cookie jar for the playback grant: the API's Set-Cookie headers (CloudFront signed cookies on
 * the shared parent domain on AWS, the local `media_grant` per path), sent back where their Domain and Path match.
 */
export class CookieJar {
  private cookies: StoredCookie[] = [];

  /** Keeps the Set-Cookie headers of an answer from `url`. */
  take(url: string, res: Response): void {
    const host = new URL(url).hostname;
    for (const header of res.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const attr = (name: string) => attributes.find((a) => a.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
      const domain = attr('domain')?.replace(/^\./, '').toLowerCase();
      const cookie = { name: pair.slice(0, eq), value: pair.slice(eq + 1), domain: domain ?? host, hostOnly: !domain, path: attr('path') ?? '/' };
      this.cookies = this.cookies.filter((c) => !(c.name === cookie.name && c.domain === cookie.domain && c.path === cookie.path));
      this.cookies.push(cookie);
    }
  }

  /** The Cookie header a browser would send to `url` (longest paths first, as browsers order them). */
  headerFor(url: string): string {
    const { hostname, pathname } = new URL(url);
    return this.cookies
      .filter((c) => (c.hostOnly ? hostname === c.domain : hostname === c.domain || hostname.endsWith(`.${c.domain}`)))
      .filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  get size(): number {
    return this.cookies.length;
  }
}
