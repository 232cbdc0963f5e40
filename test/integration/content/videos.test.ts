import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategoryCall, createTagCall } from '../../../shared/api/calls/categories';
import * as videosCalls from '../../../shared/api/calls/videos';
import type { Video, VideoRow } from '../../../shared/api/calls/videos';
import { listRows, type ListRowsQuery } from '../../../lambdas/core/entities/list-rows';
import { rewriteVideo } from '../../../lambdas/core/entities/video';
import { putGroupOps } from '../../../lambdas/core/entities/group';
import { transact } from '../../../lambdas/platform/db';
import { call } from '../support/api';
import { newOperator, newPerson, type Caller } from './people';

let alpha: Caller;
let beta: Caller;
beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Videos Alpha'), newOperator('Videos Beta')]);
});

async function create(who: Caller, input: Record<string, unknown>): Promise<string> {
  const res = await call(videosCalls.createVideoCall, { ...who.ctx, ...input }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { videoId: string }).videoId;
}
const get = async (who: Caller, videoId: string) => (await call(videosCalls.getVideoCall, { ...who.ctx, videoId }, who.token)).body as Video;
const list = async (who: Caller, input: Record<string, unknown>) => {
  const res = await call(videosCalls.listVideosCall, { ...who.ctx, ...input }, who.token);
  expect(res.status).toBe(200);
  return res.body as { items: VideoRow[]; nextCursor?: string };
};

describe('/video/create, /video/get, /video/update', () => {
  it('stores every operator field and answers it back', async () => {
    const team = await newOperator('Fields');
    const categoryId = ((await call(createCategoryCall, { ...team.ctx, name: 'Lessons' }, team.token)).body as { id: string }).id;
    const tagId = ((await call(createTagCall, { ...team.ctx, name: 'Beginner' }, team.token)).body as { id: string }).id;
    const groupId = '01GROUP0000000000000000000';
    await transact(putGroupOps({ teamId: team.teamId, groupId, name: 'Gold', memberCount: 0, createdAt: new Date().toISOString() }));
    const nextVideoId = await create(team, { title: 'Next' });
    const input = {
      title: 'はじめての動画講座',
      categoryId,
      tagIds: [tagId],
      overview: 'An overview.',
      chapters: [
        { seconds: 90, title: 'Second' },
        { seconds: 0, title: 'Intro' },
      ],
      metadata: [{ key: 'level', value: '1' }],
      status: 'publicationPeriod',
      publicationStart: '2030-01-01T00:00:00.000Z',
      publicationEnd: '2030-02-01T00:00:00.000Z',
      releasedAt: '2024-05-01T00:00:00.000Z',
      isListHidden: true,
      groupIds: [groupId],
      playableStart: '2030-01-01T10:00:00.000Z',
      realtimePremiere: true,
      forcedPlayback: true,
      disableSeek: true,
      endButton: { text: 'Buy', url: 'https://example.com/buy', newTab: false },
      completionAction: 'nextVideo',
      nextVideoId,
    };
    const videoId = await create(team, input);
    const video = await get(team, videoId);
    expect(video).toMatchObject({
      videoId,
      title: input.title,
      categoryId,
      tagIds: [tagId],
      chapters: [
        { seconds: 0, title: 'Intro' },
        { seconds: 90, title: 'Second' },
      ],
      metadata: input.metadata,
      status: 'publicationPeriod',
      publicationPeriod: { start: input.publicationStart, end: input.publicationEnd },
      releasedAt: input.releasedAt,
      isPublic: false,
      isListHidden: true,
      groupIds: [groupId],
      playablePeriod: { start: input.playableStart, realtimePremiere: true },
      forcedPlayback: true,
      disableSeek: true,
      endButton: input.endButton,
      completionAction: 'nextVideo',
      nextVideoId,
      uploadState: 'waiting',
      latestVersion: 1,
      version: 1,
    });

    const updated = await call(videosCalls.updateVideoCall, { ...team.ctx, videoId, version: 1, title: 'Renamed', status: 'public' }, team.token);
    expect(updated.body).toEqual({ version: 2 });
    const after = await get(team, videoId);
    expect(after).toMatchObject({ title: 'Renamed', status: 'public', tagIds: [], completionAction: 'none', version: 2 });
    expect(after.categoryId).toBeUndefined();
    expect(after.publicationPeriod).toBeUndefined();
    // A stale form (version 1) is refused rather than overwriting the newer save.
    const stale = await call(videosCalls.updateVideoCall, { ...team.ctx, videoId, version: 1, title: 'Stale' }, team.token);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ code: 'common/concurrent_update', fields: { version: 'validation/invalid_value' } });
  });

  it('answers 400 naming the field for SPEC §5 rules and unknown references', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ title: '' }, { title: 'validation/required' }],
      [{ title: 'x', isPublic: true, groupIds: ['01GROUP0000000000000000000'] }, { groupIds: 'validation/public_content_with_groups' }],
      [
        { title: 'x', status: 'publicationPeriod', publicationStart: '2030-02-01T00:00:00Z', publicationEnd: '2030-01-01T00:00:00Z' },
        { publicationEnd: 'validation/publication_period_order' },
      ],
      [{ title: 'x', status: 'publicationPeriod' }, { publicationStart: 'validation/required', publicationEnd: 'validation/required' }],
      [{ title: 'x', playableStart: '2030-02-01T00:00:00Z', playableEnd: '2030-01-01T00:00:00Z' }, { playableEnd: 'validation/play_period_order' }],
      [{ title: 'x', releasedAt: '2999-01-01T00:00:00Z' }, { releasedAt: 'validation/release_date_in_future' }],
      [{ title: 'x', releasedAt: '2024-02-30' }, { releasedAt: 'validation/invalid_date' }],
      [{ title: 'x', completionAction: 'nextVideo' }, { nextVideoId: 'validation/required' }],
      [{ title: 'x', overview: 'あ'.repeat(501) }, { overview: 'validation/description_too_long' }],
      [{ title: 'x', categoryId: '01NOSUCHCATEGORY0000000000' }, { categoryId: 'validation/invalid_value' }],
      [{ title: 'x', groupIds: ['01NOSUCHGROUP0000000000000'] }, { 'groupIds.0': 'validation/invalid_value' }],
      [{ title: 'x', endButton: { text: 'Go', url: 'javascript:alert(1)' } }, { 'endButton.url': 'validation/invalid_value' }],
    ];
    for (const [input, fields] of cases) {
      const res = await call(videosCalls.createVideoCall, { ...alpha.ctx, ...input }, alpha.token);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.error?.fields, JSON.stringify(input)).toEqual(fields);
    }
  });

  it('answers 403 to a member and to an administrator without contentsManager', async () => {
    const videoId = await create(alpha, { title: 'Guarded' });
    for (const who of [await newPerson(alpha.teamId, 'member'), await newPerson(alpha.teamId, 'admin', ['analyst', 'userManager'])]) {
      expect((await call(videosCalls.createVideoCall, { ...who.ctx, title: 'x' }, who.token)).status).toBe(403);
      expect((await call(videosCalls.getVideoCall, { ...who.ctx, videoId }, who.token)).status).toBe(403);
      expect((await call(videosCalls.updateVideoCall, { ...who.ctx, videoId, version: 1, title: 'x' }, who.token)).status).toBe(403);
      expect((await call(videosCalls.deleteVideoCall, { ...who.ctx, videoId }, who.token)).status).toBe(403);
      expect((await call(videosCalls.listVideosCall, who.ctx, who.token)).status).toBe(403);
      expect((await call(videosCalls.recreateVideoCall, { ...who.ctx, videoId }, who.token)).status).toBe(403);
    }
    expect((await get(alpha, videoId)).title).toBe('Guarded');
  });

  it("answers 404 for another team's video and changes nothing of it", async () => {
    const videoId = await create(beta, { title: 'Beta only' });
    for (const [def, input] of [
      [videosCalls.getVideoCall, { videoId }],
      [videosCalls.updateVideoCall, { videoId, version: 1, title: 'hijacked' }],
      [videosCalls.deleteVideoCall, { videoId }],
      [videosCalls.listVideoVersionsCall, { videoId }],
      [videosCalls.deleteVideoVersionCall, { videoId, number: 1 }],
      [videosCalls.recreateVideoCall, { videoId }],
    ] as const) {
      const res = await call(def, { ...alpha.ctx, ...input }, alpha.token);
      expect(res.status, def.path).toBe(404);
      expect(res.body.error?.code).toBe('video/not_found');
    }
    expect(await get(beta, videoId)).toMatchObject({ title: 'Beta only', version: 1 });
    // Nor can a video point at another team's video.
    const next = await call(videosCalls.createVideoCall, { ...alpha.ctx, title: 'x', completionAction: 'nextVideo', nextVideoId: videoId }, alpha.token);
    expect(next.body.error?.fields).toEqual({ nextVideoId: 'validation/invalid_value' });
  });
});

describe('/video/list', () => {
  let team: Caller;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    team = await newOperator('Lists');
    // Created in this order; released in another; titles in a third.
    ids.b = await create(team, { title: 'Banana lesson', releasedAt: '2024-03-01T00:00:00Z' });
    ids.c = await create(team, { title: 'チェリー 入門', releasedAt: '2024-01-01T00:00:00Z' });
    ids.a = await create(team, { title: 'Apple basics', releasedAt: '2024-02-01T00:00:00Z' });
    const c = await get(team, ids.c);
    await call(videosCalls.updateVideoCall, { ...team.ctx, videoId: ids.c, version: c.version, title: c.title, releasedAt: c.releasedAt }, team.token);
  });

  const order = async (input: Record<string, unknown>) => (await list(team, { limit: 100, ...input })).items.map((r) => r.videoId);

  it('sorts by newest, created, release date, update date and title, both ways', async () => {
    expect(await order({})).toEqual([ids.a, ids.c, ids.b]);
    expect(await order({ sort: 'created', direction: 'asc' })).toEqual([ids.b, ids.c, ids.a]);
    expect(await order({ sort: 'releaseDate', direction: 'desc' })).toEqual([ids.b, ids.a, ids.c]);
    expect(await order({ sort: 'releaseDate', direction: 'asc' })).toEqual([ids.c, ids.a, ids.b]);
    expect(await order({ sort: 'updateDate', direction: 'desc' })).toEqual([ids.c, ids.a, ids.b]);
    expect(await order({ sort: 'title', direction: 'asc' })).toEqual([ids.a, ids.b, ids.c]);
    expect(await order({ sort: 'title', direction: 'desc' })).toEqual([ids.c, ids.b, ids.a]);
  });

  it('pages with a cursor bound to the list and the team, and rows carry the status badges', async () => {
    const first = await list(team, { sort: 'title', direction: 'asc', limit: 2 });
    expect(first.items.map((r) => r.videoId)).toEqual([ids.a, ids.b]);
    expect(first.items[0]).toMatchObject({ title: 'Apple basics', status: 'private', uploadState: 'waiting', isPublic: false });
    const second = await list(team, { sort: 'title', direction: 'asc', limit: 2, cursor: first.nextCursor });
    expect(second.items.map((r) => r.videoId)).toEqual([ids.c]);
    // The same cursor for another list, or from another team, is refused.
    expect((await call(videosCalls.listVideosCall, { ...team.ctx, sort: 'created', cursor: first.nextCursor }, team.token)).status).toBe(400);
    const res = await call(videosCalls.listVideosCall, { ...alpha.ctx, sort: 'title', direction: 'asc', cursor: first.nextCursor }, alpha.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ cursor: 'validation/invalid_value' });
  });

  it('searches titles by prefix of the title or a later word, folding width and kana', async () => {
    expect(await order({ query: 'apple' })).toEqual([ids.a]);
    expect(await order({ query: 'LESSON' })).toEqual([ids.b]);
    expect(await order({ query: 'ちぇりー' })).toEqual([ids.c]);
    expect(await order({ query: '入門' })).toEqual([ids.c]);
    expect(await order({ query: 'ｂａｎａｎａ' })).toEqual([ids.b]);
    expect(await order({ query: 'zzz' })).toEqual([]);
    // Another team's titles never match.
    expect((await list(alpha, { query: 'apple' })).items).toEqual([]);
  });
});

describe('/video/delete and /video/bulk_delete', () => {
  it('deletes one video and, with the typed count, several; a wrong count deletes nothing', async () => {
    const team = await newOperator('Deletes');
    const [one, two, three] = [await create(team, { title: 'One' }), await create(team, { title: 'Two' }), await create(team, { title: 'Three' })];
    expect((await call(videosCalls.deleteVideoCall, { ...team.ctx, videoId: one }, team.token)).status).toBe(200);
    expect((await call(videosCalls.getVideoCall, { ...team.ctx, videoId: one }, team.token)).status).toBe(404);

    const wrong = await call(videosCalls.bulkDeleteVideosCall, { ...team.ctx, videoIds: [two, three], typedCount: '3' }, team.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.fields).toEqual({ typedCount: 'validation/typed_count_mismatch' });
    expect((await list(team, {})).items).toHaveLength(2);

    const foreign = await create(beta, { title: 'Not yours' });
    const done = await call(videosCalls.bulkDeleteVideosCall, { ...team.ctx, videoIds: [two, three, foreign], typedCount: '３' }, team.token);
    expect(done.body).toEqual({ deleted: 2, skipped: 1, inPlaylist: 0 });
    expect((await list(team, {})).items).toEqual([]);
    expect((await list(team, { sort: 'title' })).items).toEqual([]);
    expect(await get(beta, foreign)).toMatchObject({ title: 'Not yours' });
  });
});

describe('list rows of videos (listing core, member lists)', () => {
  it('lists only published, listed, playable videos, newest release first, per category and tag, inside their period', async () => {
    const team = await newOperator('Published');
    const categoryId = ((await call(createCategoryCall, { ...team.ctx, name: 'Cat' }, team.token)).body as { id: string }).id;
    const tagId = ((await call(createTagCall, { ...team.ctx, name: 'Tag' }, team.token)).body as { id: string }).id;
    const make = async (title: string, input: Record<string, unknown>) => {
      const videoId = await create(team, { title, categoryId, tagIds: [tagId], ...input });
      // Playable as if its encoding had finished.
      await rewriteVideo(team.teamId, videoId, (v) => ({ video: { ...v, currentVersion: 1, uploadState: 'ready' } }));
      return videoId;
    };
    const older = await make('Older', { status: 'public', releasedAt: '2024-01-01T00:00:00Z' });
    const newer = await make('Newer', { status: 'public', releasedAt: '2024-02-01T00:00:00Z' });
    await make('Private', { status: 'private' });
    await make('Hidden', { status: 'public', isListHidden: true });
    const period = await make('Period', {
      status: 'publicationPeriod',
      publicationStart: '2030-01-01T00:00:00Z',
      publicationEnd: '2030-02-01T00:00:00Z',
      releasedAt: '2024-03-01T00:00:00Z',
    });
    await create(team, { title: 'Not playable', status: 'public' });

    const list = (opts: Partial<ListRowsQuery>) =>
      listRows(team.teamId, { area: 'member', type: 'video', scope: 'all', audiences: ['all'], limit: 10, now: new Date(), ...opts });
    const ids = async (opts: Partial<ListRowsQuery>) => (await list(opts)).items.map((r) => r.id);
    expect(await ids({})).toEqual([newer, older]);
    expect(await ids({ type: 'all' })).toEqual([newer, older]);
    expect(await ids({ type: 'pdf' })).toEqual([]);
    expect(await ids({ scope: { kind: 'category', id: categoryId } })).toEqual([newer, older]);
    expect(await ids({ scope: { kind: 'tag', id: tagId } })).toEqual([newer, older]);
    expect(await ids({ now: new Date('2030-01-15T00:00:00Z') })).toEqual([period, newer, older]);
    const page = await list({ limit: 2 });
    expect(await ids({ limit: 2, cursor: page.nextCursor })).toEqual([older]);

    // Made private: off every member list at once.
    await rewriteVideo(team.teamId, newer, (v) => ({ video: { ...v, status: 'private' } }));
    expect(await ids({ scope: { kind: 'tag', id: tagId } })).toEqual([older]);
    expect(await ids({ scope: { kind: 'creator', id: 'NOBODY' } })).toEqual([]);
  });
});
