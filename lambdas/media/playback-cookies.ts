import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { getSignedCookies, getSignedUrl } from '@aws-sdk/cloudfront-signer';
import type { VideoPlayback } from '../../shared/api/calls/member-videos';
import { platformConfig } from '../platform/config';

/**
 * Playback grants: short-lived signed cookies scoped to one video version's output prefix, issued only after
 * the server's access check (SPEC §4). In AWS they are CloudFront signed cookies (custom policy on
 * `https://<MEDIA_DOMAIN>/<prefix>/*`); locally an HMAC-signed cookie that `local/media-gateway.ts` checks
 * before streaming `/media/<key>` from s3rver. Each cookie's Path is the prefix, so grants for several
 * videos live side by side and a browser sends each only where it applies.
 */
export const LOCAL_GRANT_COOKIE = 'media_grant';
/** Long enough to watch a video through with pauses; the watch page asks again when it reloads. */
export const PLAYBACK_GRANT_SECONDS = 3 * 3600;

export interface PlaybackGrant {
  playlistUrl: string;
  /** In the order of the subtitle keys given. */
  subtitleUrls: string[];
  expiresAt: string;
  /** Set-Cookie values for the Lambda result's `cookies`. */
  cookies: string[];
}

/** The output prefix (the master playlist's folder): every rendition, segment and thumbnail lies under it. */
export const outputPrefix = (masterPlaylistKey: string): string => masterPlaylistKey.replace(/\/[^/]+$/, '');

/**
 * Grants the video's output prefix and each subtitle file (exact keys: subtitles live with the team's
 * small files, not under the prefix). Answers the playlist URL and one URL per subtitle key.
 */
export async function grantPlayback(
  masterPlaylistKey: string,
  subtitleKeys: readonly string[],
  now: Date,
  ttlSeconds = PLAYBACK_GRANT_SECONDS,
): Promise<PlaybackGrant> {
  const prefix = outputPrefix(masterPlaylistKey);
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const expiresAt = new Date(expires * 1000).toISOString();
  if (platformConfig().mode === 'local') {
    const secret = localMediaSecret();
    const cookie = (granted: string, path: string) =>
      `${LOCAL_GRANT_COOKIE}=${signLocalGrant(secret, granted, expires)}; Path=${path}; Max-Age=${ttlSeconds}; HttpOnly; SameSite=Strict`;
    return {
      playlistUrl: `/media/${masterPlaylistKey}`,
      subtitleUrls: subtitleKeys.map((k) => `/media/${k}`),
      expiresAt,
      cookies: [cookie(prefix, `/media/${prefix}/`), ...subtitleKeys.map((k) => cookie(k, `/media/${k}`))],
    };
  }
  // These three are set on the api functions by lib/platform.ts; read here because only this adapter needs them.
  const domain = requiredEnv('MEDIA_DOMAIN');
  const signer = {
    domain,
    keyPairId: requiredEnv('MEDIA_KEY_PAIR_ID'),
    privateKey: await mediaPrivateKey(requiredEnv('MEDIA_PRIVATE_KEY_SECRET')),
    expires,
    cookieDomain: sharedParentDomain(new URL(platformConfig().appOrigin).hostname, domain),
  };
  return {
    playlistUrl: `https://${domain}/${masterPlaylistKey}`,
    subtitleUrls: subtitleKeys.map((k) => `https://${domain}/${k}`),
    expiresAt,
    cookies: [
      ...cloudFrontCookies({ ...signer, resource: `${prefix}/*`, path: `/${prefix}/` }),
      ...subtitleKeys.flatMap((k) => cloudFrontCookies({ ...signer, resource: k, path: `/${k}` })),
    ],
  };
}

/** The grant of a playable video (member or catalog watch page): its answer's `playback` and the cookies to set. */
export async function grantVideoPlayback(
  video: { playback: { masterPlaylistKey: string }; subtitles: readonly { language: string; key: string }[] },
  now: Date,
): Promise<{ playback: VideoPlayback; cookies: string[] }> {
  const grant = await grantPlayback(
    video.playback.masterPlaylistKey,
    video.subtitles.map((sub) => sub.key),
    now,
  );
  const subtitles = video.subtitles.map((sub, i) => ({ language: sub.language, url: grant.subtitleUrls[i] }));
  return { playback: { playlistUrl: grant.playlistUrl, subtitles, expiresAt: grant.expiresAt }, cookies: grant.cookies };
}

/** The query parameter of a local signed media URL (see `signMediaUrl`). */
export const LOCAL_GRANT_PARAM = 'grant';

/**
 * A signed URL for one media object a list shows (a thumbnail), for members and catalog visitors whose access
 * the caller checked. Valid to the end of the next full hour, so the URL stays the same for an hour and the
 * browser caches the image. AWS: a CloudFront signed URL (canned policy); locally `/media/<key>?grant=<HMAC>`.
 */
export async function signMediaUrl(key: string, now: Date): Promise<string> {
  const expires = (Math.floor(now.getTime() / 3_600_000) + 2) * 3600;
  if (platformConfig().mode === 'local') {
    return `/media/${key}?${LOCAL_GRANT_PARAM}=${signLocalGrant(localMediaSecret(), key, expires)}`;
  }
  const domain = requiredEnv('MEDIA_DOMAIN');
  return getSignedUrl({
    url: `https://${domain}/${key}`,
    keyPairId: requiredEnv('MEDIA_KEY_PAIR_ID'),
    privateKey: await mediaPrivateKey(requiredEnv('MEDIA_PRIVATE_KEY_SECRET')),
    dateLessThan: new Date(expires * 1000).toISOString(),
  });
}

/**
 * CloudFront signed cookies (custom policy: `resource` on the media domain, until `expires`), as Set-Cookie
 * values for `path`: each grant has its own path, so several live side by side.
 */
export function cloudFrontCookies(opts: {
  domain: string;
  /** A key, or a prefix followed by `/*`. */
  resource: string;
  path: string;
  keyPairId: string;
  privateKey: string;
  expires: number;
  /** The parent domain shared by the app and the media distribution (see ARCHITECTURE "Known limits"). */
  cookieDomain?: string;
}): string[] {
  const policy = JSON.stringify({
    Statement: [{ Resource: `https://${opts.domain}/${opts.resource}`, Condition: { DateLessThan: { 'AWS:EpochTime': opts.expires } } }],
  });
  const signed = getSignedCookies({ policy, keyPairId: opts.keyPairId, privateKey: opts.privateKey });
  const attributes = [`Path=${opts.path}`, `Expires=${new Date(opts.expires * 1000).toUTCString()}`, 'Secure', 'HttpOnly', 'SameSite=None'];
  if (opts.cookieDomain) attributes.push(`Domain=${opts.cookieDomain}`);
  return Object.entries(signed)
    .filter(([, v]) => v !== undefined)
    .map(([name, value]) => [`${name}=${String(value)}`, ...attributes].join('; '));
}

/**
 * The parent domain the app and the media host share (`app.example.jp`, `media.example.jp` -> `example.jp`),
 * where the API's cookies must be set for the browser to send them to the media host; undefined when they
 * share none (then the cookies stay host-only).
 */
export function sharedParentDomain(appHost: string, mediaHost: string): string | undefined {
  const a = appHost.toLowerCase().split('.').reverse();
  const b = mediaHost.toLowerCase().split('.').reverse();
  const common: string[] = [];
  for (let i = 0; i < Math.min(a.length, b.length) && a[i] === b[i]; i++) common.push(a[i]);
  return common.length >= 2 ? common.reverse().join('.') : undefined;
}

const requiredEnv = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`Missing environment variable ${name}`);
  return v;
};

let privateKeyCache: Promise<string> | undefined;
/** The private key PEM from Secrets Manager, read once per container. */
function mediaPrivateKey(secretId: string): Promise<string> {
  privateKeyCache ??= new SecretsManagerClient({ region: platformConfig().region })
    .send(new GetSecretValueCommand({ SecretId: secretId }))
    .then((out) => {
      if (!out.SecretString) throw new Error('The media cookie private key secret is empty');
      return out.SecretString;
    })
    .catch((e: unknown) => {
      privateKeyCache = undefined;
      throw e;
    });
  return privateKeyCache;
}

/**
 * The local signing secret: MEDIA_COOKIE_SECRET, or one generated on first use and kept in the process
 * environment, which the gateway and the handlers share locally (a restart only means a new grant).
 */
export function localMediaSecret(): string {
  process.env.MEDIA_COOKIE_SECRET ??= randomBytes(32).toString('base64url');
  return process.env.MEDIA_COOKIE_SECRET;
}

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/** `<base64url({p: prefix, e: expires epoch})>.<HMAC-SHA256>` */
export function signLocalGrant(secret: string, prefix: string, expires: number): string {
  const payload = Buffer.from(JSON.stringify({ p: prefix, e: expires }), 'utf8').toString('base64url');
  return `${payload}.${hmac(secret, payload)}`;
}

/** The prefix a cookie value grants at `nowSeconds`, or undefined when forged, malformed or expired. */
export function verifyLocalGrant(secret: string, value: string, nowSeconds: number): string | undefined {
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(hmac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { p?: unknown; e?: unknown };
    if (typeof grant.p !== 'string' || !grant.p || typeof grant.e !== 'number' || grant.e <= nowSeconds) return undefined;
    return grant.p;
  } catch {
    return undefined;
  }
}

/** True when `key` is a granted key or lies under a granted prefix (whole path segments, no `..`). */
export function keyIsGranted(key: string, grants: readonly string[]): boolean {
  if (key.split('/').some((part) => part === '' || part === '.' || part === '..')) return false;
  return grants.some((g) => key === g || key.startsWith(`${g}/`));
}
