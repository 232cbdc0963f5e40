import type { TaxonomyKind } from '../../../shared/api/calls/categories';
import type { Page } from '../../../shared/api/page';
import { isPublishedAt } from '../../../shared/content-access';
import type { ContentType } from '../../../shared/content-types';
import type { ListSort } from '../../../shared/rules/list-sort';
import { AppError } from '../http/app-error';
import { decodeCursor, decodeMergedCursor, encodeCursor, encodeMergedCursor, type MergedPositions } from '../http/cursor';
import { ConditionFailedError, deleteItem, putItem, query, type Item, type Key, type QuerySpec, type TableIndex } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';
import { isInCatalog, isListedEntry, listSearchText, normalizeSearchText, type ListingEntry } from './listing-entry';

/**
 * The list rows of every content type: the only module that builds their keys.
 *
 *   pk    T#<t>#LIST#<area>#<audience>#<scope>      sk  <releasedAt or createdAt>#<TYPE>#<id>
 *   gsi3  <pk>#TYPE#<TYPE>                          <sk>                          one content type, by release date
 *   gsi1  <pk>#TYPE#<TYPE>                          <createdAt>#<TYPE>#<id>       by creation
 *   gsi2  <pk>#TYPE#<TYPE>                          <updatedAt>#<TYPE>#<id>       by update date
 *   gsi4  <pk>#TYPE#<TYPE>                          <title as sorted>#<TYPE>#<id> by title
 *
 *   area      MEMBER | CATALOG
 *   audience  ANY      every listed item (administrators' view, and member search)
 *             ALL      items for every member (no groups)
 *             G#<id>   items limited to groups, one partition per group
 *             (the catalog has only ALL: a public item is never limited to groups)
 *   scope     ALL | CATEGORY#<id> | TAG#<id> | CREATOR#<id>
 *
 * A member's list merges the partitions of the audiences they belong to (ALL and each of their groups), newest
 * first, so a member in 1 group of 50 reads two partitions that hold only what they may see: full pages, and
 * the same reads at 100 items as at 10,000 (bench/video-list.ts). The scope ALL rows that search reads (ANY, and
 * the catalog's) carry `searchText`.
 *
 * One content type's list can be read in each of SPEC §9's sorts (shared/rules/list-sort.ts), each an index whose
 * values end with the row's type and id, so every position is unique and a cursor resumes exactly; the list of every
 * type merged is kept by release date only.
 *
 * Rows are not part of an item's own transaction (a video in 50 groups with 10 tags has hundreds): the item's
 * module saves through `saveListed`, which removes the rows the save takes away, commits the record, then writes
 * the new rows. Each row carries the item's version and a write never replaces a newer version's row, so
 * concurrent saves converge; see `projectListing`.
 */
export type ListArea = 'member' | 'catalog';
export type ListScope = { kind: TaxonomyKind; id: string } | 'all';
/** Whose rows a partition holds: see the key layout above. */
export type Audience = 'any' | 'all' | { groupId: string };

/** One list row: the card a list shows and what a reader needs to decide visibility. */
export interface ListRow {
  contentType: ContentType;
  id: string;
  title: string;
  thumbnailKey?: string;
  durationSeconds?: number;
  releasedAt?: string;
  createdAt: string;
  status: ListingEntry['status'];
  publicationPeriod?: ListingEntry['publicationPeriod'];
  isPublic: boolean;
  groupIds: string[];
}

type SortIndexes = { gsi1pk: string; gsi1sk: string; gsi2pk: string; gsi2sk: string; gsi3pk: string; gsi3sk: string; gsi4pk: string; gsi4sk: string };
type RowItem = Item & ListRow & SortIndexes & { version: number; searchText?: string };

const audienceKey = (a: Audience): string => (a === 'any' ? 'ANY' : a === 'all' ? 'ALL' : `G#${assertId(a.groupId, 'groupId')}`);
const scopeKey = (s: ListScope): string[] => (s === 'all' ? ['ALL'] : [s.kind.toUpperCase(), assertId(s.id)]);
const listPk = (teamId: string, area: ListArea, audience: Audience, scope: ListScope) =>
  teamKey(teamId, 'LIST', area === 'member' ? 'MEMBER' : 'CATALOG', audienceKey(audience), ...scopeKey(scope));
const typedPk = (pk: string, type: ContentType) => `${pk}#TYPE#${type.toUpperCase()}`;
const sortKey = (e: Pick<ListingEntry, 'releasedAt' | 'createdAt' | 'type' | 'id'>) =>
  `${e.releasedAt ?? e.createdAt}#${e.type.toUpperCase()}#${assertId(e.id)}`;
/** What a sort key looks like (checked on every cursor position). */
const SORT_KEY_BODY = '[0-9T:.Z-]{10,40}#[A-Z]{2,10}#[0-9A-Za-z_-]{1,64}';
const SORT_KEY = new RegExp(`^${SORT_KEY_BODY}$`);
/** How much of a title its sort key keeps: enough to order by, short enough for a cursor. */
const TITLE_SORT_LENGTH = 60;
/** Title order: as search compares text (case, width and kana folded), control characters dropped. */
export const titleSortText = (title: string): string =>
  // eslint-disable-next-line no-control-regex
  normalizeSearchText(title).replace(/[\u0000-\u001f]/g, '').slice(0, TITLE_SORT_LENGTH) || '-';

/** The sort indexes of a row in `pk` (see the key layout above). */
function sortIndexesOf(pk: string, e: ListingEntry, sk: string): SortIndexes {
  const typed = typedPk(pk, e.type);
  const tail = `#${e.type.toUpperCase()}#${assertId(e.id)}`;
  return {
    gsi1pk: typed,
    gsi1sk: `${e.createdAt}${tail}`,
    gsi2pk: typed,
    gsi2sk: `${e.updatedAt}${tail}`,
    gsi3pk: typed,
    gsi3sk: sk,
    gsi4pk: typed,
    gsi4sk: `${titleSortText(e.title)}${tail}`,
  };
}

const scopesOf = (e: ListingEntry): ListScope[] => [
  'all',
  ...(e.categoryId ? [{ kind: 'category' as const, id: e.categoryId }] : []),
  ...[...new Set(e.tagIds)].map((id) => ({ kind: 'tag' as const, id })),
  ...(e.creatorId ? [{ kind: 'creator' as const, id: e.creatorId }] : []),
];

/** Every row an entry is listed with (none while it is not listed). */
export function listRowsOf(teamId: string, e: ListingEntry): RowItem[] {
  if (!isListedEntry(e)) return [];
  const row: ListRow = {
    contentType: e.type,
    id: e.id,
    title: e.title,
    ...(e.thumbnailKey ? { thumbnailKey: e.thumbnailKey } : {}),
    ...(e.durationSeconds !== undefined ? { durationSeconds: e.durationSeconds } : {}),
    ...(e.releasedAt ? { releasedAt: e.releasedAt } : {}),
    createdAt: e.createdAt,
    status: e.status,
    ...(e.publicationPeriod ? { publicationPeriod: e.publicationPeriod } : {}),
    isPublic: e.isPublic,
    groupIds: [...e.groupIds],
  };
  const sk = sortKey(e);
  const search = listSearchText(e);
  const member: Audience[] = ['any', ...(e.groupIds.length ? [...new Set(e.groupIds)].map((groupId) => ({ groupId })) : ['all' as const])];
  const partitions: [ListArea, Audience][] = [
    ...member.map((a): [ListArea, Audience] => ['member', a]),
    ...(isInCatalog(e) ? [['catalog', 'all'] as [ListArea, Audience]] : []),
  ];
  return partitions.flatMap(([area, audience]) =>
    scopesOf(e).map((scope): RowItem => {
      const pk = listPk(teamId, area, audience, scope);
      return {
        pk,
        sk,
        ...sortIndexesOf(pk, e, sk),
        type: 'listRow',
        version: e.version,
        ...row,
        // Search reads only the member area's ANY rows and the catalog's (see searchRows).
        ...(scope === 'all' && (audience === 'any' || area === 'catalog') ? { searchText: search } : {}),
      };
    }),
  );
}

const keyOf = (i: Key) => `${i.pk}\u0000${i.sk}`;
/** Writes in flight at once while projecting. */
const PROJECTION_CONCURRENCY = 25;

/** Not older than `version`: a row written for a newer version of the item stays. */
const notNewer = (version: number) => ({
  condition: 'attribute_not_exists(pk) OR #version <= :version',
  names: { '#version': 'version' },
  values: { ':version': version },
});

async function ignoringNewer(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
  }
}

/** The rows `before` has and `after` (undefined: gone) does not. */
const staleRows = (teamId: string, before: ListingEntry | undefined, after: ListingEntry | undefined): RowItem[] => {
  const keep = new Set((after ? listRowsOf(teamId, after) : []).map(keyOf));
  return before ? listRowsOf(teamId, before).filter((r) => !keep.has(keyOf(r))) : [];
};

async function runWrites(writes: (() => Promise<void>)[]): Promise<void> {
  for (let i = 0; i < writes.length; i += PROJECTION_CONCURRENCY) {
    await Promise.all(writes.slice(i, i + PROJECTION_CONCURRENCY).map(ignoringNewer));
  }
}

/** Moves the rows from `before`'s to `after`'s (undefined: not there), as of `version`. */
async function writeRows(teamId: string, before: ListingEntry | undefined, after: ListingEntry | undefined, version: number): Promise<void> {
  await runWrites([
    ...staleRows(teamId, before, after).map((r) => () => deleteItem({ pk: r.pk, sk: r.sk }, notNewer(version))),
    ...(after ? listRowsOf(teamId, after) : []).map((r) => () => putItem(r, notNewer(version))),
  ]);
}

/**
 * Writes its rows after an item's own transaction moved it from `before` to `after` (undefined: created or
 * deleted), then reads the item again (`current`): when another save came in meanwhile, the rows move on to that
 * state too, so a slow writer's rows never outlive a newer save. A deleted item's rows are removed as of the
 * version after its last.
 */
export async function projectListing(
  teamId: string,
  before: ListingEntry | undefined,
  after: ListingEntry | undefined,
  current: () => Promise<ListingEntry | undefined>,
): Promise<void> {
  let from = before;
  let to = after;
  for (let round = 0; round < 5; round++) {
    const version = to?.version ?? (from?.version ?? 0) + 1;
    await writeRows(teamId, from, to, version);
    const now = await current();
    if (now?.version === to?.version) return;
    from = to ?? from;
    to = now;
  }
}

/**
 * Saves an item with its list rows, failing closed: the rows the save takes away (made private, limited to a
 * group, removed from a category, deleted) go BEFORE `commit` runs its transaction, the new ones after it. A
 * process stopped between the two leaves the item missing from a list until its next save, never listed where it
 * no longer belongs. When `commit` fails, the rows are put back as the stored item has them.
 */
export async function saveListed<T>(
  teamId: string,
  before: ListingEntry | undefined,
  after: ListingEntry | undefined,
  commit: () => Promise<T>,
  current: () => Promise<ListingEntry | undefined>,
): Promise<T> {
  const version = after?.version ?? (before?.version ?? 0) + 1;
  await runWrites(staleRows(teamId, before, after).map((r) => () => deleteItem({ pk: r.pk, sk: r.sk }, notNewer(version))));
  let result: T;
  try {
    result = await commit();
  } catch (e) {
    const stored = await current();
    await projectListing(teamId, undefined, stored, current);
    throw e;
  }
  await projectListing(teamId, before, after, current);
  return result;
}

const rowOf = ({
  pk: _pk,
  sk: _sk,
  gsi1pk: _1p,
  gsi1sk: _1s,
  gsi2pk: _2p,
  gsi2sk: _2s,
  gsi3pk: _3p,
  gsi3sk: _3s,
  gsi4pk: _4p,
  gsi4sk: _4s,
  type: _type,
  version: _v,
  searchText: _s,
  ...row
}: RowItem): ListRow => row;

export interface ListRowsQuery {
  area: ListArea;
  /** One type, or every type merged ('all'). */
  type: ContentType | 'all';
  scope: ListScope;
  /** Whose partitions to merge (the reader's audiences); the first is read first and bounds the others' reads. */
  audiences: readonly Audience[];
  /** One of SPEC §9's sorts (newest release first when absent); the list of every type merged reads release date in its direction. */
  sort?: ListSort;
  cursor?: string;
  limit: number;
  now: Date;
  /** Keep rows outside their publication period at `now` too (an administrator's view of what is listed). */
  anyPeriod?: boolean;
}

/** The sort indexes of one type's list; the list of every type is the table's own order (release date). */
const sortIndex: Record<ListSort['key'], TableIndex> = { releaseDate: 'gsi3', created: 'gsi1', updated: 'gsi2', title: 'gsi4' };

/**
 * Where a list is read: the table or an index, and how a cursor position names a row in it. A position is the row's
 * value in the index read; when that is not the table's sort key (every sort but release date), the table's sort key
 * follows it after a unit separator, because a Query resuming in an index needs the table's key too.
 */
interface ListReading {
  index?: TableIndex;
  /** The attribute the rows are ordered by. */
  orderAttr: 'sk' | `${TableIndex}sk`;
  compound: boolean;
  position: RegExp;
}

const SEP = '\u001f';

const NEWEST: ListSort = { key: 'releaseDate', direction: 'desc' };

function readingOf(type: ListRowsQuery['type'], sort: ListSort): ListReading {
  if (type === 'all') return { orderAttr: 'sk', compound: false, position: SORT_KEY };
  const index = sortIndex[sort.key];
  if (index === 'gsi3') return { index, orderAttr: 'gsi3sk', compound: false, position: SORT_KEY };
  const value = sort.key === 'title' ? `[^${SEP}]{1,${TITLE_SORT_LENGTH * 2}}` : '[0-9T:.Z-]{10,40}';
  return { index, orderAttr: `${index}sk`, compound: true, position: new RegExp(`^${value}#[A-Z]{2,10}#[0-9A-Za-z_-]{1,64}${SEP}${SORT_KEY_BODY}$`) };
}

const orderValue = (r: ListReading, item: RowItem): string => item[r.orderAttr];
const positionOf = (r: ListReading, item: RowItem): string => (r.compound ? `${orderValue(r, item)}${SEP}${item.sk}` : item.sk);

/** The Query's start after `position` in partition `tablePk` (read through `indexPk` when in an index). */
function startKeyOf(r: ListReading, tablePk: string, indexPk: string, position: string): Key & Record<string, string> {
  if (!r.index) return { pk: tablePk, sk: position };
  const at = position.lastIndexOf(SEP);
  const [value, sk] = r.compound ? [position.slice(0, at), position.slice(at + 1)] : [position, position];
  return { pk: tablePk, sk, [`${r.index}pk`]: indexPk, [`${r.index}sk`]: value };
}

/** DynamoDB orders string keys by their UTF-8 bytes (not JavaScript's UTF-16 units): merges compare the same way. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * A list page in `sort`: one Query per audience (each at most `limit` rows), merged in the sort's order.
 * Rows outside their publication period at `now` are left out of the page (so it may hold fewer than `limit`;
 * the cursor continues).
 */
export async function listRows(teamId: string, q: ListRowsQuery): Promise<Page<ListRow>> {
  const sort = q.sort ?? NEWEST;
  const reading = readingOf(q.type, sort);
  const ascending = sort.direction === 'asc';
  const parts = q.audiences.map((audience) => {
    const tablePk = listPk(teamId, q.area, audience, q.scope);
    return { name: audienceKey(audience), tablePk, pk: reading.index ? typedPk(tablePk, q.type as ContentType) : tablePk };
  });
  const positions = decodeMergedCursor(
    q.cursor,
    parts.map((p) => p.name),
    reading.position,
  );
  const read = async (part: (typeof parts)[number], bound?: string) => {
    const at = positions[part.name];
    if (at === null) return { part, items: [] as RowItem[], ended: true };
    const spec: QuerySpec = {
      ...(reading.index ? { index: reading.index } : {}),
      pk: part.pk,
      ascending,
      limit: q.limit,
      ...(at === undefined ? {} : { startKey: startKeyOf(reading, part.tablePk, part.pk, at) }),
      ...(bound ? { sk: ascending ? { lte: bound } : { gte: bound } } : {}),
    };
    const page = await query<RowItem>(spec);
    // A bounded read stops at the bound, not at the partition's end.
    return { part, items: page.items, ended: !bound && !page.lastKey };
  };
  // The first audience (member-wide or everyone) is read first: when it fills a page, rows of the other
  // partitions past its last row cannot make the page, so they are read only to that row. A member in 1 of 50
  // groups then reads about one page of rows whatever the team's size, at the cost of one round trip.
  const [lead, ...others] = parts;
  const first = await read(lead);
  const bound = first.items.length === q.limit ? orderValue(reading, first.items[first.items.length - 1]) : undefined;
  const reads = [first, ...(await Promise.all(others.map((part) => read(part, bound))))];
  // In order across the partitions; an item in two of the reader's groups is one row.
  const compare = (a: RowItem, b: RowItem) => (ascending ? 1 : -1) * byteOrder(orderValue(reading, a), orderValue(reading, b));
  const merged = [...new Map(reads.flatMap((r) => r.items).map((i) => [i.sk, i])).values()].sort(compare);
  const taken = merged.slice(0, q.limit);
  const last = taken.length === q.limit ? taken[taken.length - 1] : undefined;
  const next: MergedPositions = {};
  let more = false;
  for (const read of reads) {
    const at = positions[read.part.name];
    if (at === null) {
      next[read.part.name] = null;
      continue;
    }
    const used = last === undefined ? read.items : read.items.filter((i) => compare(i, last) <= 0);
    if (used.length === read.items.length && read.ended) {
      next[read.part.name] = null;
      continue;
    }
    more = true;
    const lastUsed = used.at(-1);
    const position = lastUsed ? positionOf(reading, lastUsed) : at;
    if (position !== undefined) next[read.part.name] = position;
  }
  const items = taken.filter((i) => q.anyPeriod || isPublishedAt(i, q.now.toISOString())).map(rowOf);
  return { items, ...(more ? { nextCursor: encodeMergedCursor(next) } : {}) };
}

/** Items a search page evaluates per Query, and Queries per page: a page reads at most 5 × 100 rows. */
export const SEARCH_ITEMS_PER_QUERY = 100;
export const SEARCH_QUERIES_PER_PAGE = 5;

/**
 * Search (title and overview, see `listSearchText`) in the member area's ANY rows or the catalog's: the scope ALL
 * partition newest first with a `contains` filter, at most SEARCH_QUERIES_PER_PAGE Queries of
 * SEARCH_ITEMS_PER_QUERY items. `accept` is the reader's visibility (groups); rows outside their publication
 * period are left out. The cursor continues after the last row read (absent when the partition ended).
 */
export async function searchRows(
  teamId: string,
  q: { area: ListArea; type: ContentType | 'all'; query: string; cursor?: string; limit: number; now: Date; accept: (row: ListRow) => boolean },
): Promise<Page<ListRow>> {
  const pk = listPk(teamId, q.area, q.area === 'member' ? 'any' : 'all', 'all');
  const typed = q.type === 'all' ? undefined : typedPk(pk, q.type);
  const term = normalizeSearchText(q.query);
  // A query of nothing but characters search text drops (e.g. spaces) would match everything.
  if (!term) throw new AppError('common/invalid_input', { query: 'validation/required' });
  let startKey = decodeCursor(q.cursor, { teamId, partition: typed ? { name: 'gsi3pk', value: typed } : { name: 'pk', value: pk } });
  const items: ListRow[] = [];
  const at = q.now.toISOString();
  for (let i = 0; i < SEARCH_QUERIES_PER_PAGE; i++) {
    const page = await query<RowItem>({
      ...(typed ? { index: 'gsi3' as const } : {}),
      pk: typed ?? pk,
      ascending: false,
      limit: SEARCH_ITEMS_PER_QUERY,
      startKey,
      filter: { expression: 'contains(#searchText, :term)', names: { '#searchText': 'searchText' }, values: { ':term': term } },
    });
    for (const item of page.items) {
      const row = rowOf(item);
      if (!isPublishedAt(row, at) || !q.accept(row)) continue;
      items.push(row);
      // A full page ends at this row: the next one starts after it.
      if (items.length === q.limit) {
        const key = { pk: item.pk, sk: item.sk, ...(typed ? { gsi3pk: item.gsi3pk, gsi3sk: item.gsi3sk } : {}) };
        return { items, nextCursor: encodeCursor(key) };
      }
    }
    startKey = page.lastKey;
    if (!startKey) return { items };
  }
  return { items, nextCursor: encodeCursor(startKey) };
}
