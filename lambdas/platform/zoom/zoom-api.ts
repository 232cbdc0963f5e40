import { ZoomRequestError, type ZoomAdapter, type ZoomErrorBody, type ZoomCredentials, type ZoomMeeting, type ZoomMeetingRequest, type ZoomUser } from './types';

/**
 * The Zoom adapter used in AWS: Zoom's REST API over HTTPS with `fetch` (no SDK). Server-to-Server OAuth: each
 * operation first takes an access token with the `account_credentials` grant (one hour; Zoom allows several at
 * once, so none is cached across calls, and no secret outlives the request), then calls `/v2` as the app's owner
 * (`users/me`). Scopes the app needs: `user:read:user:admin` (or `user:read:admin`) and `meeting:write:meeting:admin`
 * (webinars: `webinar:write:webinar:admin`).
 */
export const ZOOM_OAUTH_URL = 'https://zoom.us/oauth/token';
export const ZOOM_API_URL = 'https://api.zoom.us/v2';
/** A Lambda must not hang on Zoom: each request gives up after this. */
const TIMEOUT_MS = 10_000;

/** Zoom's error bodies: `{ error, reason }` from the OAuth token endpoint, `{ code, message }` from the REST API. */
function errorBody(text: string): ZoomErrorBody {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {};
  }
  if (!body || typeof body !== 'object') return {};
  const { error, reason, code, message } = body as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  return { error: str(error) ?? str(code), reason: str(reason) ?? str(message) };
}

async function send(step: ZoomRequestError['step'], url: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    text = await res.text();
  } catch (e) {
    // Unreachable, timed out, or cut off mid-answer.
    throw new ZoomRequestError(step, undefined, (e as Error).message);
  }
  // The message helps the operator's logs, never the browser; the body's error names what Zoom refused.
  if (!res.ok) throw new ZoomRequestError(step, res.status, text.slice(0, 300), errorBody(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ZoomRequestError(step, res.status, 'not JSON');
  }
}

async function accessToken(c: ZoomCredentials): Promise<string> {
  const basic = Buffer.from(`${c.clientId}:${c.clientSecret}`, 'utf8').toString('base64');
  const body = new URLSearchParams({ grant_type: 'account_credentials', account_id: c.accountId }).toString();
  const answer = (await send('token', ZOOM_OAUTH_URL, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
  })) as { access_token?: unknown };
  if (typeof answer.access_token !== 'string' || !answer.access_token) throw new ZoomRequestError('token', undefined, 'no access_token');
  return answer.access_token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' });

/** Zoom takes `yyyy-MM-ddTHH:mm:ssZ` (UTC, no fraction). */
const zoomTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export const zoomApi: ZoomAdapter = {
  async connectedUser(credentials): Promise<ZoomUser> {
    const token = await accessToken(credentials);
    const user = (await send('user', `${ZOOM_API_URL}/users/me`, { method: 'GET', headers: bearer(token) })) as { id?: unknown; email?: unknown };
    if (typeof user.id !== 'string' || !user.id) throw new ZoomRequestError('user', undefined, 'no user id');
    return { id: user.id, email: typeof user.email === 'string' ? user.email : '' };
  },

  async createMeeting(credentials, request: ZoomMeetingRequest): Promise<ZoomMeeting> {
    const token = await accessToken(credentials);
    const webinar = request.kind === 'webinar';
    const created = (await send('meeting', `${ZOOM_API_URL}/users/me/${webinar ? 'webinars' : 'meetings'}`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      // type 2: a scheduled meeting; 5: a webinar.
      body: JSON.stringify({ topic: request.topic, type: webinar ? 5 : 2, start_time: zoomTime(request.startAt), duration: request.durationMinutes, timezone: 'UTC' }),
    })) as { id?: unknown; password?: unknown; join_url?: unknown };
    const id = typeof created.id === 'number' || typeof created.id === 'string' ? String(created.id) : '';
    if (!/^[0-9]+$/.test(id) || typeof created.join_url !== 'string') throw new ZoomRequestError('meeting', undefined, 'no id or join_url');
    return { id, ...(typeof created.password === 'string' && created.password ? { passcode: created.password } : {}), joinUrl: created.join_url };
  },
};
