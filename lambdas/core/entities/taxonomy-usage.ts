import type { ContentType } from '../../../shared/content-types';
import type { TransactOp } from '../../platform/db';
import { usageOps } from './taxonomy';

/**
 * The taxonomy references of a content item, whatever its type (SPEC §3: video, PDF, article, playlist, live,
 * event all take a category, tags and a creator where they have them). A category's, tag's or creator's usage
 * count counts every item that refers to it, so deleting one in use is blocked whatever uses it.
 */
export interface TaxonomyRefs {
  type: ContentType;
  categoryId?: string | null;
  tagIds?: readonly string[];
  creatorId?: string | null;
}

const ids = (refs: TaxonomyRefs | undefined) => ({
  category: refs?.categoryId ? [refs.categoryId] : [],
  tag: [...new Set(refs?.tagIds ?? [])],
  creator: refs?.creatorId ? [refs.creatorId] : [],
});

/**
 * For the item's own transaction: the usage counts that move between two states of an item (undefined = does not
 * exist): +1 for each newly referred taxonomy item, -1 for each dropped one, each conditioned on existing.
 */
export function usageChangeOps(teamId: string, before: TaxonomyRefs | undefined, after: TaxonomyRefs | undefined): TransactOp[] {
  const was = ids(before);
  const is = ids(after);
  return (['category', 'tag', 'creator'] as const).flatMap((kind) => [
    ...usageOps(teamId, kind, is[kind].filter((id) => !was[kind].includes(id)), 1),
    ...usageOps(teamId, kind, was[kind].filter((id) => !is[kind].includes(id)), -1),
  ]);
}
