import { describe, expect, it } from 'vitest';
import { VIDEO_MAX_TAGS } from '../../../shared/api/calls/videos';
import { listSearchText, LIST_SEARCH_TEXT_MAX, normalizeSearchText } from '../../../lambdas/core/entities/listing-entry';
import { newVideoBase, saveVideoOps } from '../../../lambdas/core/entities/video';
import { decodeRankingCursor, encodeRankingCursor, rankVideos } from '../../../lambdas/core/entities/video-views';

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

describe('the video transaction', () => {
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
    // Record, 8 + 8 title search rows, 12 + 12 usage moves: list rows are the listing core's, after the commit.
    expect(ops.length).toBe(41);
    expect(ops.length).toBeLessThanOrEqual(TRANSACTION_MAX_ITEMS / 2);
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
