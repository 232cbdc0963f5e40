import { describe, expect, it } from 'vitest';
import { usageChangeOps } from '../../../lambdas/core/entities/taxonomy-usage';

const T = '01TEAM';
/** Each op as "<taxonomy item partition>/<sort key> <delta>", to read the moves at a glance. */
const moves = (ops: ReturnType<typeof usageChangeOps>) =>
  ops.map((op) => {
    if (!('update' in op) || !op.update) throw new Error('expected an update');
    expect(op.update.condition).toBe('attribute_exists(pk)');
    return `${String(op.update.key.pk).replace(`T#${T}#`, '')}/${String(op.update.key.sk)} ${op.update.add?.usageCount}`;
  });

describe('taxonomy usage counts for every content type (listing core)', () => {
  it('counts a new PDF the same as a video: +1 for its category, each distinct tag and its creator', () => {
    const pdf = { type: 'pdf' as const, categoryId: 'C1', tagIds: ['T1', 'T1', 'T2'], creatorId: 'K1' };
    expect(moves(usageChangeOps(T, undefined, pdf))).toEqual(['CATEGORY/I#C1 1', 'TAG/I#T1 1', 'TAG/I#T2 1', 'CREATOR/I#K1 1']);
  });

  it('moves only what changed, and gives everything back when the item goes', () => {
    const before = { type: 'article' as const, categoryId: 'C1', tagIds: ['T1', 'T2'], creatorId: null };
    const after = { type: 'article' as const, categoryId: 'C2', tagIds: ['T2', 'T3'], creatorId: null };
    expect(moves(usageChangeOps(T, before, after))).toEqual(['CATEGORY/I#C2 1', 'CATEGORY/I#C1 -1', 'TAG/I#T3 1', 'TAG/I#T1 -1']);
    expect(moves(usageChangeOps(T, after, after))).toEqual([]);
    expect(moves(usageChangeOps(T, after, undefined))).toEqual(['CATEGORY/I#C2 -1', 'TAG/I#T2 -1', 'TAG/I#T3 -1']);
  });
});
