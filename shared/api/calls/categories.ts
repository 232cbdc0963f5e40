import { idSchema } from '../ids';
import type { Page } from '../page';
import * as z from 'zod/mini';
import { requiredText } from '../../rules/account';
import { code, invalidValue } from '../../rules/issues';
import { defineCall } from '../define';

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
export const listCategoriesCall = defineCall<typeof listInput, Page<TaxonomyItem>>()({
  path: '/category/list',
  domain: 'content',
  permission,
  input: listInput,
});
export const getCategoryCall = defineCall<typeof idInput, TaxonomyItem>()({
  path: '/category/get',
  domain: 'content',
  permission,
  input: idInput,
});
export const createCategoryCall = defineCall<typeof taxonomyFormSchema, { id: string }>()({
  path: '/category/create',
  domain: 'content',
  permission,
  input: taxonomyFormSchema,
});
export const updateCategoryCall = defineCall<typeof updateInput, Record<string, never>>()({
  path: '/category/update',
  domain: 'content',
  permission,
  input: updateInput,
});
/** Refused with `deletion/category_in_use` (409) while a video uses it. */
export const deleteCategoryCall = defineCall<typeof idInput, Record<string, never>>()({
  path: '/category/delete',
  domain: 'content',
  permission,
  input: idInput,
});

/** /admin/tag: sort number order. */
export const listTagsCall = defineCall<typeof listInput, Page<TaxonomyItem>>()({
  path: '/tag/list',
  domain: 'content',
  permission,
  input: listInput,
});
export const getTagCall = defineCall<typeof idInput, TaxonomyItem>()({ path: '/tag/get', domain: 'content', permission, input: idInput });
export const createTagCall = defineCall<typeof taxonomyFormSchema, { id: string }>()({
  path: '/tag/create',
  domain: 'content',
  permission,
  input: taxonomyFormSchema,
});
export const updateTagCall = defineCall<typeof updateInput, Record<string, never>>()({
  path: '/tag/update',
  domain: 'content',
  permission,
  input: updateInput,
});
/** Refused with `deletion/tag_in_use` (409) while a video uses it. */
export const deleteTagCall = defineCall<typeof idInput, Record<string, never>>()({
  path: '/tag/delete',
  domain: 'content',
  permission,
  input: idInput,
});

/** /admin/creator: sort number order. */
export const listCreatorsCall = defineCall<typeof listInput, Page<TaxonomyItem>>()({
  path: '/creator/list',
  domain: 'content',
  permission,
  input: listInput,
});
export const getCreatorCall = defineCall<typeof idInput, TaxonomyItem>()({
  path: '/creator/get',
  domain: 'content',
  permission,
  input: idInput,
});
export const createCreatorCall = defineCall<typeof creatorFormSchema, { id: string }>()({
  path: '/creator/create',
  domain: 'content',
  permission,
  input: creatorFormSchema,
});
export const updateCreatorCall = defineCall<typeof updateCreatorInput, Record<string, never>>()({
  path: '/creator/update',
  domain: 'content',
  permission,
  input: updateCreatorInput,
});
/** Refused with `deletion/creator_in_use` (409) while a video uses it. */
export const deleteCreatorCall = defineCall<typeof idInput, Record<string, never>>()({
  path: '/creator/delete',
  domain: 'content',
  permission,
  input: idInput,
});
