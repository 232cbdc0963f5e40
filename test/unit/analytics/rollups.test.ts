import { describe, expect, it, vi } from 'vitest';
import { activityUpdates, recordActivity, ROLLUP_KEEP_DAYS } from '../../../lambdas/core/entities/rollups';
import { updateItem } from '../../../lambdas/platform/db';

vi.mock('../../../lambdas/platform/db', () => ({ updateItem: vi.fn(), getItem: vi.fn(), query: vi.fn() }));
import { ANALYSIS_MAX_DAYS } from '../../../shared/constants';

const at = new Date('2024-05-01T12:00:00.000Z');

describe('analytics rollup writes', () => {
  it('one activity is at most 4 atomic ADD updates, every key inside the team', () => {
    const updates = activityUpdates({ teamId: 'T1', at, userId: 'U1', content: { type: 'video', id: 'V1', title: 'Lesson' }, counts: { plays: 1, watchSeconds: 12 } });
    expect(updates).toHaveLength(4);
    for (const u of updates) {
      expect(u.key.pk.startsWith('T#T1#')).toBe(true);
      expect(u.add).toEqual({ plays: 1, watchSeconds: 12 });
      expect(u.condition).toBeUndefined();
    }
    expect(updates.map((u) => u.key)).toEqual([
      { pk: 'T#T1#AN#TEAM', sk: 'D#2024-05-01' },
      { pk: 'T#T1#AN#CDAY#2024-05-01', sk: 'video#V1' },
      { pk: 'T#T1#AN#UDAY#2024-05-01', sk: 'U#U1' },
      { pk: 'T#T1#AN#CU#video#V1', sk: '2024-05-01#U1' },
    ]);
  });

  it('a sign-up adds to the team day and the members counter only; zero counts write nothing', () => {
    const signup = activityUpdates({ teamId: 'T1', at, counts: { signups: 3 } });
    expect(signup.map((u) => [u.key.sk, u.add])).toEqual([
      ['D#2024-05-01', { signups: 3 }],
      ['TOTAL', { members: 3 }],
    ]);
    expect(activityUpdates({ teamId: 'T1', at, userId: 'U1', counts: { plays: 0, watchSeconds: 0 } })).toEqual([]);
  });

  it('per-day items outlive the longest analysis period before their TTL', () => {
    const [, contentDay] = activityUpdates({ teamId: 'T1', at, userId: 'U1', content: { type: 'article', id: 'A1' }, counts: { views: 1 } });
    const keepDays = ((contentDay!.set!.expiresAt as number) * 1000 - Date.parse('2024-05-01T00:00:00Z')) / 86_400_000;
    expect(keepDays).toBe(ROLLUP_KEEP_DAYS);
    expect(ROLLUP_KEEP_DAYS).toBeGreaterThan(Math.max(...Object.values(ANALYSIS_MAX_DAYS)));
  });

  it('refuses an id that could reach outside its key', () => {
    expect(() => activityUpdates({ teamId: 'T1', at, userId: 'U1#x', counts: { logins: 1 } })).toThrow();
  });
});

describe('recordActivity', () => {
  it('never fails the caller: a failed write is logged and the promise resolves', async () => {
    vi.mocked(updateItem).mockRejectedValue(new Error('throttled'));
    await expect(recordActivity({ teamId: 'T1', at, userId: 'U1', counts: { logins: 1 } })).resolves.toBeUndefined();
    expect(vi.mocked(updateItem)).toHaveBeenCalledTimes(2);
  });
});
