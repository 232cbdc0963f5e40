import { describe, expect, it } from 'vitest';
import { VIDEO_MAX_TAGS } from '../../../shared/api/calls/videos';
import { listSearchText, LIST_SEARCH_TEXT_MAX, newVideoBase, normalizeSearchText, saveVideoOps } from '../../../lambdas/content/video';
import { decodeRankingCursor, encodeRankingCursor, rankVideos } from '../../../lambdas/content/video-views';

const now = new Date('2025-01-01T00:00:00.000Z');
const TEAM = '01TEAM00000000000000000000';
/** DynamoDB's limit on the items of one TransactWriteItems. */
const TRANSACTION_MAX_ITEMS = 100;

const listed = {
  ...newVideoBase('01VIDEO0000000000000000001', now),
  title: 'Listed',
  status: 'public' as const,
  currentVersion: 1,
  uploadState: 'ready' as const,
};
const putPks = (ops: ReturnType<typeof saveVideoOps>) => ops.flatMap((o) => ('put' in o ? [o.put.pk] : []));

describe('search text of the list rows', () => {
  it('holds title and overview, the overview past 100 characters, with kana and width folded', () => {
    const overview = `${'x'.repeat(150)} はじめてのドウガ ＡＢＣ`;
    const text = listSearchText({ title: 'タイトル', overview });
    expect(text.startsWith('たいとる\n')).toBe(true);
    expect(text).toContain(normalizeSearchText('どうが'));
    expect(text).toContain('abc');
    expect(text).toContain(normalizeSearchText('ﾄﾞｳｶﾞ'));
  });
  it('keeps no match across title and overview, and is capped', () => {
    expect(listSearchText({ title: 'ab', overview: 'cd' })).not.toContain('bc');
    expect(listSearchText({ title: 'a', overview: 'y'.repeat(5000) })).toHaveLength(LIST_SEARCH_TEXT_MAX);
  });
});

describe('catalog rows', () => {
  it('are written only while the video is listed and public; the #ALL rows carry the search text', () => {
    const video = { ...listed, isPublic: true, overview: 'Overview', categoryId: 'C1', tagIds: ['T1'], creatorId: 'R1' };
    const ops = saveVideoOps(TEAM, undefined, video);
    expect(putPks(ops)).toEqual(
      expect.arrayContaining([`T#${TEAM}#CATALOG#ALL`, `T#${TEAM}#CATALOG#CATEGORY#C1`, `T#${TEAM}#CATALOG#TAG#T1`, `T#${TEAM}#CATALOG#CREATOR#R1`]),
    );
    const all = ops.flatMap((o) => ('put' in o && o.put.pk.endsWith('#ALL') ? [o.put] : []));
    expect(all.map((i) => i.searchText)).toEqual(['listed\noverview', 'listed\noverview']);
    const scoped = ops.flatMap((o) => ('put' in o && o.put.pk.includes('#TAG#') ? [o.put] : []));
    for (const item of scoped) expect(item).not.toHaveProperty('searchText');

    const members = saveVideoOps(TEAM, undefined, { ...video, isPublic: false });
    expect(putPks(members).filter((pk) => pk.includes('#CATALOG#'))).toEqual([]);
    expect(putPks(members)).toContain(`T#${TEAM}#PUBLISHED#ALL`);
    const hidden = saveVideoOps(TEAM, undefined, { ...video, isListHidden: true });
    expect(putPks(hidden).filter((pk) => pk.includes('#CATALOG#') || pk.includes('#PUBLISHED#'))).toEqual([]);
    const limited = saveVideoOps(TEAM, undefined, { ...video, groupIds: ['G1'] });
    expect(putPks(limited).filter((pk) => pk.includes('#CATALOG#'))).toEqual([]);
  });

  it('made non-public, its catalog rows are deleted in the same write', () => {
    const before = { ...listed, isPublic: true, tagIds: ['T1'], version: 2 };
    const ops = saveVideoOps(TEAM, before, { ...before, isPublic: false });
    expect(ops.flatMap((o) => ('delete' in o ? [o.delete.pk] : []))).toEqual([`T#${TEAM}#CATALOG#ALL`, `T#${TEAM}#CATALOG#TAG#T1`]);
  });

  it('the worst-case save stays within one transaction', () => {
    const tags = (p: string) => Array.from({ length: VIDEO_MAX_TAGS }, (_, i) => `${p}${i}`);
    // A title of many words: the most title search terms.
    const title = (w: string) => Array.from({ length: 12 }, (_, i) => `${w}${i}`).join(' ');
    const before = {
      ...listed,
      isPublic: true,
      title: title('old'),
      overview: 'o'.repeat(5000),
      categoryId: 'C1',
      creatorId: 'R1',
      tagIds: tags('A'),
      releasedAt: '2024-01-01T00:00:00.000Z',
      version: 7,
    };
    const after = { ...before, title: title('new'), categoryId: 'C2', creatorId: 'R2', tagIds: tags('B'), releasedAt: '2024-02-01T00:00:00.000Z' };
    const ops = saveVideoOps(TEAM, before, after);
    expect(ops.length).toBeLessThanOrEqual(TRANSACTION_MAX_ITEMS);
    // One operation per item: DynamoDB refuses a transaction touching an item twice.
    const keys = ops.map((o) => ('put' in o ? o.put : 'delete' in o ? o.delete : 'update' in o ? o.update.key : o.check)).map((k) => `${k.pk}|${k.sk}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('popular ranking', () => {
  it('ranks more views first, then the newer video (the later ULID)', () => {
    const counts = new Map([
      ['01A', 3],
      ['01C', 1],
      ['01B', 3],
      ['01D', 5],
    ]);
    expect(rankVideos(counts)).toEqual([
      { videoId: '01D', views: 5 },
      { videoId: '01B', views: 3 },
      { videoId: '01A', views: 3 },
      { videoId: '01C', views: 1 },
    ]);
    expect(rankVideos(counts, 2).map((r) => r.videoId)).toEqual(['01D', '01B']);
  });
  it('binds a page cursor to the team and refuses junk', () => {
    expect(decodeRankingCursor(TEAM, encodeRankingCursor(TEAM, 40))).toBe(40);
    expect(decodeRankingCursor(TEAM, undefined)).toBe(0);
    expect(() => decodeRankingCursor('01OTHER', encodeRankingCursor(TEAM, 40))).toThrow();
    expect(() => decodeRankingCursor(TEAM, encodeRankingCursor(TEAM, -1))).toThrow();
    expect(() => decodeRankingCursor(TEAM, '%%%')).toThrow();
  });
});
