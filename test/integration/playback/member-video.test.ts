import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { listMemberContentCall, type ContentListPage } from '../../../shared/api/calls/content-lists';
import { getMemberVideoCall, recordMemberVideoProgressCall, type MemberVideoAnswer } from '../../../shared/api/calls/member-videos';
import { getVideo, rewriteVideo } from '../../../lambdas/core/entities/video';
import { transact } from '../../../lambdas/platform/db';
import { putObject } from '../../../lambdas/platform/storage';
import { createIdentity } from '../../../lambdas/platform/identity';
import { putTeamUserOps } from '../../../lambdas/core/entities/team-user';
import { seedDemoVideos } from '../../../local/seed-videos';
import { call, signIn, uniqueEmail } from '../support/api';
import { waitFor } from '../platform/waiting';
import { newOperator, type Caller } from '../content/people';

/** The demo seed's fixed ids: video 1 (limited to GROUP_A below), 2 (every member), 3 (private). */
const LIMITED = '01DEMOVIDE0000000000000001';
const OPEN = '01DEMOVIDE0000000000000002';
const PRIVATE = '01DEMOVIDE0000000000000003';
const GROUP_A = '01GROUPA000000000000000001';
const GROUP_B = '01GROUPB000000000000000001';
const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nこんにちは\n';

async function newMember(teamId: string, groupIds: string[]): Promise<Caller> {
  const email = uniqueEmail('viewer');
  const userId = await createIdentity(email, 'viewer-pass1', 'Viewer');
  await transact(
    putTeamUserOps({ teamId, userId, email, name: 'Viewer', role: 'member', categories: [], groupIds, disabled: false, createdAt: new Date().toISOString() }),
  );
  const token = await signIn(email, 'viewer-pass1');
  return { teamId, userId, email, token, ctx: { operatedTeamId: teamId, operatedUserId: userId } };
}

const base = () => inject('baseUrl');
/** `name=value` pairs of the answer's Set-Cookie headers, as a browser would send them back. */
const cookieHeader = (headers: Headers) => headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const media = (url: string, cookie?: string) => fetch(`${base()}${url}`, cookie ? { headers: { cookie } } : {});

interface Grant {
  answer: MemberVideoAnswer;
  cookie: string;
  setCookies: string[];
}
async function watch(who: Caller, videoId: string): Promise<Grant> {
  const res = await call(getMemberVideoCall, { ...who.ctx, videoId }, who.token);
  expect(res.status).toBe(200);
  return { answer: res.body as MemberVideoAnswer, cookie: cookieHeader(res.headers), setCookies: res.headers.getSetCookie() };
}

/** The first variant playlist and its first segment, as hls.js would find them. */
async function segmentUrl(playlistUrl: string, cookie: string): Promise<string> {
  const folder = playlistUrl.replace(/[^/]+$/, '');
  const master = await (await media(playlistUrl, cookie)).text();
  const variant = master.split('\n').find((l) => l.trim() && !l.startsWith('#'))!.trim();
  const variantText = await (await media(folder + variant, cookie)).text();
  const segment = variantText.split('\n').find((l) => l.trim() && !l.startsWith('#'))!.trim();
  return folder + segment;
}

let team: Caller;
let inGroup: Caller;
let outside: Caller;
let noGroups: Caller;
let stranger: Caller;
let subtitleKey: string;
beforeAll(async () => {
  team = await newOperator('Playback');
  await seedDemoVideos(team.teamId, team.userId);
  await waitFor('the demo clips to be encoded', async () => {
    const videos = await Promise.all([LIMITED, OPEN, PRIVATE].map((id) => getVideo(team.teamId, id)));
    return videos.every((v) => v?.uploadState === 'ready');
  }, 150_000, 500);
  subtitleKey = `T/${team.teamId}/files/subtitle/01SUBTITLE0000000000000001.vtt`;
  await putObject({ bucket: 'media', key: subtitleKey, body: VTT, contentType: 'text/vtt' });
  await rewriteVideo(team.teamId, LIMITED, (v) => ({
    video: {
      ...v,
      isPublic: false,
      groupIds: [GROUP_A],
      chapters: [{ seconds: 0, title: 'Start' }, { seconds: 2, title: 'Middle' }],
      disableSeek: true,
      // The demo seed may chain its clips; this test's watch page has no next video.
      completionAction: 'none',
      subtitles: [{ language: 'ja', key: subtitleKey }],
    },
  }));
  const other = await newOperator('Playback Other');
  [inGroup, outside, noGroups, stranger] = await Promise.all([
    newMember(team.teamId, [GROUP_A, GROUP_B]),
    newMember(team.teamId, [GROUP_B]),
    newMember(team.teamId, []),
    newMember(other.teamId, [GROUP_A]),
  ]);
}, 200_000);

describe('/member_video/get and the protected media route', () => {
  it('gives a member of the video group its view, the resume point and a cookie that opens the playlist and segments', async () => {
    const { answer, cookie, setCookies } = await watch(inGroup, LIMITED);
    expect(answer).toMatchObject({
      state: 'visible',
      video: {
        videoId: LIMITED,
        title: 'はじめての動画 / Welcome',
        chapters: [{ seconds: 0, title: 'Start' }, { seconds: 2, title: 'Middle' }],
        subtitleLanguages: ['ja'],
        durationSeconds: 5,
        completionAction: 'none',
        disableSeek: true,
        forcedPlayback: false,
      },
      resume: { positionSeconds: 0, finished: false },
    });
    expect(answer.video).not.toHaveProperty('groupIds');
    const stored = await getVideo(team.teamId, LIMITED);
    expect(answer.playback?.playlistUrl).toBe(`/media/${stored!.playback!.masterPlaylistKey}`);
    expect(Date.parse(answer.playback!.expiresAt)).toBeGreaterThan(Date.now());
    const prefix = stored!.playback!.masterPlaylistKey.replace(/\/[^/]+$/, '');
    expect(answer.playback?.subtitles).toEqual([{ language: 'ja', url: `/media/${subtitleKey}` }]);
    expect(setCookies).toHaveLength(2);
    expect(setCookies[0]).toContain(`Path=/media/${prefix}/`);
    expect(setCookies[1]).toContain(`Path=/media/${subtitleKey}`);
    for (const c of setCookies) expect(c).toContain('HttpOnly');
    const subtitle = await media(`/media/${subtitleKey}`, cookie);
    expect(subtitle.status).toBe(200);
    expect(await subtitle.text()).toBe(VTT);

    const master = await media(answer.playback!.playlistUrl, cookie);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('#EXT-X-STREAM-INF');
    const segment = await media(await segmentUrl(answer.playback!.playlistUrl, cookie), cookie);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('refuses the playlist and a segment without the cookie, with a forged one and with another video grant', async () => {
    const mine = await watch(inGroup, LIMITED);
    const segment = await segmentUrl(mine.answer.playback!.playlistUrl, mine.cookie);
    expect((await media(mine.answer.playback!.playlistUrl)).status).toBe(403);
    expect((await media(segment)).status).toBe(403);
    expect((await media(`/media/${subtitleKey}`)).status).toBe(403);
    expect((await media(segment, 'media_grant=eyJwIjoiVCJ9.forged')).status).toBe(403);
    // Path traversal out of a granted prefix is refused too.
    const open = await watch(noGroups, OPEN);
    const escaped = open.answer.playback!.playlistUrl.replace(/index\.m3u8$/, `../../${LIMITED}/x/index.m3u8`);
    expect((await media(escaped, open.cookie)).status).toBe(403);
    expect((await media(mine.answer.playback!.playlistUrl, open.cookie)).status).toBe(403);
    expect((await media(segment, open.cookie)).status).toBe(403);
    expect((await media(`/media/${subtitleKey}`, open.cookie)).status).toBe(403);
    // Only GET and HEAD.
    expect((await fetch(`${base()}${mine.answer.playback!.playlistUrl}`, { method: 'POST', headers: { cookie: mine.cookie } })).status).toBe(405);
  });

  it('refuses a member outside the video groups (403) and reveals nothing; their grant for another video opens nothing here', async () => {
    const res = await call(getMemberVideoCall, { ...outside.ctx, videoId: LIMITED }, outside.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { code: 'common/no_operation_authority' } });
    expect(res.headers.getSetCookie()).toEqual([]);
    const theirs = await watch(outside, OPEN);
    expect(theirs.answer.state).toBe('visible');
    const mine = await watch(inGroup, LIMITED);
    const segment = await segmentUrl(mine.answer.playback!.playlistUrl, mine.cookie);
    expect((await media(segment, theirs.cookie)).status).toBe(403);
  });

  it('answers not found for another team video, a private video and an unknown id', async () => {
    for (const videoId of [LIMITED, OPEN]) {
      const res = await call(getMemberVideoCall, { ...stranger.ctx, videoId }, stranger.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'video/not_found' } });
    }
    const hidden = await call(getMemberVideoCall, { ...inGroup.ctx, videoId: PRIVATE }, inGroup.token);
    expect(hidden.status).toBe(404);
    const unknown = await call(getMemberVideoCall, { ...inGroup.ctx, videoId: '01UNKNOWN00000000000000000' }, inGroup.token);
    expect(unknown.status).toBe(404);
  });

  it('refuses bad input (400 naming the field), no token (401) and another team context (403)', async () => {
    const bad = await call(getMemberVideoCall, { ...inGroup.ctx, videoId: '../x' }, inGroup.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ videoId: 'validation/invalid_value' });
    expect((await call(getMemberVideoCall, { ...inGroup.ctx, videoId: LIMITED })).status).toBe(401);
    const crossed = await call(getMemberVideoCall, { operatedTeamId: team.teamId, operatedUserId: stranger.userId, videoId: LIMITED }, stranger.token);
    expect(crossed.status).toBe(403);
    expect(crossed.headers.getSetCookie()).toEqual([]);
  });
});

describe('/member_video/progress', () => {
  it('records start, progress and finish; get answers the resume point', async () => {
    const record = (event: string, positionSeconds: number) =>
      call(recordMemberVideoProgressCall, { ...noGroups.ctx, videoId: OPEN, event, positionSeconds }, noGroups.token);
    expect((await record('start', 0)).body).toEqual({ positionSeconds: 0, finished: false });
    expect((await record('progress', 3.7)).body).toEqual({ positionSeconds: 3, finished: false });
    expect((await watch(noGroups, OPEN)).answer.resume).toEqual({ positionSeconds: 3, finished: false });
    expect((await record('finish', 5)).body).toEqual({ positionSeconds: 0, finished: true });
    expect((await watch(noGroups, OPEN)).answer.resume).toEqual({ positionSeconds: 0, finished: true });
    // Another member's resume point is their own.
    expect((await watch(inGroup, OPEN)).answer.resume).toEqual({ positionSeconds: 0, finished: false });
  });

  it('refuses bad input, a member outside the groups and another team', async () => {
    const bad = await call(recordMemberVideoProgressCall, { ...inGroup.ctx, videoId: OPEN, event: 'pause', positionSeconds: -1 }, inGroup.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ event: 'validation/invalid_value', positionSeconds: 'validation/invalid_value' });
    const refused = await call(recordMemberVideoProgressCall, { ...outside.ctx, videoId: LIMITED, event: 'start', positionSeconds: 0 }, outside.token);
    expect(refused.status).toBe(403);
    const foreign = await call(recordMemberVideoProgressCall, { ...stranger.ctx, videoId: OPEN, event: 'start', positionSeconds: 0 }, stranger.token);
    expect(foreign.status).toBe(404);
    expect((await watch(outside, OPEN)).answer.resume).toEqual({ positionSeconds: 0, finished: false });
  });
});

describe('/member_content/list (newer)', () => {
  const newer = async (who: Caller) => {
    const res = await call(listMemberContentCall, { ...who.ctx, limit: 10 }, who.token);
    expect(res.status).toBe(200);
    return (res.body as ContentListPage).items.map((r) => r.id);
  };

  it('answers video cards with a signed thumbnail URL of the generated thumbnail', async () => {
    const res = await call(listMemberContentCall, { ...inGroup.ctx, limit: 10 }, inGroup.token);
    const card = (res.body as ContentListPage).items.find((c) => c.id === OPEN)!;
    const stored = await getVideo(team.teamId, OPEN);
    expect(card).toMatchObject({ type: 'video', id: OPEN, title: stored!.title, durationSeconds: 5, releasedAt: stored!.releasedAt, createdAt: stored!.createdAt });
    expect(card).not.toHaveProperty('groupIds');
    expect(card.thumbnailUrl).toMatch(new RegExp(`^/media/${stored!.playback!.thumbnailKey!}\\?grant=`));
    const image = await media(card.thumbnailUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('lists what each member may watch, newest release first, and nothing of another team', async () => {
    expect(await newer(inGroup)).toEqual([OPEN, LIMITED]);
    expect(await newer(outside)).toEqual([OPEN]);
    expect(await newer(stranger)).toEqual([]);
    const bad = await call(listMemberContentCall, { ...inGroup.ctx, limit: 500 }, inGroup.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ limit: 'validation/invalid_value' });
  });
});

describe('playable period', () => {
  it('answers before release with the view and no grant, and after release likewise', async () => {
    const setPeriod = (start?: string, end?: string) =>
      rewriteVideo(team.teamId, OPEN, (v) => ({ video: { ...v, playablePeriod: { ...(start ? { start } : {}), ...(end ? { end } : {}), realtimePremiere: false } } }));
    await setPeriod(new Date(Date.now() + 86_400_000).toISOString());
    const before = await watch(inGroup, OPEN);
    expect(before.answer.state).toBe('beforeRelease');
    expect(before.answer.playback).toBeUndefined();
    expect(before.setCookies).toEqual([]);
    await setPeriod(undefined, new Date(Date.now() - 1000).toISOString());
    const after = await watch(inGroup, OPEN);
    expect(after.answer.state).toBe('afterRelease');
    expect(after.setCookies).toEqual([]);
  });
});
