import { expect, inject } from 'vitest';
import { createVideoCall } from '../../../shared/api/calls/videos';
import { rewriteVideo } from '../../../lambdas/core/entities/video';
import { transact } from '../../../lambdas/platform/db';
import { createIdentity } from '../../../lambdas/platform/identity';
import { putObject } from '../../../lambdas/platform/storage';
import { putTeamUserOps } from '../../../lambdas/core/entities/team-user';
import { call, signIn, uniqueEmail } from '../support/api';
import type { Caller } from './people';

/** A 1x1 JPEG: enough for the media route to stream a thumbnail. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

/**
 * A video created by the operator's form call, then made playable as if its encoding had finished (playlist
 * and generated thumbnail keys under its output prefix; the thumbnail object exists), without the transcoder.
 * `groupIds` are written straight to the record: the form refuses groups on a public video, and the tests
 * need group-limited videos in teams with no group items.
 */
export async function readyVideo(who: Caller, form: Record<string, unknown>, groupIds: string[] = []): Promise<string> {
  const res = await call(createVideoCall, { ...who.ctx, ...form }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { videoId } = res.body as { videoId: string };
  const prefix = `T/${who.teamId}/videos/${videoId}/01ATTEMPT0000000000000001`;
  await putObject({ bucket: 'media', key: `${prefix}/thumbnail.jpg`, body: JPEG, contentType: 'image/jpeg' });
  await rewriteVideo(who.teamId, videoId, (v) => ({
    video: {
      ...v,
      groupIds,
      currentVersion: 1,
      uploadState: 'ready',
      durationSeconds: 5,
      playback: { masterPlaylistKey: `${prefix}/index.m3u8`, thumbnailKey: `${prefix}/thumbnail.jpg` },
    },
  }));
  return videoId;
}

/** A member of the team in the given groups, signed in. */
export async function newMember(teamId: string, groupIds: string[] = []): Promise<Caller> {
  const email = uniqueEmail('lists');
  const userId = await createIdentity(email, 'lists-pass1', 'Lister');
  await transact(
    putTeamUserOps({ teamId, userId, email, name: 'Lister', role: 'member', categories: [], groupIds, disabled: false, createdAt: new Date().toISOString() }),
  );
  const token = await signIn(email, 'lists-pass1');
  return { teamId, userId, email, token, ctx: { operatedTeamId: teamId, operatedUserId: userId } };
}

/** GET through the local gateway (the media route), optionally with a cookie header. */
export const fetchPath = (path: string, cookie?: string) => fetch(`${inject('baseUrl')}${path}`, cookie ? { headers: { cookie } } : {});

/** The same signed URL with the grant moved to another key, and with a tampered grant. */
export function forgedUrls(thumbnailUrl: string, otherKey: string): { otherKey: string; tampered: string } {
  const [path, query] = thumbnailUrl.split('?');
  const grant = new URLSearchParams(query).get('grant')!;
  const [payload, signature] = grant.split('.');
  const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
  return { otherKey: `/media/${otherKey}?grant=${grant}`, tampered: `${path}?grant=${payload}.${flipped}` };
}
