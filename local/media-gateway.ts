import type { IncomingMessage, ServerResponse } from 'node:http';
import { keyIsGranted, LOCAL_GRANT_COOKIE, LOCAL_GRANT_PARAM, localMediaSecret, verifyLocalGrant } from '../lambdas/platform/media-signing/local';
import { getObjectStream } from '../lambdas/platform/storage';

/**
 * `/media/<key>`: the local stand-in for the media CloudFront distribution. Streams a media-bucket object
 * only when a valid, unexpired grant cookie (issued by `/member_video/get`) covers the key's prefix, or the
 * URL carries a signed `grant` for exactly this key (a list's thumbnail); anything else is refused with 403,
 * so the URL alone gives nothing.
 */
export async function handleMedia(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405);
  let key: string;
  try {
    key = decodeURIComponent(url.pathname.replace(/^\/media\//, ''));
  } catch {
    return refuse(res, 400);
  }
  const now = Math.floor(Date.now() / 1000);
  const prefixes = grantCookies(req.headers.cookie).flatMap((v) => verifyLocalGrant(localMediaSecret(), v, now) ?? []);
  const signedUrl = url.searchParams.get(LOCAL_GRANT_PARAM);
  const urlGrant = signedUrl ? verifyLocalGrant(localMediaSecret(), signedUrl, now) : undefined;
  const byUrl = urlGrant !== undefined && urlGrant === key && keyIsGranted(key, [urlGrant]);
  if (!byUrl && !keyIsGranted(key, prefixes)) return refuse(res, 403);
  const object = await getObjectStream('media', key);
  if (!object) return refuse(res, 404);
  res.writeHead(200, {
    'content-type': object.contentType ?? 'application/octet-stream',
    ...(object.size !== undefined ? { 'content-length': object.size } : {}),
    // A signed URL is stable for an hour (see signMediaUrl), so the image may be cached that long.
    'cache-control': byUrl ? 'private, max-age=3600' : 'private, no-store',
  });
  if (req.method === 'HEAD') {
    object.body.destroy();
    res.end();
    return;
  }
  object.body.on('error', () => res.destroy());
  object.body.pipe(res);
}

function refuse(res: ServerResponse, status: number) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(status === 404 ? 'Not found' : 'Forbidden');
}

/** Every value of the grant cookie (one per granted prefix, each with its own Path). */
export function grantCookies(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${LOCAL_GRANT_COOKIE}=`))
    .map((part) => part.slice(LOCAL_GRANT_COOKIE.length + 1));
}
