import { describe, expect, it } from 'vitest';
import { videoFormSchema } from '../../../shared/api/calls/videos';
import { isPublishedAt } from '../../../shared/content-access';
import { searchText, titleSearchTerms } from '../../../lambdas/core/entities/admin-index';
import { applyVideoForm, isListed, newVideoBase, saveVideoOps } from '../../../lambdas/core/entities/video';
import { decodeCursor, encodeCursor } from '../../../lambdas/core/http/cursor';

const now = new Date('2025-01-01T00:00:00.000Z');
const form = (input: Record<string, unknown>) => videoFormSchema({ now: () => now }).parse(input);
const TEAM = '01TEAM00000000000000000000';

describe('title search text', () => {
  it('folds width, case and katakana, and drops spaces', () => {
    expect(searchText('ＡＢＣ  Def')).toBe('abcdef');
    expect(searchText('ドウガ講座')).toBe('どうが講座');
  });
  it('indexes the whole title and each later word', () => {
    expect(titleSearchTerms('Apple basics, Part 2')).toEqual(['applebasics,part2', 'basics', 'part', '2']);
    expect(titleSearchTerms('チェリー　入門「基礎」')).toEqual(['ちぇりー入門「基礎」', '入門', '基礎']);
  });
});

describe('applyVideoForm', () => {
  it('maps the form to the stored video: sorted chapters, periods, cleared options', () => {
    const video = applyVideoForm(
      newVideoBase('V1', now),
      form({
        title: 'T',
        chapters: [
          { seconds: 30, title: 'b' },
          { seconds: 5, title: 'a' },
        ],
        status: 'publicationPeriod',
        publicationStart: '2025-02-01T00:00:00Z',
        publicationEnd: '2025-03-01T00:00:00Z',
        playableEnd: '2025-04-01T00:00:00Z',
        completionAction: 'none',
        nextVideoId: 'V2',
      }),
      now,
    );
    expect(video.chapters.map((c) => c.seconds)).toEqual([5, 30]);
    expect(video.publicationPeriod).toEqual({ start: '2025-02-01T00:00:00.000Z', end: '2025-03-01T00:00:00.000Z' });
    expect(video.playablePeriod).toEqual({ end: '2025-04-01T00:00:00.000Z', realtimePremiere: false });
    // A next video only means something with the nextVideo completion action.
    expect(video.nextVideoId).toBeUndefined();
    const privateAgain = applyVideoForm(video, form({ title: 'T' }), now);
    expect(privateAgain.publicationPeriod).toBeUndefined();
    expect(privateAgain.playablePeriod).toBeUndefined();
  });
});

describe('publication (member lists)', () => {
  const base = { ...newVideoBase('V1', now), title: 'T', status: 'public' as const, currentVersion: 1 };
  it('lists a video only when published, not list-hidden and playable', () => {
    expect(isListed(base)).toBe(true);
    expect(isListed({ ...base, status: 'private' })).toBe(false);
    expect(isListed({ ...base, isListHidden: true })).toBe(false);
    expect(isListed({ ...base, currentVersion: undefined })).toBe(false);
  });
  it('shows a publication period from its start, up to (not at) its end', () => {
    const row = { status: 'publicationPeriod' as const, publicationPeriod: { start: '2025-02-01T00:00:00.000Z', end: '2025-03-01T00:00:00.000Z' } };
    expect(isPublishedAt(row, '2025-01-31T23:59:59.000Z')).toBe(false);
    expect(isPublishedAt(row, '2025-02-01T00:00:00.000Z')).toBe(true);
    expect(isPublishedAt(row, '2025-03-01T00:00:00.000Z')).toBe(false);
    expect(isPublishedAt({ status: 'public' }, now.toISOString())).toBe(true);
    expect(isPublishedAt({ status: 'private' }, now.toISOString())).toBe(false);
  });
  it('moves usage counts and title search rows with the write, and checks the version', () => {
    const before = { ...base, categoryId: 'C1', tagIds: ['T1', 'T2'], version: 3 };
    const after = { ...before, categoryId: 'C2', tagIds: ['T2'], status: 'private' as const };
    const ops = saveVideoOps(TEAM, before, after);
    const updates = ops.flatMap((o) => ('update' in o ? [[o.update.key.pk, o.update.key.sk, o.update.add]] : []));
    expect(updates).toEqual([
      [`T#${TEAM}#CATEGORY`, 'I#C2', { usageCount: 1 }],
      [`T#${TEAM}#CATEGORY`, 'I#C1', { usageCount: -1 }],
      [`T#${TEAM}#TAG`, 'I#T1', { usageCount: -1 }],
    ]);
    // The list rows are not in the transaction (the listing core projects them after it).
    expect(ops.some((o) => 'put' in o && o.put.pk.includes('#LIST#'))).toBe(false);
    const record = ops[0];
    expect('put' in record && record.put.version).toBe(4);
    expect('put' in record && record.values).toEqual({ ':version': 3 });
  });
});

describe('list cursors', () => {
  const partition = { name: 'pk' as const, value: `T#${TEAM}#VIDEOS#TITLE` };
  it('round-trips a key of the same list', () => {
    const key = { pk: partition.value, sk: 'a#V1' };
    expect(decodeCursor(encodeCursor(key), { teamId: TEAM, partition })).toEqual(key);
  });
  it('refuses another list, another team, and junk', () => {
    const other = encodeCursor({ pk: `T#${TEAM}#VIDEOS#RELEASED`, sk: 'x' });
    expect(() => decodeCursor(other, { teamId: TEAM, partition })).toThrow();
    const foreign = encodeCursor({ pk: 'T#01OTHER#VIDEOS#TITLE', sk: 'x' });
    expect(() => decodeCursor(foreign, { teamId: TEAM, partition })).toThrow();
    expect(() => decodeCursor('%%%', { teamId: TEAM, partition })).toThrow();
    expect(decodeCursor(undefined, { teamId: TEAM, partition })).toBeUndefined();
  });
});
