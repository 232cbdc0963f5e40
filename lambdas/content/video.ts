import type { TaxonomyKind } from '../../shared/api/calls/categories';
import type { Video, VideoForm, VideoRow, VideoSort } from '../../shared/api/calls/videos';
import type { Page } from '../../shared/api/page';
import type { SortDirection } from '../../shared/constants';
import { batchGet, ConditionFailedError, getItem, query, transact, type Item, type QuerySpec, type TransactOp } from '../platform/db';
import { assertId, teamKey } from '../platform/keys';
import { decodeCursor, encodeCursor } from '../http/cursor';
import { usageChangeOps, type TaxonomyRefs } from './listing/taxonomy-usage';

/**
 * The video entity (SPEC §3) and every item derived from it. Keys:
 *
 *   record   T#<t>#VIDEO#<videoId>               VIDEO
 *            gsi1 T#<t>#VIDEOS / <createdAt>#<videoId>      admin list, created (newest) order
 *            gsi2 T#<t>#VIDEOS / <updatedAt>#<videoId>      admin list, update date order
 *   rows     T#<t>#VIDEOS#TITLE    / <title as search text>#<videoId>     admin list, title order
 *            T#<t>#VIDEOS#RELEASED / <releasedAt or createdAt>#<videoId>  admin list, release date order
 *            T#<t>#VIDEOSEARCH     / <term>#<videoId>       title search: a prefix Query; terms are the whole
 *                                                           title and each later word of it, as search text
 *            T#<t>#PUBLISHED#ALL | #CATEGORY#<id> | #TAG#<id> | #CREATOR#<id>  / <releasedAt or createdAt>#<videoId>
 *                                                           member lists: only while the video is listed
 *                                                           (not private, not list-hidden, a playable version)
 *            T#<t>#CATALOG#ALL | #CATEGORY#<id> | #TAG#<id> | #CREATOR#<id>    / the same sort key
 *                                                           catalog lists: only while listed AND public (and
 *                                                           not limited to groups), so a catalog page is one
 *                                                           Query however many private videos the team has
 *   The two `#ALL` rows also carry `searchText` (title and overview as search text, capped): search reads
 *   that partition newest first with a `contains` filter, so a save writes no extra item per word.
 *
 * A row item holds the list row (status badges included), so every list page is one Query with no second
 * read. The record, its rows and the usage counts of its category, tags and creator are written in one
 * transaction conditioned on the record's `version`, so they never disagree.
 */
export const videoKinds = ['category', 'tag', 'creator'] as const satisfies readonly TaxonomyKind[];

type VideoRecord = Item & Video & { gsi1pk: string; gsi1sk: string; gsi2pk: string; gsi2sk: string };
/** A member-list row: the admin row plus what a reader needs to decide visibility. */
export type PublishedRow = VideoRow & { groupIds: string[] };
type RowItem = Item & PublishedRow;

const recordKey = (teamId: string, videoId: string) => ({ pk: teamKey(teamId, 'VIDEO', assertId(videoId, 'videoId')), sk: 'VIDEO' });
const listPk = (teamId: string) => teamKey(teamId, 'VIDEOS');
const titlePk = (teamId: string) => teamKey(teamId, 'VIDEOS', 'TITLE');
const releasedPk = (teamId: string) => teamKey(teamId, 'VIDEOS', 'RELEASED');
const searchPk = (teamId: string) => teamKey(teamId, 'VIDEOSEARCH');
/** The member area's lists, or the catalog's (public videos only). */
export type ListArea = 'member' | 'catalog';
type ListScope = { kind: TaxonomyKind; id: string } | 'all';
const publishedPk = (teamId: string, scope: ListScope, area: ListArea = 'member') => {
  const root = area === 'member' ? 'PUBLISHED' : 'CATALOG';
  return scope === 'all' ? teamKey(teamId, root, 'ALL') : teamKey(teamId, root, scope.kind.toUpperCase(), assertId(scope.id));
};

/**
 * Text as search compares it: NFKC (full-width letters and digits, half-width kana), lower case, katakana as
 * hiragana ("ドウガ" finds "どうが"), no spaces.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60))
    .replace(/\s+/g, '');
}

/** Title search terms and the title sort key: normalised, at most 100 characters. */
export const searchText = (text: string): string => normalizeSearchText(text).slice(0, 100);

/** Bounds the list rows' size (an overview may be long); the start of an overview is what people search. */
export const LIST_SEARCH_TEXT_MAX = 1000;
/**
 * What member and catalog search match against: title and overview as search text, joined by a line break
 * (a query never holds one, so no match spans the two).
 */
export const listSearchText = (v: Pick<Video, 'title' | 'overview'>): string =>
  `${normalizeSearchText(v.title)}\n${normalizeSearchText(v.overview.slice(0, LIST_SEARCH_TEXT_MAX * 2))}`.slice(0, LIST_SEARCH_TEXT_MAX);

const MAX_SEARCH_TERMS = 8;
/** The whole title, then each later word (words split at spaces and Japanese/ASCII punctuation). */
export function titleSearchTerms(title: string): string[] {
  const words = title.normalize('NFKC').split(/[\s、。・「」『』（）()【】,.!?！？:：/-]+/).filter(Boolean);
  return [...new Set([searchText(title), ...words.slice(1).map(searchText)].filter(Boolean))].slice(0, MAX_SEARCH_TERMS);
}

/** Listed in the member lists: published, not hidden from lists, and playable. */
export const isListed = (v: Video): boolean => v.status !== 'private' && !v.isListHidden && v.currentVersion !== undefined;

/** Listed in the catalog too: public, and (as the form already demands of a public video) for every member. */
export const isInCatalog = (v: { isPublic: boolean; groupIds: readonly string[] }): boolean => v.isPublic && v.groupIds.length === 0;

export function rowOf(v: Video): VideoRow {
  return {
    videoId: v.videoId,
    title: v.title,
    ...(v.thumbnailKey ? { thumbnailKey: v.thumbnailKey } : {}),
    ...(v.playback?.thumbnailKey ? { generatedThumbnailKey: v.playback.thumbnailKey } : {}),
    status: v.status,
    isPublic: v.isPublic,
    isListHidden: v.isListHidden,
    uploadState: v.uploadState,
    latestVersion: v.latestVersion,
    ...(v.currentVersion !== undefined ? { currentVersion: v.currentVersion } : {}),
    ...(v.durationSeconds !== undefined ? { durationSeconds: v.durationSeconds } : {}),
    ...(v.releasedAt ? { releasedAt: v.releasedAt } : {}),
    ...(v.publicationPeriod ? { publicationPeriod: v.publicationPeriod } : {}),
    ...(v.categoryId ? { categoryId: v.categoryId } : {}),
    ...(v.creatorId ? { creatorId: v.creatorId } : {}),
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  };
}

/** Every row item of a video, as it should be stored. */
function rowItems(teamId: string, v: Video): RowItem[] {
  const row = rowOf(v);
  const released = `${v.releasedAt ?? v.createdAt}#${v.videoId}`;
  const items: RowItem[] = [
    { pk: titlePk(teamId), sk: `${searchText(v.title)}#${v.videoId}`, type: 'videoRow', ...row, groupIds: v.groupIds },
    { pk: releasedPk(teamId), sk: released, type: 'videoRow', ...row, groupIds: v.groupIds },
    ...titleSearchTerms(v.title).map((term) => ({ pk: searchPk(teamId), sk: `${term}#${v.videoId}`, type: 'videoRow', ...row, groupIds: v.groupIds })),
  ];
  if (isListed(v)) {
    const scopes: ListScope[] = [
      'all',
      ...(v.categoryId ? [{ kind: 'category' as const, id: v.categoryId }] : []),
      ...v.tagIds.map((id) => ({ kind: 'tag' as const, id })),
      ...(v.creatorId ? [{ kind: 'creator' as const, id: v.creatorId }] : []),
    ];
    const areas: ListArea[] = isInCatalog(v) ? ['member', 'catalog'] : ['member'];
    const search = listSearchText(v);
    for (const area of areas) {
      for (const scope of scopes) {
        items.push({
          pk: publishedPk(teamId, scope, area),
          sk: released,
          type: 'videoRow',
          ...row,
          groupIds: v.groupIds,
          ...(scope === 'all' ? { searchText: search } : {}),
        });
      }
    }
  }
  return items;
}

/** A video's taxonomy references, as the listing core counts them for every content type. */
const refsOf = (v: Video | undefined): TaxonomyRefs | undefined =>
  v && { type: 'video', categoryId: v.categoryId, tagIds: v.tagIds, creatorId: v.creatorId };

const versionCondition = (before: Video) => ({
  condition: 'attribute_exists(pk) AND #version = :version',
  names: { '#version': 'version' },
  values: { ':version': before.version },
});

const keyOf = (i: Item) => `${i.pk}\u0000${i.sk}`;

/**
 * The writes turning `before` (undefined: a new video) into `after`: the record (version checked and bumped),
 * stale rows removed, rows put, usage counts moved. `after.version` is ignored; the stored one is before's + 1.
 */
export function saveVideoOps(teamId: string, before: Video | undefined, after: Video): TransactOp[] {
  if (before && before.videoId !== after.videoId) throw new Error('A video keeps its id');
  const saved: Video = { ...after, version: (before?.version ?? 0) + 1 };
  const record: VideoRecord = {
    ...recordKey(teamId, saved.videoId),
    type: 'video',
    gsi1pk: listPk(teamId),
    gsi1sk: `${saved.createdAt}#${saved.videoId}`,
    gsi2pk: listPk(teamId),
    gsi2sk: `${saved.updatedAt}#${saved.videoId}`,
    ...saved,
  };
  const rows = rowItems(teamId, saved);
  const current = new Set(rows.map(keyOf));
  const stale = before ? rowItems(teamId, before).filter((i) => !current.has(keyOf(i))) : [];
  return [
    before ? { put: record, ...versionCondition(before) } : { put: record, ifNotExists: true },
    ...stale.map((i): TransactOp => ({ delete: { pk: i.pk, sk: i.sk } })),
    ...rows.map((i): TransactOp => ({ put: i })),
    ...usageChangeOps(teamId, refsOf(before), refsOf(saved)),
  ];
}

/** The writes removing a video read as `before`: record (version checked), rows, usage counts. */
export function deleteVideoOps(teamId: string, before: Video): TransactOp[] {
  return [
    { delete: recordKey(teamId, before.videoId), ...versionCondition(before) },
    ...rowItems(teamId, before).map((i): TransactOp => ({ delete: { pk: i.pk, sk: i.sk } })),
    ...usageChangeOps(teamId, refsOf(before), undefined),
  ];
}

const fromRecord = (record: VideoRecord): Video => {
  const { pk: _pk, sk: _sk, type: _type, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, ...video } = record;
  return video;
};

export async function getVideo(teamId: string, videoId: string, consistent = false): Promise<Video | undefined> {
  const record = await getItem<VideoRecord>(recordKey(teamId, videoId), consistent);
  return record && fromRecord(record);
}

/** Several videos in one BatchGet (unknown ids are left out), in the order of `videoIds`. */
export async function getVideos(teamId: string, videoIds: readonly string[]): Promise<Video[]> {
  const records = await batchGet<VideoRecord>(videoIds.map((id) => recordKey(teamId, id)));
  const byId = new Map(records.map((r) => [r.videoId, fromRecord(r)]));
  return videoIds.flatMap((id) => byId.get(id) ?? []);
}

/** A video built from the form (SPEC §3 fields) on top of `base` (the stored one, or a new video's defaults). */
export function applyVideoForm(base: Video, form: VideoForm, now: Date): Video {
  const iso = (d: Date | undefined) => d?.toISOString();
  const chapters = [...form.chapters].sort((a, b) => a.seconds - b.seconds);
  const video: Video = {
    ...base,
    title: form.title,
    tagIds: form.tagIds,
    overview: form.overview,
    chapters,
    metadata: form.metadata,
    attachments: form.attachments,
    status: form.status,
    isPublic: form.isPublic,
    isListHidden: form.isListHidden,
    groupIds: form.groupIds,
    forcedPlayback: form.forcedPlayback,
    disableSeek: form.disableSeek,
    completionAction: form.completionAction,
    subtitles: form.subtitles,
    updatedAt: now.toISOString(),
  };
  const optional = {
    thumbnailKey: form.thumbnailKey ?? undefined,
    categoryId: form.categoryId ?? undefined,
    creatorId: form.creatorId ?? undefined,
    releasedAt: iso(form.releasedAt),
    publicationPeriod:
      form.status === 'publicationPeriod' && form.publicationStart && form.publicationEnd
        ? { start: form.publicationStart.toISOString(), end: form.publicationEnd.toISOString() }
        : undefined,
    playablePeriod:
      form.playableStart || form.playableEnd || form.realtimePremiere
        ? {
            ...(form.playableStart ? { start: form.playableStart.toISOString() } : {}),
            ...(form.playableEnd ? { end: form.playableEnd.toISOString() } : {}),
            realtimePremiere: form.realtimePremiere,
          }
        : undefined,
    endButton: form.endButton ?? undefined,
    nextVideoId: form.completionAction === 'nextVideo' ? (form.nextVideoId ?? undefined) : undefined,
  };
  for (const [k, v] of Object.entries(optional)) {
    if (v === undefined) delete (video as unknown as Record<string, unknown>)[k];
    else (video as unknown as Record<string, unknown>)[k] = v;
  }
  return video;
}

/** A new video's state before its form is applied: version 1 waits for its upload. */
export function newVideoBase(videoId: string, now: Date): Video {
  const at = now.toISOString();
  return {
    videoId,
    title: '',
    tagIds: [],
    overview: '',
    chapters: [],
    metadata: [],
    attachments: [],
    status: 'private',
    isPublic: false,
    isListHidden: false,
    groupIds: [],
    forcedPlayback: false,
    disableSeek: false,
    completionAction: 'none',
    subtitles: [],
    uploadState: 'waiting',
    latestVersion: 1,
    createdAt: at,
    updatedAt: at,
    version: 0,
  };
}

/**
 * Reads, changes and rewrites a video, retrying when another write came first. `change` answers the new
 * state and any writes that must succeed with it (e.g. a version's state move), or undefined to leave the
 * video as it is. Answers the saved video, or undefined when there is no video or nothing was written.
 */
export async function rewriteVideo(
  teamId: string,
  videoId: string,
  change: (current: Video) => Promise<{ video: Video; ops?: TransactOp[] } | undefined> | { video: Video; ops?: TransactOp[] } | undefined,
): Promise<Video | undefined> {
  for (let attempt = 0; ; attempt++) {
    const before = await getVideo(teamId, videoId, true);
    if (!before) return undefined;
    const next = await change(before);
    if (!next) return undefined;
    try {
      await transact([...saveVideoOps(teamId, before, next.video), ...(next.ops ?? [])]);
      return { ...next.video, version: before.version + 1 };
    } catch (e) {
      if (!(e instanceof ConditionFailedError) || attempt >= 4) throw e;
    }
  }
}

export interface VideoListOptions {
  query: string;
  sort: VideoSort;
  direction: SortDirection;
  cursor?: string;
  limit: number;
}

/** /admin/video: one Query a page (see the key layout above). */
export async function listVideos(teamId: string, opts: VideoListOptions): Promise<Page<VideoRow>> {
  const term = searchText(opts.query);
  const ascending = opts.sort === 'newest' ? false : opts.direction === 'asc';
  const index = term || opts.sort === 'title' || opts.sort === 'releaseDate' ? undefined : opts.sort === 'updateDate' ? 'gsi2' : 'gsi1';
  const spec: QuerySpec = term
    ? { pk: searchPk(teamId), sk: { beginsWith: term }, ascending: true }
    : opts.sort === 'title'
      ? { pk: titlePk(teamId), ascending }
      : opts.sort === 'releaseDate'
        ? { pk: releasedPk(teamId), ascending }
        : { index, pk: listPk(teamId), ascending };
  const partition = { name: index ? (`${index}pk` as const) : ('pk' as const), value: spec.pk };
  const page = await query<Item>({ ...spec, limit: opts.limit, startKey: decodeCursor(opts.cursor, { teamId, partition }) });
  const rows = page.items.map((i) => ('gsi1pk' in i ? rowOf(fromRecord(i as VideoRecord)) : stripRow(i as RowItem)));
  // A title matching two of its search terms (the whole title and a word) appears once on the page.
  const seen = new Set<string>();
  const items = rows.filter((r) => !seen.has(r.videoId) && seen.add(r.videoId));
  return { items, nextCursor: encodeCursor(page.lastKey) };
}

const stripRow = ({ pk: _pk, sk: _sk, type: _type, groupIds: _g, ...row }: RowItem): VideoRow => row;

/** True when a listed video is visible at `now` (inside its publication period, if it has one). */
export const isPublishedAt = (row: Pick<VideoRow, 'status' | 'publicationPeriod'>, now: Date): boolean =>
  row.status === 'public' ||
  (row.status === 'publicationPeriod' &&
    !!row.publicationPeriod &&
    row.publicationPeriod.start <= now.toISOString() &&
    now.toISOString() < row.publicationPeriod.end);

export interface PublishedListOptions {
  categoryId?: string;
  tagId?: string;
  creatorId?: string;
  area?: ListArea;
  cursor?: string;
  limit: number;
  now?: Date;
}

const scopeOf = (opts: Pick<PublishedListOptions, 'categoryId' | 'tagId' | 'creatorId'>): ListScope =>
  opts.categoryId
    ? { kind: 'category', id: opts.categoryId }
    : opts.tagId
      ? { kind: 'tag', id: opts.tagId }
      : opts.creatorId
        ? { kind: 'creator', id: opts.creatorId }
        : 'all';

const publishedRowOf = ({ pk: _pk, sk: _sk, type: _type, searchText: _s, ...row }: RowItem & { searchText?: string }) => row as PublishedRow;

/**
 * Member lists (newer, by category, tag or creator), or the catalog's with `area: 'catalog'`: one Query a
 * page, newest release first. Rows outside their publication period at `now` are left out of the page (so a
 * page may hold fewer than `limit`; the cursor continues). Limiting by groups is the reader's: rows carry
 * `groupIds` (and `isPublic`).
 */
export async function listPublishedVideos(teamId: string, opts: PublishedListOptions): Promise<Page<PublishedRow>> {
  const pk = publishedPk(teamId, scopeOf(opts), opts.area);
  const page = await query<RowItem>({
    pk,
    ascending: false,
    limit: opts.limit,
    startKey: decodeCursor(opts.cursor, { teamId, partition: { name: 'pk', value: pk } }),
  });
  const now = opts.now ?? new Date();
  const items = page.items.filter((i) => isPublishedAt(i, now)).map(publishedRowOf);
  return { items, nextCursor: encodeCursor(page.lastKey) };
}

/** Items a search page evaluates per Query, and Queries per page: a page reads at most 5 × 100 rows. */
export const SEARCH_ITEMS_PER_QUERY = 100;
export const SEARCH_QUERIES_PER_PAGE = 5;

/**
 * Search in a member or catalog list (title and overview, see `listSearchText`): the `#ALL` partition newest
 * first with a `contains` filter, at most SEARCH_QUERIES_PER_PAGE Queries of SEARCH_ITEMS_PER_QUERY items.
 * `accept` is the reader's visibility (groups); rows outside their publication period are left out. The page
 * holds up to `limit` rows; the cursor continues after the last row read (absent when the partition ended).
 */
export async function searchPublishedVideos(
  teamId: string,
  opts: { query: string; area?: ListArea; cursor?: string; limit: number; now?: Date; accept: (row: PublishedRow) => boolean },
): Promise<Page<PublishedRow>> {
  const pk = publishedPk(teamId, 'all', opts.area);
  const term = normalizeSearchText(opts.query);
  const now = opts.now ?? new Date();
  let startKey = decodeCursor(opts.cursor, { teamId, partition: { name: 'pk', value: pk } });
  const items: PublishedRow[] = [];
  for (let i = 0; i < SEARCH_QUERIES_PER_PAGE; i++) {
    const page = await query<RowItem>({
      pk,
      ascending: false,
      limit: SEARCH_ITEMS_PER_QUERY,
      startKey,
      filter: { expression: 'contains(#searchText, :term)', names: { '#searchText': 'searchText' }, values: { ':term': term } },
    });
    for (const item of page.items) {
      const row = publishedRowOf(item);
      if (!isPublishedAt(row, now) || !opts.accept(row)) continue;
      items.push(row);
      // A full page ends at this row: the next one starts after it.
      if (items.length === opts.limit) return { items, nextCursor: encodeCursor({ pk: item.pk, sk: item.sk }) };
    }
    startKey = page.lastKey;
    if (!startKey) return { items };
  }
  return { items, nextCursor: encodeCursor(startKey) };
}
