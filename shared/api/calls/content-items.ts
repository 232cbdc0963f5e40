import * as z from 'zod/mini';
import { requiredText } from '../../rules/account';
import { checkPublicGroups } from '../../rules/content';
import { checkPublicationPeriod, checkReleaseDate, checkViewPeriod, isoDateTimeSchema } from '../../rules/dates';
import { code, invalidValue, issueAt, reportIssues, whenValid } from '../../rules/issues';
import { descriptionSchema } from '../../rules/text';
import type { ContentAccess } from '../../content-access';
import { callsOf, defineCall } from '../define';
import { pageInput, type Page } from '../page';
import { contentIdSchema, fileKeySchema } from './categories';
import type { AttachedFile } from './files';
import { versionSchema } from '../version';

const contentCall = callsOf('content');

/**
 * The content types other than video (SPEC §3 PDF, Article, Playlist, Live, Event) share ONE stored shape and ONE
 * set of calls: the fields every item has (title, overview, thumbnail, taxonomy, publication, public flag, list
 * hidden, groups, prices, library files, viewable period) and a type's own `fields`. Each type declares its
 * `fields` schema and gets its admin calls from `contentItemCalls` (`/<type>/list|get|create|update|delete|preview`).
 * The video keeps its own entity (versions, transcoding) and shares the listing core and the access decision.
 */
export const contentItemTypes = ['pdf', 'article', 'playlist', 'live', 'event'] as const;
export type ContentItemType = (typeof contentItemTypes)[number];

export const CONTENT_TITLE_MAX_LENGTH = 200;
/** Kept small so an item's write (record, search rows, usage counts) stays one DynamoDB transaction. */
export const CONTENT_MAX_TAGS = 10;
export const CONTENT_MAX_GROUPS = 50;
export const CONTENT_MAX_PRICES = 20;
export const CONTENT_MAX_FILES = 20;
export const CONTENT_PAGE_MAX = 100;

export const contentStatuses = ['private', 'public', 'publicationPeriod'] as const;
export type ContentStatus = (typeof contentStatuses)[number];

/** SPEC §9 sort options of an admin content list. */
export const contentItemSorts = ['newest', 'updateDate', 'title'] as const;
export type ContentItemSort = (typeof contentItemSorts)[number];

export interface Period {
  start: string;
  end: string;
}

/** What every content item stores (times ISO-8601 UTC); `fields` is the type's own part. */
export interface ContentItem<F = unknown> {
  id: string;
  type: ContentItemType;
  title: string;
  overview: string;
  thumbnailKey?: string;
  categoryId?: string;
  tagIds: string[];
  creatorId?: string;
  status: ContentStatus;
  publicationPeriod?: Period;
  releasedAt?: string;
  /** SPEC §3 public flag: shown to visitors in the catalog (then not limited to groups). */
  isPublic: boolean;
  isListHidden: boolean;
  groupIds: string[];
  /** Stripe price ids of the team's account: members need a current purchase of one (SPEC §4 unpurchased). */
  priceIds: string[];
  /** Files of the team's file library (SPEC §2 /admin/filelist) attached to the item. */
  fileIds: string[];
  /** SPEC §3 viewable period; either end may be open. */
  viewablePeriod?: { start?: string; end?: string };
  fields: F;
  createdAt: string;
  updatedAt: string;
  /** Optimistic lock: send it back with `/<type>/update`; a newer write in between is refused. */
  version: number;
}

/** One row of an admin list. */
export type ContentItemRow = Pick<
  ContentItem,
  'id' | 'type' | 'title' | 'thumbnailKey' | 'status' | 'isPublic' | 'isListHidden' | 'releasedAt' | 'publicationPeriod' | 'createdAt' | 'updatedAt'
> & { summary?: string };

const unique = <T>(items: T[], by: (t: T) => string) => new Set(items.map(by)).size === items.length;
const optionalDate = z.optional(isoDateTimeSchema);
export const idListSchema = (max: number) =>
  z._default(
    z.array(contentIdSchema, invalidValue).check(
      z.maxLength(max, invalidValue),
      z.refine((ids) => unique(ids, (i) => i), invalidValue),
    ),
    [],
  );


/**
 * The form fields every content type shares with the video (SPEC §3): the video's form spreads them too, so the
 * rules for a title, the taxonomy, publication, groups, prices and library files are written once.
 */
export const sharedContentFields = {
  title: requiredText(CONTENT_TITLE_MAX_LENGTH),
  overview: z._default(descriptionSchema, ''),
  thumbnailKey: z._default(z.nullable(fileKeySchema), null),
  categoryId: z._default(z.nullable(contentIdSchema), null),
  tagIds: idListSchema(CONTENT_MAX_TAGS),
  creatorId: z._default(z.nullable(contentIdSchema), null),
  status: z._default(z.enum(contentStatuses, invalidValue), 'private'),
  releasedAt: optionalDate,
  publicationStart: optionalDate,
  publicationEnd: optionalDate,
  isPublic: z._default(z.boolean(invalidValue), false),
  isListHidden: z._default(z.boolean(invalidValue), false),
  groupIds: idListSchema(CONTENT_MAX_GROUPS),
  priceIds: z._default(
    z.array(z.string(invalidValue).check(z.regex(/^price_[0-9A-Za-z]{1,250}$/, code('validation/invalid_value'))), invalidValue).check(
      z.maxLength(CONTENT_MAX_PRICES, invalidValue),
      z.refine((ids) => unique(ids, (i) => i), invalidValue),
    ),
    [],
  ),
  fileIds: idListSchema(CONTENT_MAX_FILES),
};

const commonFields = {
  ...sharedContentFields,
  viewableStart: optionalDate,
  viewableEnd: optionalDate,
};

interface CommonFormValues {
  status: ContentStatus;
  releasedAt?: Date;
  publicationStart?: Date;
  publicationEnd?: Date;
  viewableStart?: Date;
  viewableEnd?: Date;
  isPublic: boolean;
  groupIds: string[];
}

/**
 * The create / edit form of a content type: the common fields (SPEC §5 dates, public vs groups) and `fields`, the
 * type's own schema (which checks its own cross-field rules).
 */
const commonChecks = (opts: { now?: () => Date }) =>
  z.superRefine(
    (value: unknown, ctx) => {
      const v = value as CommonFormValues;
      const now = (opts.now ?? (() => new Date()))();
      reportIssues(ctx, [
        ...(v.releasedAt ? issueAt(['releasedAt'], checkReleaseDate(v.releasedAt, now)) : []),
        ...(v.status === 'publicationPeriod' && !v.publicationStart ? issueAt(['publicationStart'], 'validation/required') : []),
        ...(v.status === 'publicationPeriod' && !v.publicationEnd ? issueAt(['publicationEnd'], 'validation/required') : []),
        ...issueAt(['publicationEnd'], checkPublicationPeriod(v.publicationStart, v.publicationEnd)),
        ...issueAt(['viewableEnd'], checkViewPeriod(v.viewableStart, v.viewableEnd)),
        ...issueAt(['groupIds'], checkPublicGroups({ isPublic: v.isPublic, groupIds: v.groupIds })),
      ]);
    },
    whenValid('releasedAt', 'publicationStart', 'publicationEnd', 'viewableStart', 'viewableEnd', 'groupIds', 'isPublic', 'status'),
  );

export const contentItemFormSchema = <F extends z.ZodMiniType>(fields: F, opts: { now?: () => Date } = {}) =>
  z.object({ ...commonFields, fields }, invalidValue).check(commonChecks(opts));

/** The update input: the form's fields at the top level (as the video's calls have them), the id and version. */
const contentItemUpdateSchema = <F extends z.ZodMiniType>(fields: F, opts: { now?: () => Date } = {}) =>
  z.object({ ...commonFields, fields, id: contentIdSchema, version: versionSchema() }, invalidValue).check(commonChecks(opts));

export type ContentItemForm<F = unknown> = Omit<z.output<ReturnType<typeof contentItemFormSchema<z.ZodMiniType>>>, 'fields'> & { fields: F };

const listInput = z.object(
  {
    /** Title search (prefix of the title or of a word in it; Japanese kana/width folded). */
    query: z._default(z.string(invalidValue).check(z.trim(), z.maxLength(100, code('validation/too_long'))), ''),
    sort: z._default(z.enum(contentItemSorts, invalidValue), 'newest'),
    direction: z._default(z.enum(['asc', 'desc'] as const, invalidValue), 'desc'),
    ...pageInput(20, CONTENT_PAGE_MAX),
  },
  invalidValue,
);
const idInput = z.object({ id: contentIdSchema }, invalidValue);

const permission = 'admin.contents';

/**
 * The admin calls of one content type, all answered by the one implementation in
 * lambdas/content/items/item-calls.ts. `F` is the type's stored `fields`.
 */
export function contentItemCalls<const T extends ContentItemType, S extends z.ZodMiniType, F = z.output<S>>(type: T, fields: S) {
  const form = contentItemFormSchema(fields);
  const createInput = form;
  const updateInput = contentItemUpdateSchema(fields);
  return {
    type,
    form,
    list: defineCall<typeof listInput, Page<ContentItemRow>>()({ path: `/${type}/list` as `/${T}/list`, domain: 'content', permission, input: listInput }),
    get: defineCall<typeof idInput, ContentItem<F>>()({ path: `/${type}/get` as `/${T}/get`, domain: 'content', permission, input: idInput }),
    create: defineCall<typeof createInput, { id: string; version: number }>()({
      path: `/${type}/create` as `/${T}/create`,
      domain: 'content',
      permission,
      input: createInput,
    }),
    update: defineCall<typeof updateInput, { version: number }>()({
      path: `/${type}/update` as `/${T}/update`,
      domain: 'content',
      permission,
      input: updateInput,
    }),
    remove: defineCall<typeof idInput, Record<string, never>>()({ path: `/${type}/delete` as `/${T}/delete`, domain: 'content', permission, input: idInput }),
    /**
     * SPEC §2 catalog preview mode: the item's page as a member who may open it sees it, whatever its status,
     * publication period, groups or prices (the operator checks it before publishing). Not ready: its not-found code.
     */
    preview: defineCall<typeof idInput, MemberContentAnswer>()({ path: `/${type}/preview` as `/${T}/preview`, domain: 'content', permission, input: idInput }),
  };
}
export type ContentItemCalls = ReturnType<typeof contentItemCalls<ContentItemType, z.ZodMiniType>>;

/** What a member or visitor reads of an item: the common card part; the type adds its view (`view`). */
export interface MemberContentItem {
  id: string;
  type: ContentItemType;
  title: string;
  overview: string;
  thumbnailUrl?: string;
  releasedAt?: string;
  createdAt: string;
  categoryId?: string;
  tagIds: string[];
  creatorId?: string;
  viewableStart?: string;
  viewableEnd?: string;
  /** Attached library files, each with a short-lived download URL while the item is visible. */
  files: AttachedFile[];
}

/** SPEC §4 states a member page shows (the server decides; `hidden` is answered 404). */
export type MemberContentState = Exclude<ContentAccess, 'hidden'>;

const memberGetFields = { type: z.enum(contentItemTypes, invalidValue), id: contentIdSchema };
/**
 * `eventId`: opened through that event (SPEC §2 event/pdf/:eventId/:pdfId/item_select, event/live/:eventId/:liveId/
 * item_select): the event must be visible to the member (applied, inside its hold period) and hold the content,
 * which then opens even when it is itself private or limited to groups; its own prices and viewable period still
 * apply. Otherwise 404 as for an unknown content.
 */
const memberGetInput = z.object({ ...memberGetFields, eventId: z.optional(contentIdSchema) }, invalidValue);
const catalogGetInput = z.object({ ...memberGetFields, teamId: contentIdSchema }, invalidValue);

/**
 * `view` is the type's own member view (PDF pages, article HTML, playlist videos, live link, event contents),
 * present only in the states that may show it; `priceIds` when `unpurchased`.
 */
export interface MemberContentAnswer<V = unknown> {
  state: MemberContentState;
  item: MemberContentItem;
  view?: V;
  priceIds?: string[];
}

/** The member page of any content item (SPEC §2 /user/:teamId/pdf/:pdfId, live/:liveId, playlist/:playlistId, event/:eventId). */
export const getMemberContentCall = contentCall<typeof memberGetInput, MemberContentAnswer>()('/member_content/get', 'member', memberGetInput);

/** The catalog mirror (visitors, while the team's catalog is public). */
export const getCatalogContentCall = contentCall<typeof catalogGetInput, MemberContentAnswer>()('/catalog/content/get', 'public', catalogGetInput);
