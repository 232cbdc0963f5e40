import type { TaxonomyKind } from '../../../shared/api/calls/categories';
import type { Video, VideoForm, VideoRow, VideoSort } from '../../../shared/api/calls/videos';
import type { Page } from '../../../shared/api/page';
import type { SortDirection } from '../../../shared/constants';
import { atVersion, batchGet, ConditionFailedError, getItem, type Item, query, type QuerySpec, transact, type TransactOp } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';
import { decodeCursor, encodeCursor } from '../http/cursor';
import { fileUsageOps } from './library-file';
import { searchText, titleSearchTerms } from './admin-index';
import { isListedEntry, type ListingEntry } from './listing-entry';
import { saveListed } from './list-rows';
import { usageChangeOps, type TaxonomyRefs } from './taxonomy-usage';

/**
 * The video entity (SPEC §3) and the items its own transaction writes. Keys:
 *
 *   record   T#<t>#VIDEO#<videoId>               VIDEO
 *            gsi1 T#<t>#VIDEOS / <createdAt>#<videoId>                    admin list, created (newest) order
 *            gsi2 T#<t>#VIDEOS / <updatedAt>#<videoId>                    admin list, update date order
 *            gsi3 T#<t>#VIDEOS / <title as search text>#<videoId>         admin list, title order
 *            gsi4 T#<t>#VIDEOS / <releasedAt or createdAt>#<videoId>      admin list, release date order
 *   rows     T#<t>#VIDEOSEARCH / <term>#<videoId>   admin title search: a prefix Query; terms are the whole
 *                                                   title and each later word of it, as search text
 *
 * The record, its search rows and the usage counts of its category, tags and creator are written in one
 * transaction conditioned on the record's `version` (at most 1 + 16 + 24 items); the listing core moves the member
 * and catalog list rows around it from the video's listing entry (listing/list-rows.ts `saveListed`). Save
 * through `commitVideo` and `removeVideo`, which do both.
 */
export const videoKinds = ['category', 'tag', 'creator'] as const satisfies readonly TaxonomyKind[];

type VideoRecord = Item &
  Video & { gsi1pk: string; gsi1sk: string; gsi2pk: string; gsi2sk: string; gsi3pk: string; gsi3sk: string; gsi4pk: string; gsi4sk: string };
type RowItem = Item & VideoRow;

const recordKey = (teamId: string, videoId: string) => ({ pk: teamKey(teamId, 'VIDEO', assertId(videoId, 'videoId')), sk: 'VIDEO' });
const listPk = (teamId: string) => teamKey(teamId, 'VIDEOS');
const searchPk = (teamId: string) => teamKey(teamId, 'VIDEOSEARCH');

/** What the listing core knows of a video: where it is listed, its taxonomy and its card. */
export const listingEntryOf = (v: Video): ListingEntry => ({
  type: 'video',
  id: v.videoId,
  version: v.version,
  title: v.title,
  overview: v.overview,
  ...((v.thumbnailKey ?? v.playback?.thumbnailKey) ? { thumbnailKey: v.thumbnailKey ?? v.playback?.thumbnailKey } : {}),
  ...(v.durationSeconds !== undefined ? { durationSeconds: v.durationSeconds } : {}),
  ...(v.releasedAt ? { releasedAt: v.releasedAt } : {}),
  createdAt: v.createdAt,
  updatedAt: v.updatedAt,
  status: v.status,
  ...(v.publicationPeriod ? { publicationPeriod: v.publicationPeriod } : {}),
  isPublic: v.isPublic,
  isListHidden: v.isListHidden,
  ready: v.currentVersion !== undefined,
  groupIds: v.groupIds,
  ...(v.categoryId ? { categoryId: v.categoryId } : {}),
  tagIds: v.tagIds,
  ...(v.creatorId ? { creatorId: v.creatorId } : {}),
});

/** Listed in the member lists: published, not hidden from lists, and playable. */
export const isListed = (v: Video): boolean => isListedEntry(listingEntryOf(v));

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

/** The admin search rows of a video. */
const rowItems = (teamId: string, v: Video): RowItem[] =>
  titleSearchTerms(v.title).map((term) => ({ pk: searchPk(teamId), sk: `${term}#${v.videoId}`, type: 'videoRow', ...rowOf(v) }));

/** A video's taxonomy references, as the listing core counts them for every content type. */
const refsOf = (v: Video | undefined): TaxonomyRefs | undefined =>
  v && { type: 'video', categoryId: v.categoryId, tagIds: v.tagIds, creatorId: v.creatorId };

const versionCondition = (before: Video) => atVersion(before.version);

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
    gsi3pk: listPk(teamId),
    gsi3sk: `${searchText(saved.title)}#${saved.videoId}`,
    gsi4pk: listPk(teamId),
    gsi4sk: `${saved.releasedAt ?? saved.createdAt}#${saved.videoId}`,
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
    ...fileUsageOps(teamId, before?.fileIds ?? [], saved.fileIds ?? []),
  ];
}

/** The writes removing a video read as `before`: record (version checked), rows, usage counts. */
export function deleteVideoOps(teamId: string, before: Video): TransactOp[] {
  return [
    { delete: recordKey(teamId, before.videoId), ...versionCondition(before) },
    ...rowItems(teamId, before).map((i): TransactOp => ({ delete: { pk: i.pk, sk: i.sk } })),
    ...usageChangeOps(teamId, refsOf(before), undefined),
    ...fileUsageOps(teamId, before.fileIds ?? [], []),
  ];
}

const fromRecord = (record: VideoRecord): Video => {
  const { pk: _pk, sk: _sk, type: _type, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, gsi3pk: _e, gsi3sk: _f, gsi4pk: _g, gsi4sk: _h, ...video } = record;
  return video;
};

/**
 * Saves `after` over `before` (undefined: a new video) in one transaction with `ops` (e.g. a version's state
 * move); the list rows it takes away go first, the new ones after (`saveListed`). Throws ConditionFailedError
 * when another write came first. Answers the saved video.
 */
export async function commitVideo(teamId: string, before: Video | undefined, after: Video, ops: TransactOp[] = []): Promise<Video> {
  const saved = { ...after, version: (before?.version ?? 0) + 1 };
  await saveListed(teamId, before && listingEntryOf(before), listingEntryOf(saved), () => transact([...saveVideoOps(teamId, before, after), ...ops]), currentEntry(teamId, saved.videoId));
  return saved;
}

/** Deletes the video read as `before` (record, search rows, usage counts), and its list rows. */
export async function removeVideo(teamId: string, before: Video): Promise<void> {
  await saveListed(teamId, listingEntryOf(before), undefined, () => transact(deleteVideoOps(teamId, before)), currentEntry(teamId, before.videoId));
}

const currentEntry = (teamId: string, videoId: string) => async () => {
  const current = await getVideo(teamId, videoId, true);
  return current && listingEntryOf(current);
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
    fileIds: form.fileIds,
    status: form.status,
    isPublic: form.isPublic,
    isListHidden: form.isListHidden,
    groupIds: form.groupIds,
    priceIds: form.priceIds,
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
    enqueteId: form.completionAction === 'survey' ? (form.enqueteId ?? undefined) : undefined,
    testId: form.completionAction === 'test' ? (form.testId ?? undefined) : undefined,
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
    priceIds: [],
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
      return await commitVideo(teamId, before, next.video, next.ops);
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
  const index = term ? undefined : ({ newest: 'gsi1', created: 'gsi1', updateDate: 'gsi2', title: 'gsi3', releaseDate: 'gsi4' } as const)[opts.sort];
  const spec: QuerySpec = term ? { pk: searchPk(teamId), sk: { beginsWith: term }, ascending: true } : { index, pk: listPk(teamId), ascending };
  const partition = { name: index ? (`${index}pk` as const) : ('pk' as const), value: spec.pk };
  const page = await query<Item>({ ...spec, limit: opts.limit, startKey: decodeCursor(opts.cursor, { teamId, partition }) });
  const rows = page.items.map((i) => ('gsi1pk' in i ? rowOf(fromRecord(i as VideoRecord)) : stripRow(i as RowItem)));
  // A title matching two of its search terms (the whole title and a word) appears once on the page.
  const seen = new Set<string>();
  const items = rows.filter((r) => !seen.has(r.videoId) && seen.add(r.videoId));
  return { items, nextCursor: encodeCursor(page.lastKey) };
}

const stripRow = ({ pk: _pk, sk: _sk, type: _type, ...row }: RowItem): VideoRow => row;

/**
 * The id of one video whose completion action offers the survey `enqueteId`, or undefined: the admin list's
 * Query filtered on the attribute (a survey's deletion is rare, and this never keeps a reference row stale).
 */
export async function videoOfferingEnquete(teamId: string, enqueteId: string): Promise<string | undefined> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await query<VideoRecord>({
      index: 'gsi1',
      pk: listPk(teamId),
      startKey,
      filter: { expression: '#enquete = :enquete', names: { '#enquete': 'enqueteId' }, values: { ':enquete': enqueteId } },
    });
    if (page.items[0]) return page.items[0].videoId;
    startKey = page.lastKey;
  } while (startKey);
  return undefined;
}
