import type { TaxonomyItem, TaxonomyKind } from '../../shared/api/calls/categories';
import type { ContentCard, ContentListOrder, ContentListPage, ContentListType } from '../../shared/api/calls/content-lists';
import type { TaxonomyCard } from '../../shared/api/calls/member-videos';
import type { Page } from '../../shared/api/page';
import { inAnyGroup, isPublishedAt, type ContentViewer } from '../../shared/content-access';
import { AppError } from '../core/http/app-error';
import { memberListSort } from '../core/entities/basic-info';
import { sortOf } from '../../shared/rules/list-sort';
import { signMediaUrl } from '../core/media/playback-cookies';
import { isInCatalog } from '../core/entities/listing-entry';
import { listRows, searchRows, type Audience, type ListArea, type ListRow, type ListScope } from '../core/entities/list-rows';
import { getTaxonomyItem, listTaxonomyItems } from '../core/entities/taxonomy';
import { getVideos, isListed, listingEntryOf } from '../core/entities/video';
import { decodeRankingCursor, encodeRankingCursor, popularRanking } from '../core/entities/video-views';

/**
 * The member area's and the catalog's lists, for every content type: ONE implementation, given the area and the
 * reader. Rows come from the listing core (listing/list-rows.ts); every answer's thumbnails are signed URLs,
 * issued here because the rows read are already the ones this reader may see.
 */
export interface ContentListInput {
  type: ContentListType;
  /** Absent: the team's default order (basic info's default sort). */
  order?: ContentListOrder;
  categoryId?: string;
  tagId?: string;
  creatorId?: string;
  query?: string;
  cursor?: string;
  limit: number;
}

export type CardSource = Pick<ListRow, 'contentType' | 'id' | 'title' | 'thumbnailKey' | 'durationSeconds' | 'releasedAt' | 'createdAt'>;

export async function cardOf(row: CardSource, now: Date): Promise<ContentCard> {
  return {
    type: row.contentType,
    id: row.id,
    title: row.title,
    ...(row.thumbnailKey ? { thumbnailUrl: await signMediaUrl(row.thumbnailKey, now) } : {}),
    ...(row.durationSeconds !== undefined ? { durationSeconds: row.durationSeconds } : {}),
    ...(row.releasedAt ? { releasedAt: row.releasedAt } : {}),
    createdAt: row.createdAt,
  };
}

export async function taxonomyCardOf(item: TaxonomyItem, now: Date): Promise<TaxonomyCard> {
  return {
    id: item.id,
    kind: item.kind,
    name: item.name,
    ...(item.thumbnailKey ? { thumbnailUrl: await signMediaUrl(item.thumbnailKey, now) } : {}),
    ...(item.kind === 'creator' ? { profile: item.profile ?? '' } : {}),
  };
}

const pageOf = async (rows: CardSource[], nextCursor: string | undefined, now: Date): Promise<ContentListPage> => ({
  items: await Promise.all(rows.map((r) => cardOf(r, now))),
  ...(nextCursor ? { nextCursor } : {}),
});

/** The partitions a reader's list merges: administrators every listed item, members theirs, visitors the catalog's. */
const audiencesOf = (reader: ContentViewer): Audience[] =>
  reader.kind === 'visitor' ? ['all'] : reader.role === 'admin' ? ['any'] : ['all', ...reader.groupIds.map((groupId) => ({ groupId }))];

/** Whether the reader may see a listed item (search and popular read rows beyond the reader's own partitions). */
const mayList = (reader: ContentViewer, item: { isPublic: boolean; groupIds: readonly string[] }): boolean =>
  reader.kind === 'visitor' ? isInCatalog(item) : reader.role === 'admin' || inAnyGroup(item.groupIds, reader.groupIds);

/** The category, tag or creator a list is limited to; 404 when the team has no such item (SPEC §8). */
async function scopeOf(teamId: string, input: ContentListInput): Promise<{ scope: ListScope; item?: TaxonomyItem }> {
  const [kind, id]: [TaxonomyKind, string | undefined] = input.categoryId
    ? ['category', input.categoryId]
    : input.tagId
      ? ['tag', input.tagId]
      : ['creator', input.creatorId];
  if (!id) return { scope: 'all' };
  const item = await getTaxonomyItem(teamId, kind, id);
  if (!item) throw new AppError(kind === 'creator' ? 'creator/not_found' : 'common/not_found');
  return { scope: { kind, id }, item };
}

/**
 * A list page for `reader` in `area` (optionally in one scope) in one of SPEC §9's sorts, the team's default sort when
 * the input names none (one GetItem of basic info); search (newest first); or popular.
 */
export async function contentListPage(teamId: string, area: ListArea, input: ContentListInput, reader: ContentViewer, now: Date): Promise<ContentListPage> {
  if (input.order === 'popular') return popularPage(teamId, input, reader, now);
  if (input.query !== undefined) {
    const page = await searchRows(teamId, { area, type: input.type, query: input.query, cursor: input.cursor, limit: input.limit, now, accept: (row) => mayList(reader, row) });
    return pageOf(page.items, page.nextCursor, now);
  }
  const [{ scope, item }, sort] = await Promise.all([scopeOf(teamId, input), input.order ? sortOf(input.order) : memberListSort(teamId)]);
  const page = await listRows(teamId, { area, type: input.type, scope, audiences: audiencesOf(reader), sort, cursor: input.cursor, limit: input.limit, now });
  const listed = await pageOf(page.items, page.nextCursor, now);
  return { ...listed, ...(item ? { scope: await taxonomyCardOf(item, now) } : {}) };
}

/** Ranking entries one popular page reads (one BatchGet): room for items the reader may not see. */
const popularSliceSize = (limit: number) => Math.min(100, limit * 2);

/**
 * Most play starts in the last 30 days (videos: the only type with views so far): the ranking item (recomputed
 * when stale) and one BatchGet of the slice at the cursor's offset. Items the reader may not see now are
 * skipped; the page ends at `limit` cards or at the slice's end, and the cursor is the offset after the last
 * entry used.
 */
async function popularPage(teamId: string, input: ContentListInput, reader: ContentViewer, now: Date): Promise<ContentListPage> {
  if (input.type !== 'video' && input.type !== 'all') return { items: [] };
  const offset = decodeRankingCursor(teamId, input.cursor);
  const ranking = await popularRanking(teamId, now);
  const slice = ranking.items.slice(offset, offset + popularSliceSize(input.limit));
  const videos = new Map((slice.length ? await getVideos(teamId, slice.map((r) => r.videoId)) : []).map((v) => [v.videoId, v]));
  const shown: CardSource[] = [];
  let next = offset + slice.length;
  for (const [i, entry] of slice.entries()) {
    const video = videos.get(entry.videoId);
    if (!video || !isListed(video) || !isPublishedAt(video, now.toISOString()) || !mayList(reader, video)) continue;
    const e = listingEntryOf(video);
    shown.push({ ...e, contentType: e.type });
    if (shown.length === input.limit) {
      next = offset + i + 1;
      break;
    }
  }
  return pageOf(shown, next < ranking.items.length ? encodeRankingCursor(teamId, next) : undefined, now);
}

/** Categories, tags or creators in sort number order: one Query a page. */
export async function taxonomyPage(teamId: string, input: { kind: TaxonomyKind; cursor?: string; limit: number }, now: Date): Promise<Page<TaxonomyCard>> {
  const page = await listTaxonomyItems(teamId, input.kind, input);
  const items = await Promise.all(page.items.map((i) => taxonomyCardOf(i, now)));
  return { items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}
