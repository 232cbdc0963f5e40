import * as z from 'zod/mini';
import { contentTypes, type ContentType } from '../../content-types';
import { callsOf } from '../define';
import { sortOrders } from '../../rules/list-sort';
import { pageInput, type Page } from '../page';
import { contentIdSchema } from './categories';
import type { TaxonomyCard } from './member-videos';

const contentCall = callsOf('content');

/**
 * The member area's and the catalog's content lists (SPEC §2 /user/:teamId/videos…, /catalog/:teamId/…): ONE
 * input for every content type and both areas. The member call and the catalog call differ only in who may call
 * them (a member of the team; anyone while the team's catalog is public) and the catalog's `teamId`.
 */
export const CONTENT_PAGE_MAX = 50;
export const CONTENT_SEARCH_QUERY_MAX_LENGTH = 100;
/** A member in many groups pages many partitions at once: room for a position in each. */
const MERGED_CURSOR_MAX = 8000;

/** One content type, or every type merged newest first. */
export const contentListTypes = [...contentTypes, 'all'] as const;
export type ContentListType = (typeof contentListTypes)[number];
/**
 * One of SPEC §9's sorts (`newer` = newest release first, `titleAsc`…, shared/rules/list-sort.ts), or most views in
 * the last 30 days. A list call naming no order (and no search) is in the team's default order (basic info's
 * default sort, SPEC §3). The list of every type merged ('all') is kept by release date only: another sort of it
 * reads release date in that sort's direction.
 */
export const contentListOrders = [...sortOrders, 'popular'] as const;
export type ContentListOrder = (typeof contentListOrders)[number];

const invalid = { error: 'validation/invalid_value' } as const;

const listFields = {
  ...pageInput(20, CONTENT_PAGE_MAX, MERGED_CURSOR_MAX),
  type: z._default(z.enum(contentListTypes, invalid), 'video'),
  order: z.optional(z.enum(contentListOrders, invalid)),
  /** At most one of the three: the list is limited to one category, tag or creator. */
  categoryId: z.optional(contentIdSchema),
  tagId: z.optional(contentIdSchema),
  creatorId: z.optional(contentIdSchema),
  /** Search (title and overview; Japanese too: full/half width and katakana/hiragana are one). */
  query: z.optional(
    z
      .string({ error: 'validation/required' })
      .check(z.trim(), z.minLength(1, 'validation/required'), z.maxLength(CONTENT_SEARCH_QUERY_MAX_LENGTH, 'validation/too_long')),
  ),
};

type ListFields = { categoryId?: string; tagId?: string; creatorId?: string; query?: string; order?: string };
/** One category, tag or creator at most; search and popular are over the whole area. */
const checkCombination = <T extends z.ZodMiniType<ListFields>>(schema: T) =>
  schema.check(
    z.refine((v: ListFields) => [v.categoryId, v.tagId, v.creatorId].filter(Boolean).length <= 1, {
      message: 'validation/invalid_value',
      path: ['categoryId'],
    }),
    z.refine((v: ListFields) => !v.query || ((v.order ?? 'newer') === 'newer' && !v.categoryId && !v.tagId && !v.creatorId), {
      message: 'validation/invalid_value',
      path: ['query'],
    }),
    z.refine((v: ListFields) => v.order !== 'popular' || (!v.categoryId && !v.tagId && !v.creatorId), {
      message: 'validation/invalid_value',
      path: ['order'],
    }),
  );

const memberListInput = checkCombination(z.object(listFields));
const catalogListInput = checkCombination(z.object({ ...listFields, teamId: contentIdSchema }));

/**
 * One item in a member or catalog list. `thumbnailUrl` is a short-lived signed URL of the item's image; absent
 * when it has none.
 */
export interface ContentCard {
  type: ContentType;
  id: string;
  title: string;
  thumbnailUrl?: string;
  durationSeconds?: number;
  releasedAt?: string;
  createdAt: string;
}

/** A page of cards; `scope` is the category, tag or creator the list is limited to. */
export type ContentListPage = Page<ContentCard> & { scope?: TaxonomyCard };

/**
 * /user/:teamId/videos (newer, popular, /category/:id, /tag/:id, /creator/:id, /search/:query) and
 * /creator/:creatorId: only what this member may see. A missing scope answers 404 (`creator/not_found` for a
 * creator, else `common/not_found`).
 */
export const listMemberContentCall = contentCall<typeof memberListInput, ContentListPage>()('/member_content/list', 'member', memberListInput);

/** The same lists in the public catalog: public items only; 404 while the team's catalog is not public. */
export const listCatalogContentCall = contentCall<typeof catalogListInput, ContentListPage>()('/catalog/content/list', 'public', catalogListInput);
