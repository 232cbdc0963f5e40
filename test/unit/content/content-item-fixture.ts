import type { ContentItem, ContentItemType } from '../../../shared/api/calls/content-items';

/** A stored content item for rule tests: public, in no group, without prices or files, created at `createdAt`. */
export const contentItemOf = <F>(
  base: { id: string; type: ContentItemType; title: string; createdAt: string },
  fields: F,
  over: Partial<Omit<ContentItem, 'fields'>> = {},
): ContentItem<F> => ({
  id: base.id,
  type: base.type,
  title: base.title,
  overview: '',
  tagIds: [],
  status: 'public',
  isPublic: false,
  isListHidden: false,
  groupIds: [],
  priceIds: [],
  fileIds: [],
  fields,
  createdAt: base.createdAt,
  updatedAt: base.createdAt,
  version: 1,
  ...over,
});
