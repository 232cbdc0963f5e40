import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategoryCall, createCreatorCall, createTagCall } from '../../../shared/api/calls/categories';
import { getBasicInfoCall, updateBasicInfoCall, type BasicInfo, type BasicInfoAnswer } from '../../../shared/api/calls/basic-info';
import { listMemberContentCall, type ContentListPage } from '../../../shared/api/calls/content-lists';
import { getMemberVideoCall, listMemberTaxonomyCall, recordMemberVideoProgressCall, type TaxonomyCard } from '../../../shared/api/calls/member-videos';
import type { CallDef } from '../../../shared/api/define';
import { SEARCH_ITEMS_PER_QUERY, SEARCH_QUERIES_PER_PAGE } from '../../../lambdas/core/entities/list-rows';
import { commitVideo, newVideoBase, rewriteVideo } from '../../../lambdas/core/entities/video';
import { call } from '../support/api';
import { newOperator, type Caller } from './people';
import { fetchPath, forgedUrls, newMember, readyVideo } from './ready-videos';

const GROUP = '01GROUPLISTS00000000000001';
const LONG = 'この動画では基本をていねいに説明します。'.repeat(8);

let team: Caller;
let other: Caller;
let inGroup: Caller;
let outsider: Caller;
let stranger: Caller;
let categoryId: string;
let tagId: string;
let creatorId: string;
let otherCategoryId: string;
/** Newest release last: first, second, limited, hidden; plus a private one. */
let first: string;
let second: string;
let limited: string;
let hidden: string;
let privateVideo: string;

/** The one member list call: newest first unless `order` or `query` say otherwise. */
const LIST = listMemberContentCall;

const created = async (who: Caller, def: CallDef, input: Record<string, unknown>) => {
  const res = await call(def, { ...who.ctx, ...input }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { id: string }).id;
};

beforeAll(async () => {
  [team, other] = await Promise.all([newOperator('Lists'), newOperator('Lists Other')]);
  [categoryId, tagId, creatorId, otherCategoryId] = await Promise.all([
    created(team, createCategoryCall, { name: 'Lessons', sortNumber: 5 }),
    created(team, createTagCall, { name: 'Beginner' }),
    created(team, createCreatorCall, { name: 'Studio', profile: 'Makes lessons.' }),
    created(other, createCategoryCall, { name: 'Theirs' }),
  ]);
  const scoped = { categoryId, tagIds: [tagId], creatorId };
  first = await readyVideo(team, { title: 'はじめてのドウガ', overview: 'Lesson one.', status: 'public', releasedAt: '2024-01-01T00:00:00Z', ...scoped });
  second = await readyVideo(team, { title: 'Second', overview: `${LONG} Needle phrase.`, status: 'public', releasedAt: '2024-02-01T00:00:00Z' });
  limited = await readyVideo(team, { title: 'Limited lesson', status: 'public', releasedAt: '2024-03-01T00:00:00Z', ...scoped }, [GROUP]);
  hidden = await readyVideo(team, { title: 'Hidden lesson', status: 'public', isListHidden: true, releasedAt: '2024-04-01T00:00:00Z', ...scoped });
  privateVideo = await readyVideo(team, { title: 'Private lesson', status: 'private', releasedAt: '2024-05-01T00:00:00Z', ...scoped });
  [inGroup, outsider, stranger] = await Promise.all([newMember(team.teamId, [GROUP]), newMember(team.teamId), newMember(other.teamId, [GROUP])]);
});

const page = async (who: Caller, def: CallDef, input: Record<string, unknown> = {}) => {
  const res = await call(def, { ...who.ctx, ...input }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ContentListPage;
};
const ids = async (who: Caller, def: CallDef, input: Record<string, unknown> = {}) => (await page(who, def, input)).items.map((c) => c.id);
/** A signed-in member of another team calling with this team's context. */
const crossed = (def: CallDef, input: Record<string, unknown>) =>
  call(def, { operatedTeamId: team.teamId, operatedUserId: stranger.userId, ...input }, stranger.token);

describe('/member_content/list: newer', () => {
  it('answers cards of what each member may watch, newest release first; hidden and private never', async () => {
    expect(await ids(inGroup, LIST)).toEqual([limited, second, first]);
    expect(await ids(outsider, LIST)).toEqual([second, first]);
    expect(await ids(team, LIST)).toEqual([limited, second, first]);
    expect(await ids(stranger, LIST)).toEqual([]);
    const card = (await page(outsider, LIST)).items[1];
    expect(card).toMatchObject({ type: 'video', id: first, title: 'はじめてのドウガ', durationSeconds: 5, releasedAt: '2024-01-01T00:00:00.000Z' });
    expect(Object.keys(card).sort()).toEqual(['createdAt', 'durationSeconds', 'id', 'releasedAt', 'thumbnailUrl', 'title', 'type']);
    const onePage = await page(inGroup, LIST, { limit: 2 });
    expect(onePage.items.map((c) => c.id)).toEqual([limited, second]);
    expect(await ids(inGroup, LIST, { limit: 2, cursor: onePage.nextCursor })).toEqual([first]);
  });

  it('signs thumbnail URLs the media route opens for exactly that key', async () => {
    const [card] = (await page(outsider, LIST)).items;
    expect(card.thumbnailUrl).toMatch(new RegExp(`^/media/T/${team.teamId}/videos/${second}/.+/thumbnail\\.jpg\\?grant=`));
    const image = await fetchPath(card.thumbnailUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const forged = forgedUrls(card.thumbnailUrl!, `T/${team.teamId}/videos/${first}/01ATTEMPT0000000000000001/thumbnail.jpg`);
    expect((await fetchPath(forged.tampered)).status).toBe(403);
    expect((await fetchPath(forged.otherKey)).status).toBe(403);
    expect((await fetchPath(card.thumbnailUrl!.split('?')[0])).status).toBe(403);
  });

  it('refuses bad input (400 naming the field), no token and a member of another team', async () => {
    const bad = await call(LIST, { ...inGroup.ctx, limit: 0 }, inGroup.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ limit: 'validation/invalid_value' });
    const forgedCursor = await call(LIST, { ...inGroup.ctx, cursor: 'bm90LWEta2V5' }, inGroup.token);
    expect(forgedCursor.status).toBe(400);
    expect(forgedCursor.body.error?.fields).toEqual({ cursor: 'validation/invalid_value' });
    expect((await call(LIST, { ...inGroup.ctx })).status).toBe(401);
    const refused = await crossed(LIST, {});
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'common/no_operation_authority' } });
  });
});

describe('/member_content/list: by category, tag or creator', () => {
  it('lists a category, tag or creator with its card; group-limited only for its members', async () => {
    const byCategory = await page(inGroup, LIST, { categoryId });
    expect(byCategory.items.map((c) => c.id)).toEqual([limited, first]);
    expect(byCategory.scope).toEqual({ id: categoryId, kind: 'category', name: 'Lessons' });
    expect(await ids(outsider, LIST, { tagId })).toEqual([first]);
    const byCreator = await page(outsider, LIST, { creatorId });
    expect(byCreator.items.map((c) => c.id)).toEqual([first]);
    expect(byCreator.scope).toEqual({ id: creatorId, kind: 'creator', name: 'Studio', profile: 'Makes lessons.' });
    const all = await page(outsider, LIST);
    expect(all.items.map((c) => c.id)).toEqual([second, first]);
    expect(all.scope).toBeUndefined();
  });

  it('keeps a list-hidden video out of lists while /member_video/get still opens it', async () => {
    for (const input of [{}, { categoryId }, { tagId }, { creatorId }]) expect(await ids(inGroup, LIST, input)).not.toContain(hidden);
    const opened = await call(getMemberVideoCall, { ...outsider.ctx, videoId: hidden }, outsider.token);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ state: 'visible', video: { videoId: hidden } });
    expect(await ids(inGroup, LIST, { categoryId })).not.toContain(privateVideo);
  });

  it('names the next video only to a member who may open it', async () => {
    await rewriteVideo(team.teamId, hidden, (v) => ({ video: { ...v, completionAction: 'nextVideo', nextVideoId: limited } }));
    const forMember = await call(getMemberVideoCall, { ...inGroup.ctx, videoId: hidden }, inGroup.token);
    expect(forMember.body).toMatchObject({ video: { completionAction: 'nextVideo', nextVideoId: limited } });
    const forOutsider = await call(getMemberVideoCall, { ...outsider.ctx, videoId: hidden }, outsider.token);
    expect(forOutsider.body).toMatchObject({ state: 'visible', video: { completionAction: 'nextVideo' } });
    expect((forOutsider.body as { video: object }).video).not.toHaveProperty('nextVideoId');
  });

  it('answers 404 for an unknown scope and for another team ids, revealing nothing', async () => {
    const unknownCreator = await call(LIST, { ...inGroup.ctx, creatorId: '01UNKNOWN00000000000000000' }, inGroup.token);
    expect(unknownCreator.status).toBe(404);
    expect(unknownCreator.body).toEqual({ error: { code: 'creator/not_found' } });
    for (const input of [{ categoryId: '01UNKNOWN00000000000000000' }, { tagId: '01UNKNOWN00000000000000000' }, { categoryId: otherCategoryId }]) {
      const res = await call(LIST, { ...inGroup.ctx, ...input }, inGroup.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'common/not_found' } });
    }
  });

  it('refuses two scopes at once, a bad id, and a member of another team', async () => {
    const two = await call(LIST, { ...inGroup.ctx, categoryId, tagId }, inGroup.token);
    expect(two.status).toBe(400);
    expect(two.body.error?.fields).toEqual({ categoryId: 'validation/invalid_value' });
    const badId = await call(LIST, { ...inGroup.ctx, tagId: '../x' }, inGroup.token);
    expect(badId.status).toBe(400);
    expect(badId.body.error?.fields).toEqual({ tagId: 'validation/invalid_value' });
    expect((await crossed(LIST, { categoryId })).status).toBe(403);
  });
});

describe('/member_video/taxonomy', () => {
  it('answers categories, tags and creators in sort number order, creators with their profile', async () => {
    const early = await created(team, createCategoryCall, { name: 'Basics', sortNumber: 1 });
    const categories = await call(listMemberTaxonomyCall, { ...outsider.ctx, kind: 'category' }, outsider.token);
    expect(categories.status).toBe(200);
    expect((categories.body as { items: TaxonomyCard[] }).items).toEqual([
      { id: early, kind: 'category', name: 'Basics' },
      { id: categoryId, kind: 'category', name: 'Lessons' },
    ]);
    const paged = await call(listMemberTaxonomyCall, { ...outsider.ctx, kind: 'category', limit: 1 }, outsider.token);
    const rest = await call(listMemberTaxonomyCall, { ...outsider.ctx, kind: 'category', limit: 1, cursor: (paged.body as { nextCursor: string }).nextCursor }, outsider.token);
    expect((rest.body as { items: TaxonomyCard[] }).items.map((i) => i.id)).toEqual([categoryId]);
    const creators = await call(listMemberTaxonomyCall, { ...outsider.ctx, kind: 'creator' }, outsider.token);
    expect((creators.body as { items: TaxonomyCard[] }).items).toEqual([{ id: creatorId, kind: 'creator', name: 'Studio', profile: 'Makes lessons.' }]);
    const tags = await call(listMemberTaxonomyCall, { ...stranger.ctx, kind: 'tag' }, stranger.token);
    expect((tags.body as { items: TaxonomyCard[] }).items).toEqual([]);
  });

  it('refuses an unknown kind, limit 0 and a member of another team', async () => {
    const bad = await call(listMemberTaxonomyCall, { ...outsider.ctx, kind: 'genre', limit: 0 }, outsider.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ kind: 'validation/invalid_value', limit: 'validation/invalid_value' });
    expect((await crossed(listMemberTaxonomyCall, { kind: 'tag' })).status).toBe(403);
  });
});

describe('/member_content/list: search', () => {
  it('finds by title and overview, with kana and width folded', async () => {
    expect(await ids(outsider, LIST, { query: 'どうが' })).toEqual([first]);
    expect(await ids(outsider, LIST, { query: 'ﾄﾞｳｶﾞ' })).toEqual([first]);
    // Past the first 100 characters of the overview, in full-width letters.
    expect(await ids(outsider, LIST, { query: 'ＮＥＥＤＬＥ　ｐｈｒａｓｅ' })).toEqual([second]);
    expect(await ids(outsider, LIST, { query: 'ていねいに' })).toEqual([second]);
    expect(await ids(outsider, LIST, { query: 'nothing like this' })).toEqual([]);
  });

  it('leaves out group-limited videos for outsiders, and hidden and private for everyone', async () => {
    expect(await ids(inGroup, LIST, { query: 'lesson' })).toEqual([limited, first]);
    expect(await ids(outsider, LIST, { query: 'lesson' })).toEqual([first]);
    expect(await ids(stranger, LIST, { query: 'lesson' })).toEqual([]);
  });

  it('pages with a cursor', async () => {
    const one = await page(inGroup, LIST, { query: 'lesson', limit: 1 });
    expect(one.items.map((c) => c.id)).toEqual([limited]);
    expect(await ids(inGroup, LIST, { query: 'lesson', limit: 1, cursor: one.nextCursor })).toEqual([first]);
  });

  it('reads a bounded number of rows a page and answers a cursor to go on', async () => {
    const big = await newOperator('Lists Many');
    const reader = await newMember(big.teamId);
    const at = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 60_000);
    const video = (i: number, title: string) => ({
      ...newVideoBase(`01MANY${String(i).padStart(20, '0')}`, at(i)),
      title,
      status: 'public' as const,
      currentVersion: 1,
      releasedAt: at(i).toISOString(),
    });
    // The oldest video matches; newer ones than a page reads come before it.
    const rows = SEARCH_ITEMS_PER_QUERY * SEARCH_QUERIES_PER_PAGE + 10;
    const videos = [video(0, 'Rare needle'), ...Array.from({ length: rows }, (_, i) => video(i + 1, `Filler ${i}`))];
    for (let i = 0; i < videos.length; i += 25) await Promise.all(videos.slice(i, i + 25).map((v) => commitVideo(big.teamId, undefined, v)));
    const scanned = await page(reader, LIST, { query: 'needle' });
    expect(scanned.items).toEqual([]);
    expect(scanned.nextCursor).toBeDefined();
    const found = await page(reader, LIST, { query: 'needle', cursor: scanned.nextCursor });
    expect(found.items.map((c) => c.id)).toEqual([videos[0].videoId]);
    expect(found.nextCursor).toBeUndefined();
  }, 60_000);

  it('refuses an empty query, limit 0 and a member of another team', async () => {
    const empty = await call(LIST, { ...outsider.ctx, query: '   ', limit: 0 }, outsider.token);
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields).toEqual({ query: 'validation/required', limit: 'validation/invalid_value' });
    expect((await crossed(LIST, { query: 'lesson' })).status).toBe(403);
  });
});

describe('/member_content/list: popular', () => {
  const start = async (who: Caller, videoId: string, times: number) => {
    for (let i = 0; i < times; i++) {
      const res = await call(recordMemberVideoProgressCall, { ...who.ctx, videoId, event: 'start', positionSeconds: 0 }, who.token);
      expect(res.status).toBe(200);
    }
  };

  it('orders by recorded starts (ties: newer first), leaving out what the member may not see', async () => {
    await start(outsider, second, 3);
    await start(inGroup, limited, 2);
    await start(outsider, first, 2);
    // Opened by link and watched: counted, but still out of the lists.
    await start(outsider, hidden, 5);
    expect(await ids(inGroup, LIST, { order: 'popular' })).toEqual([second, limited, first]);
    expect(await ids(outsider, LIST, { order: 'popular' })).toEqual([second, first]);
    expect(await ids(stranger, LIST, { order: 'popular' })).toEqual([]);

    const one = await page(inGroup, LIST, { order: 'popular', limit: 1 });
    expect(one.items.map((c) => c.id)).toEqual([second]);
    expect(one.items[0].thumbnailUrl).toContain('?grant=');
    const two = await page(inGroup, LIST, { order: 'popular', limit: 1, cursor: one.nextCursor });
    expect(two.items.map((c) => c.id)).toEqual([limited]);
    // Another team's cursor is refused.
    const foreign = await call(LIST, { order: 'popular', ...stranger.ctx, cursor: one.nextCursor }, stranger.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error?.fields).toEqual({ cursor: 'validation/invalid_value' });
  });

  it('refuses limit 0 and a member of another team', async () => {
    const bad = await call(LIST, { order: 'popular', ...outsider.ctx, limit: 0 }, outsider.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ limit: 'validation/invalid_value' });
    expect((await crossed(LIST, { order: 'popular', })).status).toBe(403);
  });
});

describe('/member_content/list: oldest first, and the team default order (basic info default sort, SPEC §3)', () => {
  const setDefaultSort = async (direction: 'asc' | 'desc', order: BasicInfo['defaultSort']['order'] = 'releaseDate') => {
    const got = await call(getBasicInfoCall, team.ctx, team.token);
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    const { basicInfo, version } = got.body as BasicInfoAnswer;
    const saved = await call(updateBasicInfoCall, { ...team.ctx, ...basicInfo, version, defaultSort: { order, direction } }, team.token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };
  const setDefaultDirection = (direction: 'asc' | 'desc') => setDefaultSort(direction);

  it("'older' pages oldest release first across the member's partitions", async () => {
    expect(await ids(inGroup, LIST, { order: 'older' })).toEqual([first, second, limited]);
    expect(await ids(outsider, LIST, { order: 'older' })).toEqual([first, second]);
    const onePage = await page(inGroup, LIST, { order: 'older', limit: 2 });
    expect(onePage.items.map((c) => c.id)).toEqual([first, second]);
    expect(await ids(inGroup, LIST, { order: 'older', limit: 2, cursor: onePage.nextCursor })).toEqual([limited]);
  });

  it('a list naming no order follows the default; the new arrivals (newer) and search stay newest first', async () => {
    await setDefaultDirection('asc');
    try {
      expect(await ids(inGroup, LIST)).toEqual([first, second, limited]);
      expect(await ids(inGroup, LIST, { categoryId })).toEqual([first, limited]);
      expect(await ids(inGroup, LIST, { order: 'newer' })).toEqual([limited, second, first]);
      expect(await ids(inGroup, LIST, { query: 'lesson' })).toEqual([limited, first]);
    } finally {
      await setDefaultDirection('desc');
    }
    expect(await ids(inGroup, LIST)).toEqual([limited, second, first]);
  });

  it('a default sort by title applies to the lists naming no order; the list of every type keeps release date in its direction', async () => {
    const byTitle = async (who: Caller, input: Record<string, unknown> = {}) => {
      const res = await call(LIST, { ...who.ctx, ...input, limit: 50 }, who.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as ContentListPage).items.map((c) => c.title);
    };
    await setDefaultSort('desc', 'title');
    try {
      // Titles as search folds them, in byte order, descending: kana after Latin letters.
      expect(await byTitle(inGroup)).toEqual(['はじめてのドウガ', 'Second', 'Limited lesson']);
      expect(await byTitle(inGroup, { order: 'titleAsc' })).toEqual(['Limited lesson', 'Second', 'はじめてのドウガ']);
      expect(await ids(inGroup, LIST, { type: 'all' })).toEqual(await ids(inGroup, LIST, { type: 'all', order: 'older' }).then((o) => [...o].reverse()));
    } finally {
      await setDefaultDirection('desc');
    }
  });
});
