import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { getMemberVideoCall, type MemberVideoAnswer } from '../../../shared/api/calls/member-videos';
import { previewVideoCall } from '../../../shared/api/calls/videos';
import type { CatalogVideoAnswer } from '../../../shared/api/calls/catalog';
import { getVideo, rewriteVideo } from '../../../lambdas/core/entities/video';
import { transact } from '../../../lambdas/platform/db';
import { createIdentity } from '../../../lambdas/platform/identity';
import { putTeamUserOps } from '../../../lambdas/core/entities/team-user';
import { seedDemoVideos } from '../../../local/seed-videos';
import { call, signIn, uniqueEmail } from '../support/api';
import { waitFor } from '../platform/waiting';
import { newOperator, type Caller } from '../content/people';

/**
 * SPEC §3 real-time premiere on /member_video/get: the answer names the premiere (`video.realtimePremiere`, from the
 * playable period's start) and carries the server's clock (`serverTime`), which the player reads the position on.
 */
const OPEN = '01DEMOVIDE0000000000000002';

async function newMember(teamId: string): Promise<Caller> {
  const email = uniqueEmail('premiere');
  const userId = await createIdentity(email, 'premiere-pass1', 'Premiere');
  await transact(putTeamUserOps({ teamId, userId, email, name: 'Premiere', role: 'member', categories: [], groupIds: [], disabled: false, createdAt: new Date().toISOString() }));
  const token = await signIn(email, 'premiere-pass1');
  return { teamId, userId, email, token, ctx: { operatedTeamId: teamId, operatedUserId: userId } };
}

const setPremiere = (teamId: string, startOffsetMs: number, realtimePremiere: boolean) =>
  rewriteVideo(teamId, OPEN, (v) => ({
    video: { ...v, playablePeriod: { start: new Date(Date.now() + startOffsetMs).toISOString(), realtimePremiere } },
  }));

async function watch(who: Caller, videoId: string) {
  const before = Date.now();
  const res = await call(getMemberVideoCall, { ...who.ctx, videoId }, who.token);
  return { res, answer: res.body as MemberVideoAnswer, before, after: Date.now() };
}

let team: Caller;
let member: Caller;
let stranger: Caller;
beforeAll(async () => {
  team = await newOperator('Premiere');
  await seedDemoVideos(team.teamId, team.userId);
  await waitFor('the demo clips to be encoded', async () => (await getVideo(team.teamId, OPEN))?.uploadState === 'ready', 150_000, 500);
  const other = await newOperator('Premiere Other');
  [member, stranger] = await Promise.all([newMember(team.teamId), newMember(other.teamId)]);
}, 200_000);

describe('/member_video/get for a real-time premiere', () => {
  it('answers before the start with the premiere, its start and the server time, and no grant', async () => {
    await setPremiere(team.teamId, 3_600_000, true);
    const { res, answer, before, after } = await watch(member, OPEN);
    expect(res.status).toBe(200);
    expect(answer.state).toBe('beforeRelease');
    expect(answer.playback).toBeUndefined();
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(answer.video.realtimePremiere).toBe(true);
    expect(Date.parse(answer.video.playableStart!)).toBeGreaterThan(after);
    const server = Date.parse(answer.serverTime);
    expect(server).toBeGreaterThanOrEqual(before - 1000);
    expect(server).toBeLessThanOrEqual(after + 1000);
  });

  it('answers a running premiere as playable, with the premiere and the server time', async () => {
    await setPremiere(team.teamId, -60_000, true);
    const { res, answer } = await watch(member, OPEN);
    expect(res.status).toBe(200);
    expect(answer.state).toBe('visible');
    expect(answer.playback?.playlistUrl).toBeTruthy();
    expect(answer.video.realtimePremiere).toBe(true);
    expect(Date.parse(answer.serverTime) - Date.parse(answer.video.playableStart!)).toBeGreaterThanOrEqual(59_000);
  });

  it('names no premiere when the flag is off, and still gives the server time', async () => {
    await setPremiere(team.teamId, -60_000, false);
    const { res, answer } = await watch(member, OPEN);
    expect(res.status).toBe(200);
    expect(answer.video).not.toHaveProperty('realtimePremiere');
    expect(typeof answer.serverTime).toBe('string');
  });

  it('refuses bad input (400 naming the field), no token (401) and reveals nothing to another team', async () => {
    await setPremiere(team.teamId, 3_600_000, true);
    const bad = await call(getMemberVideoCall, { ...member.ctx, videoId: '../x' }, member.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ videoId: 'validation/invalid_value' });
    expect((await call(getMemberVideoCall, { ...member.ctx, videoId: OPEN })).status).toBe(401);
    const foreign = await call(getMemberVideoCall, { ...stranger.ctx, videoId: OPEN }, stranger.token);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('realtimePremiere');
    const crossed = await call(getMemberVideoCall, { operatedTeamId: team.teamId, operatedUserId: stranger.userId, videoId: OPEN }, stranger.token);
    expect(crossed.status).toBe(403);
  });

  it("the operator's preview plays the video itself: no premiere, the server's time", async () => {
    await setPremiere(team.teamId, 3_600_000, true);
    const res = await call(previewVideoCall, { ...team.ctx, videoId: OPEN }, team.token);
    expect(res.status).toBe(200);
    const answer = res.body as CatalogVideoAnswer;
    expect(answer.state).toBe('visible');
    expect(answer.video.realtimePremiere).toBeUndefined();
    expect(Number.isNaN(Date.parse(answer.serverTime))).toBe(false);
  });
});
