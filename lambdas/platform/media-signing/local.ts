import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { MediaSigningAdapter } from './types';
import { recordAwsCall } from '../aws-calls';

/**
 * Local media grants: an HMAC-signed cookie (or `?grant=` parameter) that `local/media-gateway.ts` checks before
 * streaming `/media/<key>` from s3rver. Each cookie's Path is its resource, so grants live side by side.
 */
export const LOCAL_GRANT_COOKIE = 'media_grant';
/** The query parameter of a local signed media URL. */
export const LOCAL_GRANT_PARAM = 'grant';

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

/** CloudFront signing reads the private key from Secrets Manager in AWS: recorded as evidence for the grants (aws-calls.ts). */
function recordKeyRead(): void {
  const secret = process.env.MEDIA_PRIVATE_KEY_SECRET;
  if (secret) recordAwsCall('secretsmanager:GetSecretValue', secret);
}

export const localMediaSigning: MediaSigningAdapter = {
  urlOf: async (key) => `/media/${key}`,
  grantCookies: async (resources, expires, ttlSeconds) => {
    recordKeyRead();
    const secret = localMediaSecret();
    return resources.map(
      ({ key, prefix }) =>
        `${LOCAL_GRANT_COOKIE}=${signLocalGrant(secret, key, expires)}; Path=/media/${key}${prefix ? '/' : ''}; Max-Age=${ttlSeconds}; HttpOnly; SameSite=Strict`,
    );
  },
  signUrl: async (key, expires) => {
    recordKeyRead();
    return `/media/${key}?${LOCAL_GRANT_PARAM}=${signLocalGrant(localMediaSecret(), key, expires)}`;
  },
};
