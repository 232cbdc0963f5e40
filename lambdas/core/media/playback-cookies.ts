import type { VideoPlayback } from '../../../shared/api/calls/member-videos';
import { mediaSigning } from '../../platform/media-signing/index';

/**
 * Playback grants: short-lived signed cookies scoped to one video version's output prefix, issued only after
 * the server's access check (SPEC §4), through the media-signing port (lambdas/platform/media-signing: CloudFront
 * signed cookies in AWS, an HMAC grant that `local/media-gateway.ts` checks here). Each cookie's Path is its
 * resource, so grants for several videos live side by side and a browser sends each only where it applies.
 */
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
  const signing = mediaSigning();
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const resources = [{ key: outputPrefix(masterPlaylistKey), prefix: true }, ...subtitleKeys.map((key) => ({ key, prefix: false }))];
  const [playlistUrl, subtitleUrls, cookies] = await Promise.all([
    signing.urlOf(masterPlaylistKey),
    Promise.all(subtitleKeys.map((k) => signing.urlOf(k))),
    signing.grantCookies(resources, expires, ttlSeconds),
  ]);
  return { playlistUrl, subtitleUrls, expiresAt: new Date(expires * 1000).toISOString(), cookies };
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

/**
 * A signed URL for one media object a list shows (a thumbnail), for members and catalog visitors whose access
 * the caller checked. Valid to the end of the next full hour, so the URL stays the same for an hour and the
 * browser caches the image.
 */
export async function signMediaUrl(key: string, now: Date): Promise<string> {
  const expires = (Math.floor(now.getTime() / 3_600_000) + 2) * 3600;
  return mediaSigning().signUrl(key, expires);
}

/** Long enough to start reading a document; the page asks again for a later visit. */
export const SHORT_MEDIA_URL_SECONDS = 300;

/**
 * A signed URL for one media object that expires `ttlSeconds` from now (a PDF the caller may read now), for
 * objects whose address must not outlive the access decision by much: unlike `signMediaUrl`, not rounded to the
 * hour, so a copied address stops working within minutes.
 */
export async function signShortLivedMediaUrl(key: string, now: Date, ttlSeconds = SHORT_MEDIA_URL_SECONDS): Promise<{ url: string; expiresAt: string }> {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  return { url: await mediaSigning().signUrl(key, expires), expiresAt: new Date(expires * 1000).toISOString() };
}
