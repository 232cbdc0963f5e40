import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { createArticleCall, deleteArticleCall, updateArticleCall } from '../../../shared/api/calls/articles';
import type { ContentCard } from '../../../shared/api/calls/content-lists';
import { savedItemAddCall, savedItemListCall, savedItemRemoveCall, savedItemStatusCall, type SavedStatus } from '../../../shared/api/calls/saved-items';
import type { CallDef } from '../../../shared/api/define';
import type { Page } from '../../../shared/api/page';
import { rewriteVideo } from '../../../lambdas/core/entities/video';
import { call } from '../support/api';
import { newOperator, newPerson, type Caller } from '../content/people';
import { newMember, readyVideo } from '../content/ready-videos';

const GROUP = '01GROUPSAVED00000000000001';

let alpha: Caller;
let beta: Caller;
let member: Caller;
let grouped: Caller;
let admin: Caller;
let video: string;
let limited: string;
let privateVideo: string;
let article: string;
let betaVideo: string;
let betaArticle: string;

const publicVideo = (title: string, releasedAt = '2024-01-01T00:00:00Z') => ({ title, overview: '', status: 'public', releasedAt });
const articleForm = (title: string, status = 'public') => ({ title, status, fields: { html: `<p>${title}</p>` } });

const ok = async <T = Record<string, unknown>>(who: Caller, def: CallDef, input: Record<string, unknown>): Promise<T> => {
  const res = await call(def, { ...who.ctx, ...input }, who.token);
  expect(res.status, `${def.path} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as T;
};
const newArticle = async (who: Caller, title: string) => (await ok<{ id: string }>(who, createArticleCall, articleForm(title))).id;
const save = (who: Caller, list: string, type: string, id: string) => ok(who, savedItemAddCall, { list, type, id });
const listed = async (who: Caller, list: string, extra: Record<string, unknown> = {}) => ok<Page<ContentCard>>(who, savedItemListCall, { list, ...extra });
const ids = async (who: Caller, list: string) => (await listed(who, list)).items.map((c) => `${c.type}:${c.id}`);
const status = (who: Caller, type: string, id: string) => ok<SavedStatus>(who, savedItemStatusCall, { type, id });

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Saved Alpha'), newOperator('Saved Beta')]);
  [member, grouped, admin] = await Promise.all([newMember(alpha.teamId), newMember(alpha.teamId, [GROUP]), newPerson(alpha.teamId, 'admin', ['analyst'])]);
  video = await readyVideo(alpha, publicVideo('Saved lesson'));
  limited = await readyVideo(alpha, publicVideo('Group lesson'), [GROUP]);
  privateVideo = await readyVideo(alpha, { ...publicVideo('Private lesson'), status: 'private' });
  article = await newArticle(alpha, 'Saved reading');
  betaVideo = await readyVideo(beta, publicVideo('Beta lesson'));
  betaArticle = await newArticle(beta, 'Beta reading');
});

describe('/member_saved/* (bookmark and watch later)', () => {
  it('saves a video and an article on the bookmark list, newest saved first, across types, and answers the status', async () => {
    const who = await newMember(alpha.teamId);
    await save(who, 'bookmark', 'video', video);
    await save(who, 'bookmark', 'article', article);
    await save(who, 'watchLater', 'video', video);
    const page = await listed(who, 'bookmark');
    expect(page.items.map((c) => [c.type, c.id, c.title])).toEqual([
      ['article', article, 'Saved reading'],
      ['video', video, 'Saved lesson'],
    ]);
    expect(page.items[1]!.thumbnailUrl).toContain('thumbnail.jpg?grant=');
    expect(await ids(who, 'watchLater')).toEqual([`video:${video}`]);
    expect(await status(who, 'video', video)).toEqual({ bookmark: true, watchLater: true });
    expect(await status(who, 'article', article)).toEqual({ bookmark: true, watchLater: false });
    // Another member's lists are their own.
    expect(await ids(member, 'bookmark')).toEqual([]);
    expect(await status(member, 'video', video)).toEqual({ bookmark: false, watchLater: false });
  });

  it('keeps one row when saved twice (its first place), and removes idempotently', async () => {
    const who = await newMember(alpha.teamId);
    await save(who, 'bookmark', 'video', video);
    await save(who, 'bookmark', 'article', article);
    await save(who, 'bookmark', 'video', video);
    expect(await ids(who, 'bookmark')).toEqual([`article:${article}`, `video:${video}`]);
    await ok(who, savedItemRemoveCall, { list: 'bookmark', type: 'video', id: video });
    await ok(who, savedItemRemoveCall, { list: 'bookmark', type: 'video', id: video });
    await ok(who, savedItemRemoveCall, { list: 'watchLater', type: 'pdf', id: '01NOSUCHPDF000000000000000' });
    expect(await ids(who, 'bookmark')).toEqual([`article:${article}`]);
    expect(await status(who, 'video', video)).toEqual({ bookmark: false, watchLater: false });
  });

  it('pages with a cursor', async () => {
    const who = await newMember(alpha.teamId);
    await save(who, 'watchLater', 'video', video);
    await save(who, 'watchLater', 'article', article);
    const first = await listed(who, 'watchLater', { limit: 1 });
    expect(first.items.map((c) => c.id)).toEqual([article]);
    expect(first.nextCursor).toBeTruthy();
    const second = await listed(who, 'watchLater', { limit: 1, cursor: first.nextCursor });
    expect(second.items.map((c) => c.id)).toEqual([video]);
  });

  it('refuses an item the member may not open, and another team’s, as unknown (404), saving nothing', async () => {
    for (const [type, id, code] of [
      ['video', limited, 'video/not_found'],
      ['video', privateVideo, 'video/not_found'],
      ['video', betaVideo, 'video/not_found'],
      ['video', '01NOSUCHVIDEO0000000000000', 'video/not_found'],
      ['article', betaArticle, 'common/not_found'],
      ['pdf', article, 'pdf/not_found'],
    ] as const) {
      const res = await call(savedItemAddCall, { ...member.ctx, list: 'bookmark', type, id }, member.token);
      expect(res.status, `${type} ${id}`).toBe(404);
      expect(res.body.error?.code).toBe(code);
    }
    expect(await ids(member, 'bookmark')).toEqual([]);
    // The group's member may save its video.
    await save(grouped, 'bookmark', 'video', limited);
    expect(await ids(grouped, 'bookmark')).toEqual([`video:${limited}`]);
    // Another team's ids in status and remove reveal and change nothing.
    expect(await status(member, 'video', betaVideo)).toEqual({ bookmark: false, watchLater: false });
    await ok(member, savedItemRemoveCall, { list: 'bookmark', type: 'video', id: betaVideo });
  });

  it('leaves out items that became hidden to the member or were deleted', async () => {
    const who = await newMember(alpha.teamId);
    const hiddenLater = await readyVideo(alpha, publicVideo('Soon private'));
    const privateLater = await newArticle(alpha, 'Soon private reading');
    const deletedLater = await newArticle(alpha, 'Soon deleted reading');
    for (const [type, id] of [['video', video], ['video', hiddenLater], ['article', privateLater], ['article', deletedLater]] as const) await save(who, 'bookmark', type, id);
    await rewriteVideo(alpha.teamId, hiddenLater, (v) => ({ video: { ...v, status: 'private' } }));
    await ok(alpha, updateArticleCall, { id: privateLater, version: 1, ...articleForm('Soon private reading', 'private') });
    await ok(alpha, deleteArticleCall, { id: deletedLater });
    expect(await ids(who, 'bookmark')).toEqual([`video:${video}`]);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [CallDef, Record<string, unknown>, Record<string, string>][] = [
      [savedItemAddCall, { type: 'video', id: video }, { list: 'validation/invalid_value' }],
      [savedItemAddCall, { list: 'favourites', type: 'video', id: video }, { list: 'validation/invalid_value' }],
      [savedItemAddCall, { list: 'bookmark', type: 'news', id: video }, { type: 'validation/invalid_value' }],
      [savedItemAddCall, { list: 'bookmark', type: 'video', id: '../x' }, { id: 'validation/invalid_value' }],
      [savedItemAddCall, { list: 'bookmark', type: 'video' }, { id: 'validation/required' }],
      [savedItemRemoveCall, { list: 'bookmark', type: 'video', id: '' }, { id: 'validation/invalid_value' }],
      [savedItemListCall, { list: 'later' }, { list: 'validation/invalid_value' }],
      [savedItemListCall, { list: 'bookmark', limit: 0 }, { limit: 'validation/invalid_value' }],
      [savedItemStatusCall, { type: 'video' }, { id: 'validation/required' }],
    ];
    for (const [def, input, fields] of cases) {
      const res = await call(def, { ...member.ctx, ...input }, member.token);
      expect(res.status, `${def.path} ${JSON.stringify(input)}`).toBe(400);
      expect(res.body.error?.fields).toEqual(fields);
    }
  });

  it('answers 401 without a session and keeps each caller to their own team', async () => {
    for (const [def, input] of [
      [savedItemAddCall, { list: 'bookmark', type: 'video', id: video }],
      [savedItemRemoveCall, { list: 'bookmark', type: 'video', id: video }],
      [savedItemListCall, { list: 'bookmark' }],
      [savedItemStatusCall, { type: 'video', id: video }],
    ] as const) {
      expect((await call(def, { ...member.ctx, ...input })).status, def.path).toBe(401);
    }
    // A member of another team cannot act in this one.
    const stranger = await newMember(beta.teamId);
    const res = await call(savedItemAddCall, { ...stranger.ctx, operatedTeamId: alpha.teamId, list: 'bookmark', type: 'video', id: video }, stranger.token);
    expect([403, 404]).toContain(res.status);
    // An administrator of the team keeps lists too (every group's items; a private one is for the preview only).
    await save(admin, 'bookmark', 'video', limited);
    expect(await ids(admin, 'bookmark')).toEqual([`video:${limited}`]);
    expect((await call(savedItemAddCall, { ...admin.ctx, list: 'bookmark', type: 'video', id: privateVideo }, admin.token)).status).toBe(404);
  });
});
