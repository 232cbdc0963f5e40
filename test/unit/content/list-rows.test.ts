import { describe, expect, it } from 'vitest';
import { decodeMergedCursor, encodeMergedCursor } from '../../../lambdas/core/http/cursor';
import type { ListingEntry } from '../../../lambdas/core/entities/listing-entry';
import { listRowsOf, titleSortText } from '../../../lambdas/core/entities/list-rows';

const TEAM = '01TEAM00000000000000000000';
const entry: ListingEntry = {
  type: 'video',
  id: 'V1',
  version: 3,
  title: 'Lesson',
  overview: 'Overview',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-03-01T00:00:00.000Z',
  releasedAt: '2024-02-01T00:00:00.000Z',
  status: 'public',
  isPublic: false,
  isListHidden: false,
  ready: true,
  groupIds: [],
  categoryId: 'C1',
  tagIds: ['T1', 'T2'],
  creatorId: 'R1',
};
/** Each row's partition without the team prefix. */
const partitions = (e: ListingEntry) => listRowsOf(TEAM, e).map((r) => r.pk.replace(`T#${TEAM}#LIST#`, ''));

describe('list rows (listing core)', () => {
  it('lists an item for every member in the ALL audience and for administrators in ANY, in each scope', () => {
    expect(partitions(entry)).toEqual([
      'MEMBER#ANY#ALL',
      'MEMBER#ANY#CATEGORY#C1',
      'MEMBER#ANY#TAG#T1',
      'MEMBER#ANY#TAG#T2',
      'MEMBER#ANY#CREATOR#R1',
      'MEMBER#ALL#ALL',
      'MEMBER#ALL#CATEGORY#C1',
      'MEMBER#ALL#TAG#T1',
      'MEMBER#ALL#TAG#T2',
      'MEMBER#ALL#CREATOR#R1',
    ]);
  });

  it('puts a group-limited item only in its groups partitions (never ALL, never the catalog)', () => {
    const limited = partitions({ ...entry, isPublic: true, groupIds: ['G1', 'G2'], tagIds: [], categoryId: undefined, creatorId: undefined });
    expect(limited).toEqual(['MEMBER#ANY#ALL', 'MEMBER#G#G1#ALL', 'MEMBER#G#G2#ALL']);
  });

  it('adds catalog rows only for a public item for every member', () => {
    const open = partitions({ ...entry, isPublic: true, tagIds: [] });
    expect(open.filter((p) => p.startsWith('CATALOG#'))).toEqual(['CATALOG#ALL#ALL', 'CATALOG#ALL#CATEGORY#C1', 'CATALOG#ALL#CREATOR#R1']);
  });

  it('writes no row while the item is private, list-hidden or not ready', () => {
    expect(listRowsOf(TEAM, { ...entry, status: 'private' })).toEqual([]);
    expect(listRowsOf(TEAM, { ...entry, isListHidden: true })).toEqual([]);
    expect(listRowsOf(TEAM, { ...entry, ready: false })).toEqual([]);
  });

  it('sorts by release, keys each row for its type too, and carries search text only where search reads', () => {
    const rows = listRowsOf(TEAM, entry);
    for (const row of rows) {
      expect(row.sk).toBe('2024-02-01T00:00:00.000Z#VIDEO#V1');
      expect(row.gsi3pk).toBe(`${row.pk}#TYPE#VIDEO`);
      expect(row.gsi3sk).toBe(row.sk);
      expect(row.version).toBe(3);
      expect(row.searchText !== undefined).toBe(row.pk.endsWith('MEMBER#ANY#ALL') || row.pk.endsWith('CATALOG#ALL#ALL'));
    }
    const pdf = listRowsOf(TEAM, { ...entry, type: 'pdf', id: 'P1', releasedAt: undefined });
    expect(pdf[0]).toMatchObject({ sk: '2024-01-01T00:00:00.000Z#PDF#P1', contentType: 'pdf', id: 'P1' });
  });

  it('keys each row of one type by creation, update date and title too, each ending with the type and id', () => {
    for (const row of listRowsOf(TEAM, { ...entry, title: 'ドウガ Lesson 2' })) {
      const typed = `${row.pk}#TYPE#VIDEO`;
      expect(row).toMatchObject({
        gsi1pk: typed,
        gsi1sk: '2024-01-01T00:00:00.000Z#VIDEO#V1',
        gsi2pk: typed,
        gsi2sk: '2024-03-01T00:00:00.000Z#VIDEO#V1',
        gsi4pk: typed,
        gsi4sk: 'どうがlesson2#VIDEO#V1',
      });
    }
  });

  it('orders titles as search compares them, within a bounded length, never empty', () => {
    expect(titleSortText('Ｌｅｓｓｏｎ　カタカナ')).toBe('lessonかたかな');
    expect(titleSortText('a\u0001b\u001fc')).toBe('abc');
    expect(titleSortText('x'.repeat(500))).toHaveLength(60);
    expect(titleSortText('   ')).toBe('-');
  });
});

describe('merged cursor (a member reading several audiences)', () => {
  const sortKey = /^[0-9T:.Z-]+#[A-Z]+#[0-9A-Za-z]+$/;
  it('round-trips each partition position; parts not asked for are dropped', () => {
    const cursor = encodeMergedCursor({ ALL: '2024-01-01T00:00:00.000Z#VIDEO#V1', 'G#G1': null });
    expect(decodeMergedCursor(cursor, ['ALL', 'G#G1'], sortKey)).toEqual({ ALL: '2024-01-01T00:00:00.000Z#VIDEO#V1', 'G#G1': null });
    expect(decodeMergedCursor(cursor, ['ALL'], sortKey)).toEqual({ ALL: '2024-01-01T00:00:00.000Z#VIDEO#V1' });
    expect(decodeMergedCursor(undefined, ['ALL'], sortKey)).toEqual({});
  });
  it('refuses junk and positions that are not sort keys', () => {
    expect(() => decodeMergedCursor('%%%', ['ALL'], sortKey)).toThrow();
    expect(() => decodeMergedCursor(encodeMergedCursor({ ALL: 'pk: T#OTHER/..' }), ['ALL'], sortKey)).toThrow();
    expect(() => decodeMergedCursor(Buffer.from('[1]').toString('base64url'), ['ALL'], sortKey)).toThrow();
  });
});
