import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, StepFailure } from '../../../scripts/smoke/http';
import { smokeOptions } from '../../../scripts/smoke/options';
import { checkHealth, readConfig } from '../../../scripts/smoke/steps';

/**
 * The smoke's answers to what only a deployed stage says (the integration test runs it against the local platform):
 * AWS has no /api/health, CloudFront's signed cookies sit on the parent domain, a stage can be half configured.
 */
let answer: { status: number; type: string; body: string } = { status: 200, type: 'application/json', body: '{}' };
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': answer.type });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (status: number, body: unknown) => (answer = { status, type: 'application/json', body: JSON.stringify(body) });
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => 'passed',
    (e: unknown) => (e instanceof StepFailure ? e.message : `not a StepFailure: ${String(e)}`),
  );

describe('health step', () => {
  it("passes API Gateway's 404 on AWS, saying the stage has no health route", async () => {
    json(404, { message: 'Not Found' });
    expect(await checkHealth(base)).toMatch(/^no \/api\/health on this stage \(404/);
  });

  it('fails a 503 naming the services that are down, and a page that is not the API', async () => {
    json(503, { status: 'error', services: { dynamodb: 'up', cognito: 'down', s3: 'down' } });
    expect(await failureOf(checkHealth(base))).toBe('GET /api/health answered 503: cognito, s3 down');
    answer = { status: 200, type: 'text/html', body: '<!doctype html><html></html>' };
    expect(await failureOf(checkHealth(base))).toBe('GET /api/health answered 200 (text/html, not JSON)');
  });

  it('fails an unreachable stage with the address, not a stack', async () => {
    // A port that was just free: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await failureOf(checkHealth(`http://127.0.0.1:${port}`))).toBe(`GET http://127.0.0.1:${port}/api/health: could not connect (ECONNREFUSED)`);
  });
});

describe('config step', () => {
  it('makes the addresses absolute and names missing fields', async () => {
    json(200, { region: 'ap-northeast-1', userPoolId: 'ap-northeast-1_abc', userPoolClientId: 'client', userPoolEndpoint: '/api/cognito', apiBase: '/api' });
    expect(await readConfig(base)).toEqual({
      region: 'ap-northeast-1',
      userPoolId: 'ap-northeast-1_abc',
      userPoolClientId: 'client',
      userPoolEndpoint: `${base}/api/cognito`,
      apiBase: `${base}/api`,
    });
    json(200, { region: 'ap-northeast-1', userPoolId: 'ap-northeast-1_abc', userPoolClientId: '' });
    expect(await failureOf(readConfig(base))).toBe('/config.json lacks userPoolClientId, userPoolEndpoint, apiBase');
  });
});

describe('playback cookie jar', () => {
  const setting = (...cookies: string[]) => {
    const headers = new Headers();
    for (const c of cookies) headers.append('set-cookie', c);
    return new Response(null, { headers });
  };

  it("sends CloudFront's parent-domain cookies to the media host, only under their path", () => {
    const jar = new CookieJar();
    const attrs = 'Path=/T/team/videos/v1/a1/; Secure; HttpOnly; SameSite=None; Domain=example.jp';
    jar.take('https://app.example.jp/api/video/preview', setting(`CloudFront-Policy=p; ${attrs}`, `CloudFront-Signature=s; ${attrs}`));
    expect(jar.headerFor('https://media.example.jp/T/team/videos/v1/a1/index.m3u8')).toBe('CloudFront-Policy=p; CloudFront-Signature=s');
    expect(jar.headerFor('https://media.example.jp/T/team/videos/v2/a1/index.m3u8')).toBe('');
    expect(jar.headerFor('https://media.other.jp/T/team/videos/v1/a1/index.m3u8')).toBe('');
  });

  it('keeps host-only cookies on their host and a cookie per path, longest path first', () => {
    const jar = new CookieJar();
    jar.take('http://localhost:3800/api/video/preview', setting('media_grant=a; Path=/media/T/x/', 'media_grant=b; Path=/media/T/x/sub.vtt'));
    expect(jar.size).toBe(2);
    expect(jar.headerFor('http://localhost:3800/media/T/x/index.m3u8')).toBe('media_grant=a');
    expect(jar.headerFor('http://localhost:3800/media/T/x/sub.vtt')).toBe('media_grant=b; media_grant=a');
    expect(jar.headerFor('http://127.0.0.1:3800/media/T/x/index.m3u8')).toBe('');
  });
});

describe('command line', () => {
  const env = { SMOKE_EMAIL: 'ops@example.jp', SMOKE_PASSWORD: 'pw', SMOKE_MAIL_TO: 'check@example.jp' };

  it('takes the origin of the URL and the environment', () => {
    expect(smokeOptions(['https://app.example.jp/admin'], { ...env, SMOKE_TRANSCODE_TIMEOUT: '60' })).toMatchObject({
      baseUrl: 'https://app.example.jp',
      email: 'ops@example.jp',
      mailTo: 'check@example.jp',
      clip: 'auto',
      transcodeTimeoutMs: 60_000,
      mailWaitMs: undefined,
      totpSecret: undefined,
    });
  });

  it('says what is wrong with the arguments', () => {
    expect(smokeOptions([], env)).toBe('Give the app URL.');
    expect(smokeOptions(['app.example.jp'], env)).toBe('Not a URL: app.example.jp');
    expect(smokeOptions(['https://app.example.jp'], { SMOKE_EMAIL: 'ops@example.jp' })).toBe('Set SMOKE_PASSWORD, SMOKE_MAIL_TO.');
    expect(smokeOptions(['https://app.example.jp'], { ...env, SMOKE_CLIP: 'camera' })).toBe('SMOKE_CLIP is auto, ffmpeg or generated, not camera.');
    expect(smokeOptions(['https://app.example.jp'], { ...env, SMOKE_MAIL_WAIT: 'soon' })).toBe('SMOKE_MAIL_WAIT is a number of seconds, not soon.');
  });
});
