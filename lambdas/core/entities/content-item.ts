import type { ContentItem, ContentItemRow, ContentItemSort, ContentItemType } from '../../../shared/api/calls/content-items';
import type { Page } from '../../../shared/api/page';
import { decodeCursor, encodeCursor } from '../http/cursor';
import { atVersion, batchGet, getItem, type Item, query, type QuerySpec, transact, type TransactOp } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';
import { fileUsageOps } from './library-file';
import { searchText, titleSearchTerms } from './admin-index';
import type { ListingEntry } from './listing-entry';
import { saveListed } from './list-rows';
import { usageChangeOps, type TaxonomyRefs } from './taxonomy-usage';
import { moveReferences, type ContentRef } from './content-references';

/**
 * Every content item that is not a video (PDF, article, playlist, live, event): ONE entity module. Keys:
 *
 *   record   T#<t>#<TYPE>#<id>          <TYPE>
 *            gsi1 T#<t>#<TYPE>S / <createdAt>#<id>                 admin list, newest
 *            gsi2 T#<t>#<TYPE>S / <updatedAt>#<id>                 admin list, update date
 *            gsi3 T#<t>#<TYPE>S / <title as search text>#<id>      admin list, title
 *   rows     T#<t>#<TYPE>SEARCH / <term>#<id>                      admin title search (prefix Query)
 *
 * The record, its search rows, the usage counts of its category, tags, creator and library files are one
 * transaction conditioned on the record's `version`. Around it, the listing core moves its member and catalog
 * list rows (`saveListed`) and `content-references.ts` its references to other contents (a playlist's videos, an
 * event's contents). What differs by type is said by its `ItemTypeRules` (items/item-types.ts).
 */
type ItemRecord = Item & ContentItem & { gsi1pk: string; gsi1sk: string; gsi2pk: string; gsi2sk: string; gsi3pk: string; gsi3sk: string };
type SearchRow = Item & ContentItemRow;

const TYPE = (type: ContentItemType) => type.toUpperCase();
const recordKey = (teamId: string, type: ContentItemType, id: string) => ({ pk: teamKey(teamId, TYPE(type), assertId(id)), sk: TYPE(type) });
const adminPk = (teamId: string, type: ContentItemType) => teamKey(teamId, `${TYPE(type)}S`);
const searchPk = (teamId: string, type: ContentItemType) => teamKey(teamId, `${TYPE(type)}SEARCH`);

/** What differs by type, as the entity needs it. */
export interface ItemShape {
  /** False while there is nothing to show yet (e.g. a PDF whose file is not checked). */
  ready: (item: ContentItem) => boolean;
  /** Contents this item refers to (a playlist's videos, an event's contents). */
  references: (item: ContentItem) => ContentRef[];
  /** The admin list's one-line summary (e.g. a PDF's page count, a live's start). */
  summary?: (item: ContentItem) => string | undefined;
}

export const rowOf = (item: ContentItem, shape: ItemShape): ContentItemRow => {
  const summary = shape.summary?.(item);
  return {
    id: item.id,
    type: item.type,
    title: item.title,
    ...(item.thumbnailKey ? { thumbnailKey: item.thumbnailKey } : {}),
    status: item.status,
    isPublic: item.isPublic,
    isListHidden: item.isListHidden,
    ...(item.releasedAt ? { releasedAt: item.releasedAt } : {}),
    ...(item.publicationPeriod ? { publicationPeriod: item.publicationPeriod } : {}),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    ...(summary ? { summary } : {}),
  };
};

/** What the listing core knows of an item: where it is listed, its taxonomy and its card. */
export const listingEntryOf = (item: ContentItem, shape: ItemShape): ListingEntry => ({
  type: item.type,
  id: item.id,
  version: item.version,
  title: item.title,
  overview: item.overview,
  ...(item.thumbnailKey ? { thumbnailKey: item.thumbnailKey } : {}),
  ...(item.releasedAt ? { releasedAt: item.releasedAt } : {}),
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
  status: item.status,
  ...(item.publicationPeriod ? { publicationPeriod: item.publicationPeriod } : {}),
  isPublic: item.isPublic,
  isListHidden: item.isListHidden,
  ready: shape.ready(item),
  groupIds: item.groupIds,
  ...(item.categoryId ? { categoryId: item.categoryId } : {}),
  tagIds: item.tagIds,
  ...(item.creatorId ? { creatorId: item.creatorId } : {}),
});

const searchRows = (teamId: string, item: ContentItem, shape: ItemShape): SearchRow[] =>
  titleSearchTerms(item.title).map((term) => ({ pk: searchPk(teamId, item.type), sk: `${term}#${item.id}`, ...rowOf(item, shape) }));

const refsOf = (item: ContentItem | undefined): TaxonomyRefs | undefined =>
  item && { type: item.type, categoryId: item.categoryId, tagIds: item.tagIds, creatorId: item.creatorId };

const versionCondition = (before: ContentItem) => atVersion(before.version);
const keyOf = (i: Item) => `${i.pk}\u0000${i.sk}`;

/** The writes turning `before` (undefined: new) into `after` (its version is before's + 1). */
export function saveItemOps(teamId: string, before: ContentItem | undefined, after: ContentItem, shape: ItemShape): TransactOp[] {
  if (before && (before.id !== after.id || before.type !== after.type)) throw new Error('A content item keeps its id and type');
  const pk = adminPk(teamId, after.type);
  const record: ItemRecord = {
    ...recordKey(teamId, after.type, after.id),
    gsi1pk: pk,
    gsi1sk: `${after.createdAt}#${after.id}`,
    gsi2pk: pk,
    gsi2sk: `${after.updatedAt}#${after.id}`,
    gsi3pk: pk,
    gsi3sk: `${searchText(after.title)}#${after.id}`,
    // `type` is the content type (the attribute every item's kind is read from).
    ...after,
  };
  const rows = searchRows(teamId, after, shape);
  const current = new Set(rows.map(keyOf));
  const stale = before ? searchRows(teamId, before, shape).filter((i) => !current.has(keyOf(i))) : [];
  return [
    before ? { put: record, ...versionCondition(before) } : { put: record, ifNotExists: true },
    ...stale.map((i): TransactOp => ({ delete: { pk: i.pk, sk: i.sk } })),
    ...rows.map((i): TransactOp => ({ put: i })),
    ...usageChangeOps(teamId, refsOf(before), refsOf(after)),
    ...fileUsageOps(teamId, before?.fileIds ?? [], after.fileIds),
  ];
}

export function deleteItemOps(teamId: string, before: ContentItem, shape: ItemShape): TransactOp[] {
  return [
    { delete: recordKey(teamId, before.type, before.id), ...versionCondition(before) },
    ...searchRows(teamId, before, shape).map((i): TransactOp => ({ delete: { pk: i.pk, sk: i.sk } })),
    ...usageChangeOps(teamId, refsOf(before), undefined),
    ...fileUsageOps(teamId, before.fileIds, []),
  ];
}

const fromRecord = (record: ItemRecord): ContentItem => {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, gsi3pk: _e, gsi3sk: _f, ...item } = record;
  return item as ContentItem;
};

export async function getContentItem<F = unknown>(teamId: string, type: ContentItemType, id: string, consistent = false): Promise<ContentItem<F> | undefined> {
  const record = await getItem<ItemRecord>(recordKey(teamId, type, id), consistent);
  return record && (fromRecord(record) as ContentItem<F>);
}

/** Several items of one type in one BatchGet, in the order of `ids` (unknown ids left out). */
export async function getContentItems(teamId: string, type: ContentItemType, ids: readonly string[]): Promise<ContentItem[]> {
  if (!ids.length) return [];
  const records = await batchGet<ItemRecord>([...new Set(ids)].map((id) => recordKey(teamId, type, id)));
  const byId = new Map(records.map((r) => [r.id, fromRecord(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const currentEntry = (teamId: string, type: ContentItemType, id: string, shape: ItemShape) => async () => {
  const current = await getContentItem(teamId, type, id, true);
  return current && listingEntryOf(current, shape);
};

/**
 * Saves `after` over `before` (undefined: new): references added go first (so a referenced video cannot be
 * deleted meanwhile), the list rows taken away go first, the record's transaction, then new list rows and the
 * references dropped. Throws ConditionFailedError when another write came first. Answers the saved item.
 */
export async function commitContentItem(teamId: string, before: ContentItem | undefined, after: ContentItem, shape: ItemShape): Promise<ContentItem> {
  const saved = { ...after, version: (before?.version ?? 0) + 1 };
  const from = before ? shape.references(before) : [];
  const to = shape.references(saved);
  await moveReferences(teamId, saved, from, to, 'add');
  await saveListed(
    teamId,
    before && listingEntryOf(before, shape),
    listingEntryOf(saved, shape),
    () => transact(saveItemOps(teamId, before, saved, shape)),
    currentEntry(teamId, saved.type, saved.id, shape),
  );
  await moveReferences(teamId, saved, from, to, 'remove');
  return saved;
}

/** Deletes the item read as `before`, its list rows and its references. */
export async function removeContentItem(teamId: string, before: ContentItem, shape: ItemShape): Promise<void> {
  await saveListed(
    teamId,
    listingEntryOf(before, shape),
    undefined,
    () => transact(deleteItemOps(teamId, before, shape)),
    currentEntry(teamId, before.type, before.id, shape),
  );
  await moveReferences(teamId, before, shape.references(before), [], 'remove');
}

export interface ItemListOptions {
  query: string;
  sort: ContentItemSort;
  direction: 'asc' | 'desc';
  cursor?: string;
  limit: number;
}

/** An admin list page: one Query on gsi1 (newest), gsi2 (update date) or gsi3 (title); search is a prefix Query. */
export async function listContentItems(teamId: string, type: ContentItemType, opts: ItemListOptions, shape: ItemShape): Promise<Page<ContentItemRow>> {
  const term = searchText(opts.query);
  const ascending = opts.sort === 'newest' ? false : opts.direction === 'asc';
  const index = term ? undefined : ({ newest: 'gsi1', updateDate: 'gsi2', title: 'gsi3' } as const)[opts.sort];
  const spec: QuerySpec = term
    ? { pk: searchPk(teamId, type), sk: { beginsWith: term }, ascending: true }
    : { index, pk: adminPk(teamId, type), ascending };
  const partition = { name: index ? (`${index}pk` as const) : ('pk' as const), value: spec.pk };
  const page = await query<Item>({ ...spec, limit: opts.limit, startKey: decodeCursor(opts.cursor, { teamId, partition }) });
  const rows = page.items.map((i) => ('gsi1pk' in i ? rowOf(fromRecord(i as ItemRecord), shape) : stripRow(i as SearchRow)));
  // A title matching two of its search terms (the whole title and a word) appears once on the page.
  const seen = new Set<string>();
  return { items: rows.filter((r) => !seen.has(r.id) && seen.add(r.id)), nextCursor: encodeCursor(page.lastKey) };
}

const stripRow = ({ pk: _pk, sk: _sk, ...row }: SearchRow): ContentItemRow => row;

/**
 * The id of one item of `type` whose `fields.<field>` is `value`, or undefined: the admin list's Query filtered on
 * it (a live naming a survey, asked when the survey is deleted).
 */
export async function firstItemWithField(teamId: string, type: ContentItemType, field: string, value: string): Promise<string | undefined> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await query<ItemRecord>({
      index: 'gsi1',
      pk: adminPk(teamId, type),
      startKey,
      filter: { expression: '#fields.#field = :value', names: { '#fields': 'fields', '#field': field }, values: { ':value': value } },
    });
    if (page.items[0]) return page.items[0].id;
    startKey = page.lastKey;
  } while (startKey);
  return undefined;
}
