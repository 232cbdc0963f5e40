import type { TaxonomyKind } from '../../../shared/api/calls/categories';
import type { Page } from '../../../shared/api/page';
import { isPublishedAt } from '../../../shared/content-access';
import type { ContentType } from '../../../shared/content-types';
import { AppError } from '../http/app-error';
import { decodeCursor, decodeMergedCursor, encodeCursor, encodeMergedCursor, type MergedPositions } from '../http/cursor';
import { ConditionFailedError, deleteItem, putItem, query, type Item, type Key, type QuerySpec } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';
import { isInCatalog, isListedEntry, listSearchText, normalizeSearchText, type ListingEntry } from './listing-entry';

/**
 * The list rows of every content type: the only module that builds their keys.
 *
 *   pk    T#<t>#LIST#<area>#<audience>#<scope>      sk  <releasedAt or createdAt>#<TYPE>#<id>
 *   gsi3  <pk>#TYPE#<TYPE>                          <sk>      the same list, one content type only
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

type RowItem = Item & ListRow & { gsi3pk: string; gsi3sk: string; version: number; searchText?: string };

const audienceKey = (a: Audience): string => (a === 'any' ? 'ANY' : a === 'all' ? 'ALL' : `G#${assertId(a.groupId, 'groupId')}`);
const scopeKey = (s: ListScope): string[] => (s === 'all' ? ['ALL'] : [s.kind.toUpperCase(), assertId(s.id)]);
const listPk = (teamId: string, area: ListArea, audience: Audience, scope: ListScope) =>
  teamKey(teamId, 'LIST', area === 'member' ? 'MEMBER' : 'CATALOG', audienceKey(audience), ...scopeKey(scope));
const typedPk = (pk: string, type: ContentType) => `${pk}#TYPE#${type.toUpperCase()}`;
const sortKey = (e: Pick<ListingEntry, 'releasedAt' | 'createdAt' | 'type' | 'id'>) =>
  `${e.releasedAt ?? e.createdAt}#${e.type.toUpperCase()}#${assertId(e.id)}`;
/** What a sort key looks like (checked on every cursor position). */
const SORT_KEY = /^[0-9T:.Z-]{10,40}#[A-Z]{2,10}#[0-9A-Za-z_-]{1,64}$/;

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
        gsi3pk: typedPk(pk, e.type),
        gsi3sk: sk,
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

const rowOf = ({ pk: _pk, sk: _sk, gsi3pk: _a, gsi3sk: _b, type: _type, version: _v, searchText: _s, ...row }: RowItem): ListRow => row;

export interface ListRowsQuery {
  area: ListArea;
  /** One type, or every type merged ('all'). */
  type: ContentType | 'all';
  scope: ListScope;
  /** Whose partitions to merge (the reader's audiences); the first is read first and bounds the others' reads. */
  audiences: readonly Audience[];
  /** Oldest release first (basic info's default sort ascending); newest first otherwise. */
  oldestFirst?: boolean;
  cursor?: string;
  limit: number;
  now: Date;
}

/** The Queries (first page, no cursor) a list reads: one per audience partition, the first audience first. */
function listQuerySpecs(teamId: string, q: Pick<ListRowsQuery, 'area' | 'type' | 'scope' | 'audiences' | 'limit' | 'oldestFirst'>): (QuerySpec & { name: string; tablePk: string })[] {
  return q.audiences.map((audience) => {
    const pk = listPk(teamId, q.area, audience, q.scope);
    return {
      name: audienceKey(audience),
      tablePk: pk,
      ...(q.type === 'all' ? { pk } : { index: 'gsi3' as const, pk: typedPk(pk, q.type) }),
      ascending: q.oldestFirst === true,
      limit: q.limit,
    };
  });
}

/**
 * A list page, newest release first (or oldest first): one Query per audience (each at most `limit` rows), merged by sort key.
 * Rows outside their publication period at `now` are left out of the page (so it may hold fewer than `limit`;
 * the cursor continues).
 */
export async function listRows(teamId: string, q: ListRowsQuery): Promise<Page<ListRow>> {
  const parts = listQuerySpecs(teamId, q);
  const positions = decodeMergedCursor(
    q.cursor,
    parts.map((p) => p.name),
    SORT_KEY,
  );
  const read = async (part: (typeof parts)[number], bound?: string) => {
    const at = positions[part.name];
    if (at === null) return { part, items: [] as RowItem[], ended: true };
    const { name: _name, tablePk, ...spec } = part;
    const startKey = at === undefined ? undefined : { pk: tablePk, sk: at, ...(spec.index ? { gsi3pk: spec.pk, gsi3sk: at } : {}) };
    const page = await query<RowItem>({ ...spec, startKey, ...(bound ? { sk: q.oldestFirst ? { lte: bound } : { gte: bound } } : {}) });
    // A bounded read stops at the bound, not at the partition's end.
    return { part, items: page.items, ended: !bound && !page.lastKey };
  };
  // The first audience (member-wide or everyone) is read first: when it fills a page, rows of the other
  // partitions past its last row (older, or newer when oldest first) cannot make the page, so they are read only to that row. A member
  // in 1 of 50 groups then reads about one page of rows whatever the team's size, at the cost of one round trip.
  const [lead, ...others] = parts;
  const first = await read(lead);
  const bound = first.items.length === q.limit ? first.items[first.items.length - 1].sk : undefined;
  const reads = [first, ...(await Promise.all(others.map((part) => read(part, bound))))];
  // In order across the partitions; an item in two of the reader's groups is one row.
  const before = (a: string, b: string) => (q.oldestFirst ? a < b : a > b);
  const merged = [...new Map(reads.flatMap((r) => r.items).map((i) => [i.sk, i])).values()].sort((a, b) => (before(a.sk, b.sk) ? -1 : 1));
  const taken = merged.slice(0, q.limit);
  const last = taken.length === q.limit ? taken[taken.length - 1].sk : undefined;
  const next: MergedPositions = {};
  let more = false;
  for (const read of reads) {
    const at = positions[read.part.name];
    if (at === null) {
      next[read.part.name] = null;
      continue;
    }
    const used = last === undefined ? read.items : read.items.filter((i) => i.sk === last || before(i.sk, last));
    if (used.length === read.items.length && read.ended) {
      next[read.part.name] = null;
      continue;
    }
    more = true;
    const position = used.at(-1)?.sk ?? at;
    if (position !== undefined) next[read.part.name] = position;
  }
  const items = taken.filter((i) => isPublishedAt(i, q.now.toISOString())).map(rowOf);
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
