import { idSchema } from '../ids';
import type { Page } from '../page';
import * as z from 'zod/mini';
import { requiredText } from '../../rules/account';
import { code, invalidValue } from '../../rules/issues';
import { callsOf, defineCall } from '../define';

const contentCall = callsOf('content');

/**
 * SPEC §3 Category, tag, creator: the three ways content is grouped. They share one shape (a creator also
 * has a profile) and one set of calls each under `/category/*`, `/tag/*`, `/creator/*`.
 */
export const taxonomyKinds = ['category', 'tag', 'creator'] as const;
export type TaxonomyKind = (typeof taxonomyKinds)[number];

/** The one id shape (shared/api/ids.ts), under the name the content declarations use. */
export const contentIdSchema = idSchema;

/**
 * An object key the server handed out by `/upload/file/start` (thumbnail, subtitle, attachment): the server
 * checks it belongs to the caller's team before storing it.
 */
export const fileKeySchema = z
  .string({ error: code('validation/required') })
  .check(z.regex(/^T\/[0-9A-Za-z_-]{1,64}\/files\/[a-z]+\/[0-9A-Za-z_.-]{1,120}$/, code('validation/invalid_value')));

export const SORT_NUMBER_MAX = 999_999;
export const TAXONOMY_NAME_MAX_LENGTH = 100;
export const CREATOR_PROFILE_MAX_LENGTH = 2000;
export const TAXONOMY_PAGE_MAX = 100;

export interface TaxonomyItem {
  id: string;
  kind: TaxonomyKind;
  name: string;
  thumbnailKey?: string;
  /** Lists show smaller numbers first (ties: oldest first). */
  sortNumber: number;
  /** Contents using it (videos for now); while above 0 it cannot be deleted (SPEC §8 deletion/*_in_use). */
  usageCount: number;
  /** Creators only. */
  profile?: string;
  createdAt: string;
  updatedAt: string;
}

const cursorInput = {
  cursor: z.optional(z.string(invalidValue).check(z.maxLength(2000, code('validation/too_long')))),
  limit: z._default(
    z
      .number(invalidValue)
      .check(
        z.refine(Number.isSafeInteger, code('validation/not_integer')),
        z.gte(1, invalidValue),
        z.lte(TAXONOMY_PAGE_MAX, invalidValue),
      ),
    50,
  ),
};

const formFields = {
  name: requiredText(TAXONOMY_NAME_MAX_LENGTH),
  thumbnailKey: z._default(z.nullable(fileKeySchema), null),
  sortNumber: z._default(
    z
      .number(invalidValue)
      .check(z.refine(Number.isSafeInteger, code('validation/not_integer')), z.gte(0, invalidValue), z.lte(SORT_NUMBER_MAX, invalidValue)),
    0,
  ),
};
const profileField = {
  profile: z._default(z.string(invalidValue).check(z.trim(), z.maxLength(CREATOR_PROFILE_MAX_LENGTH, code('validation/too_long'))), ''),
};

/** The create / edit form of a category or tag. */
export const taxonomyFormSchema = z.object(formFields, invalidValue);
/** The create / edit form of a creator (with its profile). */
export const creatorFormSchema = z.object({ ...formFields, ...profileField }, invalidValue);

const idInput = z.object({ id: contentIdSchema }, invalidValue);
const listInput = z.object(cursorInput, invalidValue);
const updateInput = z.safeExtend(taxonomyFormSchema, { id: contentIdSchema });
const updateCreatorInput = z.safeExtend(creatorFormSchema, { id: contentIdSchema });

// Category, tag and creator masters are contents management (SPEC §6 contents manager).
const permission = 'admin.contents';

/** /admin/category: sort number order. */
export const listCategoriesCall = contentCall<typeof listInput, Page<TaxonomyItem>>()('/category/list', permission, listInput);
export const getCategoryCall = contentCall<typeof idInput, TaxonomyItem>()('/category/get', permission, idInput);
export const createCategoryCall = contentCall<typeof taxonomyFormSchema, { id: string }>()('/category/create', permission, taxonomyFormSchema);
export const updateCategoryCall = contentCall<typeof updateInput, Record<string, never>>()('/category/update', permission, updateInput);
/** Refused with `deletion/category_in_use` (409) while a video uses it. */
export const deleteCategoryCall = contentCall<typeof idInput, Record<string, never>>()('/category/delete', permission, idInput);

/** /admin/tag: sort number order. */
export const listTagsCall = contentCall<typeof listInput, Page<TaxonomyItem>>()('/tag/list', permission, listInput);
export const getTagCall = defineCall<typeof idInput, TaxonomyItem>()({ path: '/tag/get', domain: 'content', permission, input: idInput });
export const createTagCall = contentCall<typeof taxonomyFormSchema, { id: string }>()('/tag/create', permission, taxonomyFormSchema);
export const updateTagCall = contentCall<typeof updateInput, Record<string, never>>()('/tag/update', permission, updateInput);
/** Refused with `deletion/tag_in_use` (409) while a video uses it. */
export const deleteTagCall = contentCall<typeof idInput, Record<string, never>>()('/tag/delete', permission, idInput);

/** /admin/creator: sort number order. */
export const listCreatorsCall = contentCall<typeof listInput, Page<TaxonomyItem>>()('/creator/list', permission, listInput);
export const getCreatorCall = contentCall<typeof idInput, TaxonomyItem>()('/creator/get', permission, idInput);
export const createCreatorCall = contentCall<typeof creatorFormSchema, { id: string }>()('/creator/create', permission, creatorFormSchema);
export const updateCreatorCall = contentCall<typeof updateCreatorInput, Record<string, never>>()('/creator/update', permission, updateCreatorInput);
/** Refused with `deletion/creator_in_use` (409) while a video uses it. */
export const deleteCreatorCall = contentCall<typeof idInput, Record<string, never>>()('/creator/delete', permission, idInput);

/** Each kind's five calls: the server, the admin pages and the tests serve the three kinds alike. */
export const taxonomyCallSets = {
  category: { list: listCategoriesCall, get: getCategoryCall, create: createCategoryCall, update: updateCategoryCall, remove: deleteCategoryCall },
  tag: { list: listTagsCall, get: getTagCall, create: createTagCall, update: updateTagCall, remove: deleteTagCall },
  creator: { list: listCreatorsCall, get: getCreatorCall, create: createCreatorCall, update: updateCreatorCall, remove: deleteCreatorCall },
} as const;
