import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { createArticleCall, deleteArticleCall, previewArticleCall, updateArticleCall } from '../../../shared/api/calls/articles';
import { getCatalogVideoCall } from '../../../shared/api/calls/catalog';
import { getCatalogContentCall, getMemberContentCall } from '../../../shared/api/calls/content-items';
import { recordMemberVideoProgressCall } from '../../../shared/api/calls/member-videos';
import { previewVideoCall } from '../../../shared/api/calls/videos';
import { listViewLogCall, type ViewLogCard } from '../../../shared/api/calls/view-log';
import { groupCreateCall } from '../../../shared/api/calls/groups';
import type { Page } from '../../../shared/api/page';
import { getSiteSettings, putSiteSettings } from '../../../lambdas/core/entities/site-settings';
import { type Caller, newOperator, ok } from '../content/people';
import { newMember, readyVideo } from '../content/ready-videos';
import { call } from '../support/api';

/**
 * SPEC §2 /user/:teamId/view_log: the member's viewing history across types, most recent first, one row per item
 * (a video counts on its play start, a content item when its member page answers visible); nothing the member can
 * no longer see, nothing of anyone else.
 */
let alpha: Caller;
let beta: Caller;

const viewLog = (who: Caller, input: Record<string, unknown> = {}) => ok<Page<ViewLogCard>>(who, listViewLogCall, input);
const entries = async (who: Caller) => (await viewLog(who)).items.map((c) => `${c.type}:${c.id}`);

const publicVideo = (who: Caller, title: string, extra: Record<string, unknown> = {}) => readyVideo(who, { title, overview: '', status: 'public', ...extra });
const articleForm = (title: string, extra: Record<string, unknown> = {}) => ({ title, status: 'public', fields: { html: `<p>${title}</p>` }, ...extra });
const createArticle = async (who: Caller, title: string, extra: Record<string, unknown> = {}) =>
  (await ok<{ id: string; version: number }>(who, createArticleCall, articleForm(title, extra))).id;

const startVideo = (who: Caller, videoId: string) => ok(who, recordMemberVideoProgressCall, { videoId, event: 'start', positionSeconds: 0 });
const openItem = (who: Caller, type: string, id: string) => ok<{ state: string }>(who, getMemberContentCall, { type, id });

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('View Log Alpha'), newOperator('View Log Beta')]);
});

describe('/member_view_log/list', () => {
  it('lists a started video and an opened article, most recent first, with cards and view times', async () => {
    const member = await newMember(alpha.teamId);
    expect(await viewLog(member)).toEqual({ items: [] });
    const videoId = await publicVideo(alpha, 'Logged lesson');
    const articleId = await createArticle(alpha, 'Logged article');

    await startVideo(member, videoId);
    // Progress and finish events are not views.
    await ok(member, recordMemberVideoProgressCall, { videoId, event: 'progress', positionSeconds: 2 });
    expect((await openItem(member, 'article', articleId)).state).toBe('visible');

    const page = await viewLog(member);
    expect(page.items.map((c) => `${c.type}:${c.id}`)).toEqual([`article:${articleId}`, `video:${videoId}`]);
    expect(page.items[0]).toMatchObject({ type: 'article', id: articleId, title: 'Logged article', viewedAt: expect.any(String) });
    expect(page.items[1]).toMatchObject({ type: 'video', id: videoId, title: 'Logged lesson', durationSeconds: 5, thumbnailUrl: expect.any(String) });
    expect(page.items[0].viewedAt > page.items[1].viewedAt).toBe(true);
    expect(page.nextCursor).toBeUndefined();
  });

  it('moves an item viewed again to the top without a second row', async () => {
    const member = await newMember(alpha.teamId);
    const videoId = await publicVideo(alpha, 'Viewed twice');
    const articleId = await createArticle(alpha, 'Read once');
    await startVideo(member, videoId);
    await openItem(member, 'article', articleId);
    expect(await entries(member)).toEqual([`article:${articleId}`, `video:${videoId}`]);
    await startVideo(member, videoId);
    expect(await entries(member)).toEqual([`video:${videoId}`, `article:${articleId}`]);
    await openItem(member, 'article', articleId);
    await openItem(member, 'article', articleId);
    expect(await entries(member)).toEqual([`article:${articleId}`, `video:${videoId}`]);
  });

  it('pages most recent first with a cursor, and refuses a cursor of another member', async () => {
    const member = await newMember(alpha.teamId);
    const other = await newMember(alpha.teamId);
    const ids = [await createArticle(alpha, 'Page one'), await createArticle(alpha, 'Page two'), await createArticle(alpha, 'Page three')];
    for (const id of ids) await openItem(member, 'article', id);
    const first = await viewLog(member, { limit: 2 });
    expect(first.items.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await viewLog(member, { limit: 2, cursor: first.nextCursor });
    expect(second.items.map((c) => c.id)).toEqual([ids[0]]);

    const forged = await call(listViewLogCall, { ...other.ctx, cursor: first.nextCursor }, other.token);
    expect(forged.status).toBe(400);
    expect(forged.body.error?.fields).toEqual({ cursor: 'validation/invalid_value' });
    expect(await viewLog(other)).toEqual({ items: [] });
  });

  it("shows nothing of another member's history", async () => {
    const member = await newMember(alpha.teamId);
    const other = await newMember(alpha.teamId);
    const videoId = await publicVideo(alpha, 'Only mine');
    await startVideo(member, videoId);
    expect(await entries(member)).toEqual([`video:${videoId}`]);
    expect(await entries(other)).toEqual([]);
  });

  it('records nothing for a visitor in the catalog or an administrator previewing', async () => {
    const member = await newMember(alpha.teamId);
    await putSiteSettings({ ...(await getSiteSettings(alpha.teamId)), catalogPublic: true });
    const videoId = await publicVideo(alpha, 'Catalog lesson', { isPublic: true });
    const articleId = await createArticle(alpha, 'Catalog article', { isPublic: true });
    const draftId = await createArticle(alpha, 'Draft article', { status: 'private' });

    expect((await call(getCatalogVideoCall, { teamId: alpha.teamId, videoId })).status).toBe(200);
    expect((await call(getCatalogContentCall, { teamId: alpha.teamId, type: 'article', id: articleId })).status).toBe(200);
    await ok(alpha, previewArticleCall, { id: draftId });
    await ok(alpha, previewArticleCall, { id: articleId });
    await ok(alpha, previewVideoCall, { videoId });

    expect(await entries(alpha)).toEqual([]);
    expect(await entries(member)).toEqual([]);
  });

  it('records no refused view', async () => {
    const member = await newMember(alpha.teamId);
    const privateId = await createArticle(alpha, 'Private article', { status: 'private' });
    expect((await call(getMemberContentCall, { ...member.ctx, type: 'article', id: privateId }, member.token)).status).toBe(404);
    const privateVideo = await readyVideo(alpha, { title: 'Private lesson', overview: '', status: 'private' });
    expect((await call(recordMemberVideoProgressCall, { ...member.ctx, videoId: privateVideo, event: 'start', positionSeconds: 0 }, member.token)).status).not.toBe(200);
    const theirs = await createArticle(beta, 'Beta article');
    expect((await call(getMemberContentCall, { ...member.ctx, type: 'article', id: theirs }, member.token)).status).toBe(404);
    expect(await entries(member)).toEqual([]);
  });

  it('leaves out an item made private, one moved outside the member groups and a deleted one', async () => {
    const group = async (name: string) => (await ok<{ group: { groupId: string } }>(alpha, groupCreateCall, { name })).group.groupId;
    const [mine, others] = [await group('Log insiders'), await group('Log outsiders')];
    const member = await newMember(alpha.teamId, [mine]);
    const groupForm = articleForm('Group article', { groupIds: [mine] });
    const grouped = await ok<{ id: string; version: number }>(alpha, createArticleCall, groupForm);
    await openItem(member, 'article', grouped.id);
    const videoId = await publicVideo(alpha, 'Stays');
    const form = articleForm('Made private');
    const hidden = await ok<{ id: string; version: number }>(alpha, createArticleCall, form);
    const deleted = await createArticle(alpha, 'Deleted later');
    await openItem(member, 'article', hidden.id);
    await openItem(member, 'article', deleted);
    await startVideo(member, videoId);
    expect(await entries(member)).toEqual([`video:${videoId}`, `article:${deleted}`, `article:${hidden.id}`, `article:${grouped.id}`]);

    await ok(alpha, updateArticleCall, { ...form, id: hidden.id, version: hidden.version, status: 'private' });
    await ok(alpha, updateArticleCall, { ...groupForm, id: grouped.id, version: grouped.version, groupIds: [others] });
    await ok(alpha, deleteArticleCall, { id: deleted });
    expect(await entries(member)).toEqual([`video:${videoId}`]);

    // Shown again once it is public again: the row stayed, only the answer left it out.
    await ok(alpha, updateArticleCall, { ...form, id: hidden.id, version: hidden.version + 1, status: 'public' });
    expect(await entries(member)).toEqual([`video:${videoId}`, `article:${hidden.id}`]);
  });

  it('answers bad input naming the field', async () => {
    const member = await newMember(alpha.teamId);
    for (const [input, field] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 51 }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
    ] as const) {
      const res = await call(listViewLogCall, { ...member.ctx, ...input }, member.token);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.error?.fields?.[field], JSON.stringify(input)).toEqual(expect.stringMatching(/^validation\//));
    }
  });

  it("answers 401 without a session and refuses another team's context", async () => {
    expect((await call(listViewLogCall, {})).status).toBe(401);
    const member = await newMember(alpha.teamId);
    const res = await call(listViewLogCall, { ...beta.ctx }, member.token);
    expect([403, 404]).toContain(res.status);
  });
});
