import type { LocalScheduler } from './scheduler';
import type { EventBridgeEvent, LocalFunctions } from './functions';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { handler as stripeWebhook, STRIPE_WEBHOOK_PATH } from '../lambdas/events/stripe-webhook';
import { platformConfig } from '../lambdas/platform/config';
import { callsByPath } from '../shared/api/registry';
import { webSecurityHeaders } from '../shared/security-headers';
import { domainHandlers } from './domain-handlers';
import { checkHealth } from './health';
import { lambdaContext, toApiGatewayEvent } from './lambda-event';
import { handleMedia } from './media-gateway';
import { isFederationPath, type FederationHandler } from './federation';
import { COGNITO_PROXY_PATH, forwardCognito } from '../lambdas/auth/cognito-proxy';

/** API Gateway's own payload limit; the handlers refuse above 1 MB themselves (413). */
const GATEWAY_MAX_BODY = 10 * 1024 * 1024;

export interface GatewayOptions {
  port: number;
  webDist: string;
  cognitoEndpoint: string;
  /** What the SPA reads at boot, as `config.json` is deployed next to it in AWS. */
  webConfig: Record<string, unknown>;
  log: (line: string) => void;
  /** The local scheduler, whose clock `POST /local/scheduler/advance { seconds }` moves (a test hook AWS has not). */
  scheduler?: LocalScheduler;
  /** Federated sign-in stand-ins (`local/federation/`): Cognito's managed login and the local OIDC and SAML providers. */
  federation?: FederationHandler;
  /**
   * Assembly mode: the synthesized HTTP API's routes and functions serve `/api/*` and the Cognito sign-in proxy,
   * instead of the handlers from source (local/assembly/).
   */
  functions?: LocalFunctions;
  /** The local event bus (`POST /local/events`): what a function hosted apart reports, e.g. a mail's delivery. */
  publish?: (event: EventBridgeEvent) => Promise<void>;
  /** `GET /local/table-stream/settled` answers once the table stream has delivered what was written before (a test hook AWS has not). */
  tableStreamSettled?: () => Promise<void>;
}

/** The local event bus's path: functions in assembly mode post their stand-ins' events here (LOCAL_EVENT_BUS_URL). */
export const LOCAL_EVENT_BUS_PATH = '/local/events';
/**
 * cognito-local behind the same translation of its sign-in errors as the source proxy uses (see translateCognitoLocal):
 * the upstream of the sign-in proxy function in assembly mode (COGNITO_PROXY_UPSTREAM).
 */
export const LOCAL_COGNITO_FRONT_PATH = '/local/cognito-idp';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The headers CloudFront's response headers policy adds in AWS, to the SPA and to /api/* alike (one definition:
 * shared/security-headers.ts). Locally media, uploads and Cognito are paths of this origin, so the CSP's 'self'.
 */
const securityHeaders = webSecurityHeaders();

/** Paths CloudFront's web distribution serves in AWS (the rest stand in for other hosts: Cognito, S3, media). */
const servedByWebDistribution = (path: string) => !/^\/(cognito\/?$|s3\/|media\/)/.test(path);

function readBody(req: IncomingMessage): Promise<Buffer | 'too_large'> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > GATEWAY_MAX_BODY) tooLarge = true;
      else chunks.push(c);
    });
    req.on('end', () => resolveBody(tooLarge ? 'too_large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseJsonOrUndefined(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, functions?: LocalFunctions) {
  if (url.pathname === '/api/health' && req.method === 'GET') {
    const health = await checkHealth();
    sendJson(res, health.status === 'ok' ? 200 : 503, health);
    return;
  }
  if (functions) return invokeRoute(req, res, url, functions, url.pathname);
  if (url.pathname === STRIPE_WEBHOOK_PATH && req.method === 'POST') return handleStripeWebhook(req, res, url);
  const call = callsByPath.get(url.pathname.replace(/^\/api/, ''));
  if (!call) {
    sendJson(res, 404, { error: { code: 'common/not_found' } });
    return;
  }
  const body = await readBody(req);
  if (body === 'too_large') {
    sendJson(res, 413, { error: { code: 'common/payload_too_large' } });
    return;
  }
  const event = toApiGatewayEvent(req, url, body);
  const result = await domainHandlers[call.domain](event, lambdaContext(`platform-${call.domain}`, event.requestContext.requestId));
  const headers: Record<string, string | number | boolean> = { ...(result.headers ?? {}) };
  // Set before writeHead: once written, headers can no longer change.
  if (result.cookies?.length) res.setHeader('set-cookie', result.cookies);
  res.writeHead(result.statusCode ?? 200, headers as Record<string, string>);
  res.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''));
}

/**
 * Assembly mode: API Gateway's dispatch, by the synthesized routes (`routePath` is the path API Gateway sees), to the
 * function's bundle. No route: API Gateway's own 404; a failed function: its 500 (assembly-functions.ts).
 */
async function invokeRoute(req: IncomingMessage, res: ServerResponse, url: URL, functions: LocalFunctions, routePath: string) {
  const route = functions.route(req.method ?? 'GET', routePath);
  if (!route) return sendJson(res, 404, { message: 'Not Found' });
  const body = await readBody(req);
  if (body === 'too_large') return sendJson(res, 413, { message: 'Request Entity Too Large' });
  const routed = new URL(url);
  routed.pathname = routePath;
  const result = await route.invoke(toApiGatewayEvent(req, routed, body));
  if (result.cookies?.length) res.setHeader('set-cookie', result.cookies);
  res.writeHead(result.statusCode ?? 200, (result.headers ?? {}) as Record<string, string>);
  res.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''));
}

/** `POST /local/events`: an event a hosted function's stand-in reports, delivered to what the rules name. */
async function handleLocalEvent(req: IncomingMessage, res: ServerResponse, publish: (event: EventBridgeEvent) => Promise<void>) {
  const body = await readBody(req);
  const event = body === 'too_large' ? undefined : (parseJsonOrUndefined(body) as EventBridgeEvent | undefined);
  if (!event?.source) return sendJson(res, 400, { error: { code: 'validation/invalid_value' } });
  await publish(event);
  sendJson(res, 200, {});
}

/** cognito-local for the sign-in proxy function (assembly mode), its InitiateAuth errors as Cognito's (see proxyCognito). */
async function cognitoLocalFront(req: IncomingMessage, res: ServerResponse, cognitoEndpoint: string) {
  const body = await readBody(req);
  if (body === 'too_large') return sendJson(res, 413, { message: 'Request too large' });
  const headers: Record<string, string> = {};
  for (const h of ['content-type', 'x-amz-target', 'x-amz-user-agent']) {
    const v = req.headers[h];
    if (typeof v === 'string') headers[h] = v;
  }
  const upstream = await fetch(new URL('/', cognitoEndpoint), { method: req.method ?? 'POST', headers, body: new Uint8Array(body) });
  const operation = (headers['x-amz-target'] ?? '').split('.').pop() ?? '';
  const answer = translateCognitoLocal(operation, upstream.status, new Uint8Array(await upstream.arrayBuffer()));
  res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1' });
  res.end(answer);
}

/** Stripe's webhook (the stand-in's signed events locally): the same Lambda handler as on AWS, raw body untouched. */
async function handleStripeWebhook(req: IncomingMessage, res: ServerResponse, url: URL) {
  const body = await readBody(req);
  if (body === 'too_large') return sendJson(res, 413, { error: { code: 'common/payload_too_large' } });
  const event = toApiGatewayEvent(req, url, body);
  const result = await stripeWebhook(event);
  res.writeHead(result.statusCode ?? 200, (result.headers ?? {}) as Record<string, string>);
  res.end(result.body ?? '');
}

/**
 * cognito-local behind the same origin, so the browser needs no second port: the same proxy as AWS's `POST /api/cognito`
 * (lambdas/auth/cognito-proxy.ts: only Amplify's operations, login throttling around sign-in attempts), served at
 * `/cognito` (the web's `userPoolEndpoint` here) and at the AWS path. Local only: cognito-local's InitiateAuth errors
 * are translated to what Cognito answers with PreventUserExistenceErrors off (the AWS app client's setting):
 * unknown user -> UserNotFoundException, wrong password -> NotAuthorizedException.
 */
async function proxyCognito(req: IncomingMessage, res: ServerResponse, cognitoEndpoint: string, log: (line: string) => void) {
  const body = await readBody(req);
  if (body === 'too_large') return sendJson(res, 413, { message: 'Request too large' });
  const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
  const answer = await forwardCognito(
    {
      method: req.method ?? 'GET',
      target: header('x-amz-target'),
      contentType: header('content-type'),
      amzUserAgent: header('x-amz-user-agent'),
      body,
      // The loopback peer: locally the gateway is the front end (on AWS API Gateway's sourceIp).
      sourceIp: (req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
    },
    {
      upstream: new URL('/', cognitoEndpoint).toString(),
      translate: translateCognitoLocal,
      onCountError: (e) => log(`login throttle: ${(e as Error).message}`),
    },
  );
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}

/** cognito-local's InitiateAuth errors as Cognito's (see proxyCognito). */
function translateCognitoLocal(operation: string, status: number, body: Uint8Array): Uint8Array {
  if (operation !== 'InitiateAuth' || status !== 400) return body;
  const err = parseJsonOrUndefined(Buffer.from(body)) as { __type?: string } | undefined;
  if (err?.__type === 'NotAuthorizedException') return Buffer.from(JSON.stringify({ __type: 'UserNotFoundException', message: 'User does not exist.' }));
  if (err?.__type === 'InvalidPasswordException') {
    return Buffer.from(JSON.stringify({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' }));
  }
  return body;
}

/**
 * s3rver behind the same origin at `/s3/…`: the browser PUTs presigned upload parts and files here (URLs are
 * signed against `<appOrigin>/s3`), so it needs neither CORS nor a second port. Streams both ways; the
 * ETag header passes through (the browser needs it to complete a multipart upload).
 */
function proxyS3(req: IncomingMessage, res: ServerResponse, url: URL, s3Endpoint: string) {
  const upstream = new URL(url.pathname.replace(/^\/s3/, '') + url.search, s3Endpoint);
  const headers: Record<string, string> = {};
  for (const h of ['content-type', 'content-length', 'content-md5', 'range', 'x-amz-content-sha256', 'x-amz-date', 'authorization']) {
    const v = req.headers[h];
    if (typeof v === 'string') headers[h] = v;
  }
  const proxied = httpRequest(upstream, { method: req.method, headers }, (up) => {
    const out: Record<string, string> = {};
    for (const h of ['content-type', 'content-length', 'etag', 'last-modified']) {
      const v = up.headers[h];
      if (typeof v === 'string') out[h] = v;
    }
    res.writeHead(up.statusCode ?? 502, { ...out, 'cache-control': 'no-store' });
    up.pipe(res);
  });
  proxied.on('error', () => {
    if (!res.headersSent) sendJson(res, 502, { error: { code: 'common/unknown' } });
    else res.end();
  });
  req.pipe(proxied);
}

const gzipCache = new Map<string, { mtime: number; data: Buffer }>();

function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, webDist: string) {
  const root = resolve(webDist);
  let path = normalize(join(root, decodeURIComponent(url.pathname)));
  if (!path.startsWith(root)) return sendJson(res, 404, { error: { code: 'common/not_found' } });
  const isFile = existsSync(path) && statSync(path).isFile();
  if (!isFile) {
    // Asset-looking paths that do not exist are real 404s; everything else is an SPA route.
    if (extname(url.pathname) && !url.pathname.endsWith('.html')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('Not found');
    }
    path = join(root, 'index.html');
    if (!existsSync(path)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('The web app is not built yet: run npm start again.');
    }
  }
  const type = contentTypes[extname(path)] ?? 'application/octet-stream';
  const immutable = path.includes(`${join(root, 'assets')}`);
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  const mtime = statSync(path).mtimeMs;
  const compressible = /text|javascript|json|svg/.test(type);
  if (compressible && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    let cached = gzipCache.get(path);
    if (!cached || cached.mtime !== mtime) {
      cached = { mtime, data: gzipSync(readFileSync(path)) };
      gzipCache.set(path, cached);
    }
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
    return res.end(req.method === 'HEAD' ? undefined : cached.data);
  }
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : readFileSync(path));
}

/** Moves the local scheduler's clock: `{ "seconds": 3600 }` runs what an hour from now would have run. */
async function advanceScheduler(req: IncomingMessage, res: ServerResponse, scheduler: LocalScheduler) {
  const body = await readBody(req);
  let seconds: unknown;
  try {
    seconds = body === 'too_large' ? undefined : (JSON.parse(body.toString('utf8')) as { seconds?: unknown }).seconds;
  } catch {
    seconds = undefined;
  }
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > 366 * 86400) {
    return sendJson(res, 400, { error: { code: 'validation/invalid_value', fields: { seconds: 'validation/invalid_value' } } });
  }
  sendJson(res, 200, await scheduler.advance(seconds));
}

/** The local HTTP gateway: API Gateway + CloudFront in one, on http://localhost:<port> (loopback only). */
export async function startGateway(opts: GatewayOptions): Promise<{ close(): Promise<void> }> {
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://localhost:${opts.port}`);
    // Set before any handler writes: writeHead merges them with its own headers.
    if (servedByWebDistribution(url.pathname)) for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    const work = (async () => {
      if (url.pathname === '/cognito' || url.pathname === '/cognito/' || url.pathname === COGNITO_PROXY_PATH) {
        // In assembly mode the web's `/cognito` endpoint is the sign-in proxy function's route, as `/api/cognito` on AWS.
        if (opts.functions) return invokeRoute(req, res, url, opts.functions, COGNITO_PROXY_PATH);
        return proxyCognito(req, res, opts.cognitoEndpoint, opts.log);
      }
      if (url.pathname === `${LOCAL_COGNITO_FRONT_PATH}/` || url.pathname === LOCAL_COGNITO_FRONT_PATH) return cognitoLocalFront(req, res, opts.cognitoEndpoint);
      if (url.pathname === LOCAL_EVENT_BUS_PATH && req.method === 'POST' && opts.publish) return handleLocalEvent(req, res, opts.publish);
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return handleApi(req, res, url, opts.functions);
      if (url.pathname.startsWith('/s3/') && platformConfig().endpoints.s3) return proxyS3(req, res, url, platformConfig().endpoints.s3!);
      if (url.pathname.startsWith('/media/')) return handleMedia(req, res, url);
      if (url.pathname === '/config.json') return sendJson(res, 200, opts.webConfig);
      if (opts.federation && isFederationPath(url.pathname)) return opts.federation(req, res, url);
      if (url.pathname === '/local/table-stream/settled' && req.method === 'GET' && opts.tableStreamSettled) {
        await opts.tableStreamSettled();
        return sendJson(res, 200, { settled: true });
      }
      if (url.pathname === '/local/scheduler/advance' && req.method === 'POST' && opts.scheduler) {
        return advanceScheduler(req, res, opts.scheduler);
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: { code: 'common/not_found' } });
      return serveStatic(req, res, url, opts.webDist);
    })();
    work.catch((e: unknown) => {
      opts.log(`gateway error on ${req.method} ${url.pathname}: ${(e as Error).stack ?? e}`);
      if (!res.headersSent) sendJson(res, 500, { error: { code: 'common/unknown' } });
      else res.end();
    });
  };
  const listen = (host: string) =>
    new Promise<Server>((resolveServer, reject) => {
      const server = createServer(handle);
      // Well above any client's idle pool timeout: under load a client could otherwise reuse a socket the gateway
      // is closing at that moment ("other side closed"). API Gateway itself keeps connections far longer.
      server.keepAliveTimeout = 65_000;
      server.once('error', reject);
      server.listen(opts.port, host, () => resolveServer(server));
    });
  // "localhost" resolves to 127.0.0.1 or ::1 depending on the client; answer on both.
  const servers = [await listen('127.0.0.1')];
  try {
    servers.push(await listen('::1'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRNOTAVAIL' && (e as NodeJS.ErrnoException).code !== 'EAFNOSUPPORT') {
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
      throw e;
    }
  }
  return {
    close: () =>
      Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((r) => {
              s.close(() => r());
              s.closeAllConnections();
            }),
        ),
      ).then(() => undefined),
  };
}
