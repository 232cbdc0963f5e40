import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateDesignLandingCall } from '../../../shared/api/calls/site-design';
import { bulkDeleteVideosCall, deleteVideoCall, getVideoCall } from '../../../shared/api/calls/videos';
import { getDesign } from '../../../lambdas/core/entities/site-design';
import { call } from '../support/api';
import { type Caller, newOperator, ok } from './people';
import { readyVideo } from './ready-videos';

/** SPEC §8 "video in landing page": the video the LP shows as its intro video cannot be deleted. */
let team: Caller;
let beta: Caller;

beforeAll(async () => {
  [team, beta] = await Promise.all([newOperator('Landing Alpha'), newOperator('Landing Beta')]);
});

const setIntro = async (who: Caller, introVideoId: string | null) =>
  ok(who, updateDesignLandingCall, { version: (await getDesign(who.teamId)).version, overview: '', introVideoId });

const stillThere = async (who: Caller, videoId: string) => expect((await call(getVideoCall, { ...who.ctx, videoId }, who.token)).status).toBe(200);

describe('deleting the LP intro video (SPEC §8)', () => {
  it('is refused with 409 deletion/video_in_landing_page until the LP shows another video', async () => {
    const [intro, other] = await Promise.all([readyVideo(team, { title: 'Intro', status: 'public' }), readyVideo(team, { title: 'Other', status: 'public' })]);
    await setIntro(team, intro);

    const res = await call(deleteVideoCall, { ...team.ctx, videoId: intro }, team.token);
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('deletion/video_in_landing_page');
    await stillThere(team, intro);

    await setIntro(team, other);
    await ok(team, deleteVideoCall, { videoId: intro });
    expect((await call(getVideoCall, { ...team.ctx, videoId: intro }, team.token)).status).toBe(404);
    await setIntro(team, null);
    await ok(team, deleteVideoCall, { videoId: other });
  });

  it('skips the intro video in a bulk delete and deletes the rest', async () => {
    const [intro, plain] = await Promise.all([readyVideo(team, { title: 'Bulk intro', status: 'public' }), readyVideo(team, { title: 'Bulk plain', status: 'public' })]);
    await setIntro(team, intro);
    const result = await ok(team, bulkDeleteVideosCall, { videoIds: [intro, plain], typedCount: '2' });
    expect(result).toEqual({ deleted: 1, skipped: 1, inPlaylist: 0 });
    await stillThere(team, intro);
    expect((await call(getVideoCall, { ...team.ctx, videoId: plain }, team.token)).status).toBe(404);
  });

  it("does not hold a video because another team's LP names the same id", async () => {
    const own = await readyVideo(beta, { title: 'Beta video', status: 'public' });
    const intro = await readyVideo(team, { title: 'Alpha intro', status: 'public' });
    await setIntro(team, intro);
    await ok(beta, deleteVideoCall, { videoId: own });
    // Another team's LP video id is not found in beta's team (and is not deleted).
    const res = await call(deleteVideoCall, { ...beta.ctx, videoId: intro }, beta.token);
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('video/not_found');
    await stillThere(team, intro);
  });
});
