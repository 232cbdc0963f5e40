import './aws-env';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refusedCredentialFields, zoom, ZoomRequestError } from '../../../lambdas/platform/zoom';
import { localZoom } from '../../../lambdas/platform/zoom/local';
import { zoomApi } from '../../../lambdas/platform/zoom/zoom-api';

const credentials = { accountId: 'AcC0unt_id-1', clientId: 'cLiEnT1d', clientSecret: 's3cr3t' };
const basic = `Basic ${Buffer.from('cLiEnT1d:s3cr3t').toString('base64')}`;

interface SentRequest {
  url: string;
  method?: string;
  headers: Record<string, string>;
  body?: string;
}

let sent: SentRequest[];
let answers: Response[];
beforeEach(() => {
  sent = [];
  answers = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method, headers: init.headers as Record<string, string>, body: init.body as string | undefined });
    expect(init.signal, 'every request has a timeout').toBeInstanceOf(AbortSignal);
    const answer = answers.shift();
    if (!answer) throw new TypeError('fetch failed');
    return answer;
  });
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const tokenAnswer = () => json(200, { access_token: 'tok-123', token_type: 'bearer', expires_in: 3599, scope: 'user:read:user:admin', api_url: 'https://api.zoom.us' });
const tokenRequest: SentRequest = {
  url: 'https://zoom.us/oauth/token',
  method: 'POST',
  headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
  body: 'grant_type=account_credentials&account_id=AcC0unt_id-1',
};

describe('Zoom port, the adapter used in AWS (Zoom REST API, Server-to-Server OAuth)', () => {
  it('is the adapter chosen outside the local platform', () => {
    expect(zoom()).toBe(zoomApi);
  });

  it('verifies credentials: an account-credentials token, then GET /v2/users/me with it', async () => {
    answers.push(tokenAnswer(), json(200, { id: 'KDcuGIm1QgePTO8WbOqwIQ', email: 'owner@example.com', account_id: 'AcC0unt_id-1' }));
    expect(await zoomApi.connectedUser(credentials)).toEqual({ id: 'KDcuGIm1QgePTO8WbOqwIQ', email: 'owner@example.com' });
    expect(sent).toEqual([
      tokenRequest,
      { url: 'https://api.zoom.us/v2/users/me', method: 'GET', headers: { authorization: 'Bearer tok-123', accept: 'application/json' }, body: undefined },
    ]);
  });

  it('creates a scheduled meeting, or a webinar, for that user, at the UTC start without fractions', async () => {
    answers.push(tokenAnswer(), json(201, { id: 85746065432, password: 'aB3dE6', join_url: 'https://us02web.zoom.us/j/85746065432?pwd=abc', start_url: 'https://x' }));
    const request = { kind: 'meeting' as const, topic: 'Launch live', startAt: new Date('2026-06-15T19:00:00.250+09:00'), durationMinutes: 90 };
    expect(await zoomApi.createMeeting(credentials, request)).toEqual({ id: '85746065432', passcode: 'aB3dE6', joinUrl: 'https://us02web.zoom.us/j/85746065432?pwd=abc' });
    expect(sent).toEqual([
      tokenRequest,
      {
        url: 'https://api.zoom.us/v2/users/me/meetings',
        method: 'POST',
        headers: { authorization: 'Bearer tok-123', accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ topic: 'Launch live', type: 2, start_time: '2026-06-15T10:00:00Z', duration: 90, timezone: 'UTC' }),
      },
    ]);

    sent = [];
    answers.push(tokenAnswer(), json(201, { id: 91234567890, join_url: 'https://zoom.us/w/91234567890' }));
    expect(await zoomApi.createMeeting(credentials, { ...request, kind: 'webinar' })).toEqual({ id: '91234567890', joinUrl: 'https://zoom.us/w/91234567890' });
    expect(sent[1]).toMatchObject({ url: 'https://api.zoom.us/v2/users/me/webinars', body: expect.stringContaining('"type":5') });
  });

  it('names the step that failed: token (wrong credentials, Zoom unreachable), user, meeting; nothing after a refused token', async () => {
    const failure = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e as ZoomRequestError);

    answers.push(json(400, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' }));
    const refused = await failure(zoomApi.connectedUser(credentials));
    expect(refused).toBeInstanceOf(ZoomRequestError);
    expect(refused).toMatchObject({ step: 'token', status: 400 });
    expect(sent).toHaveLength(1);

    // No answer at all (the stub throws as fetch does when the network fails).
    expect(await failure(zoomApi.connectedUser(credentials))).toMatchObject({ step: 'token', status: undefined });

    answers.push(json(200, { token_type: 'bearer' }));
    expect(await failure(zoomApi.connectedUser(credentials))).toMatchObject({ step: 'token' });

    answers.push(tokenAnswer(), json(404, { code: 1001, message: 'User does not exist: me.' }));
    expect(await failure(zoomApi.connectedUser(credentials))).toMatchObject({ step: 'user', status: 404 });

    answers.push(tokenAnswer(), json(400, { code: 200, message: 'No permission.' }));
    const meeting = { kind: 'meeting' as const, topic: 't', startAt: new Date(), durationMinutes: 30 };
    expect(await failure(zoomApi.createMeeting(credentials, meeting))).toMatchObject({ step: 'meeting', status: 400 });
  });

  it("keeps Zoom's error body, so a refusal can be told from an outage and point at the credentials it names", async () => {
    const failure = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e as ZoomRequestError);

    answers.push(json(400, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' }));
    const client = (await failure(zoomApi.connectedUser(credentials)))!;
    expect(client.body).toEqual({ error: 'invalid_client', reason: 'Invalid client_id or client_secret' });
    expect(client.refused).toBe(true);
    expect(refusedCredentialFields(client)).toEqual(['clientId', 'clientSecret']);

    answers.push(json(400, { reason: 'Invalid account_id', error: 'invalid_request' }));
    expect(refusedCredentialFields((await failure(zoomApi.connectedUser(credentials)))!)).toEqual(['accountId']);

    // A refusal whose reason names no credential (a deactivated app): refused, no field.
    answers.push(json(401, { reason: 'The app has been disabled', error: 'invalid_client_app' }));
    const app = (await failure(zoomApi.connectedUser(credentials)))!;
    expect([app.refused, refusedCredentialFields(app)]).toEqual([true, []]);

    // The REST API's `{ code, message }` after the token.
    answers.push(tokenAnswer(), json(400, { code: 4711, message: 'Invalid access token, does not contain scopes:[user:read:user:admin]' }));
    const user = (await failure(zoomApi.connectedUser(credentials)))!;
    expect(user).toMatchObject({ step: 'user', status: 400, refused: true, body: { error: '4711' } });
    expect(refusedCredentialFields(user)).toEqual([]);

    // Not refusals: no answer, Zoom's outage or rate limit, an answer without a token, an HTML error page.
    expect((await failure(zoomApi.connectedUser(credentials)))!.refused).toBe(false);
    for (const status of [500, 503, 429, 408]) {
      answers.push(json(status, { reason: 'busy', error: 'server_error' }));
      const e = (await failure(zoomApi.connectedUser(credentials)))!;
      expect([status, e.refused, refusedCredentialFields(e)]).toEqual([status, false, []]);
    }
    answers.push(json(200, { token_type: 'bearer' }));
    expect((await failure(zoomApi.connectedUser(credentials)))!.refused).toBe(false);
    answers.push(new Response('<html>Bad gateway</html>', { status: 502 }));
    const html = (await failure(zoomApi.connectedUser(credentials)))!;
    expect([html.refused, html.body]).toEqual([false, {}]);
  });
});

describe('Zoom port, the local fake', () => {
  it('accepts a client secret starting with zoom-ok and answers a user made from the account', async () => {
    const user = await localZoom.connectedUser({ ...credentials, clientSecret: 'zoom-ok-anything' });
    expect(user).toEqual({ id: expect.stringMatching(/^local-[0-9a-f]{12}$/), email: 'zoom-owner@acc0unt_id-1.zoom.local' });
    expect(await localZoom.connectedUser({ ...credentials, clientSecret: 'zoom-ok-other' })).toEqual(user);
  });

  it('refuses other secrets and a bad-account account at the token step, a no-user account at the user step; unreachable answers nothing', async () => {
    const failure = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e as ZoomRequestError);
    const secret = (await failure(localZoom.connectedUser(credentials)))!;
    expect(secret).toMatchObject({ step: 'token', status: 400, refused: true });
    expect(refusedCredentialFields(secret)).toEqual(['clientId', 'clientSecret']);
    const account = (await failure(localZoom.connectedUser({ ...credentials, accountId: 'bad-account-1', clientSecret: 'zoom-ok' })))!;
    expect(refusedCredentialFields(account)).toEqual(['accountId']);
    await expect(localZoom.connectedUser({ ...credentials, accountId: 'no-user-1', clientSecret: 'zoom-ok' })).rejects.toMatchObject({ step: 'user', refused: true });
    await expect(localZoom.connectedUser({ ...credentials, accountId: 'unreachable-1', clientSecret: 'zoom-ok' })).rejects.toMatchObject({ step: 'token', status: undefined, refused: false });
    await expect(localZoom.createMeeting(credentials, { kind: 'meeting', topic: 't', startAt: new Date(), durationMinutes: 30 })).rejects.toMatchObject({ step: 'token' });
  });

  it('creates meetings with an 11-digit ID, a passcode and a Zoom join link', async () => {
    const meeting = await localZoom.createMeeting({ ...credentials, clientSecret: 'zoom-ok' }, { kind: 'meeting', topic: 't', startAt: new Date(), durationMinutes: 30 });
    expect(meeting).toEqual({ id: expect.stringMatching(/^[0-9]{11}$/), passcode: expect.stringMatching(/^[0-9]{6}$/), joinUrl: `https://zoom.us/j/${meeting.id}` });
  });
});
