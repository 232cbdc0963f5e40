import type { TaxonomyItem, TaxonomyKind } from '../../shared/api/calls/categories';
import type { TaxonomyCard, VideoCard, VideoPage } from '../../shared/api/calls/member-videos';
import type { Video, VideoRow } from '../../shared/api/calls/videos';
import type { Page } from '../../shared/api/page';
import { AppError } from '../http/app-error';
import { signMediaUrl } from '../media/playback-cookies';
import { getTaxonomyItem, listTaxonomyItems } from './taxonomy';
import { getVideos, isListed, isPublishedAt, listPublishedVideos, rowOf, searchPublishedVideos, normalizeSearchText, type ListArea } from './video';
import { decodeRankingCursor, encodeRankingCursor, popularRanking } from './video-views';

/**
 * The member area's and the catalog's video lists, shared by both (they differ only in the row partitions
 * read and in who may see a video: `visible`). Every answer's thumbnails are signed URLs, issued here because
 * the caller has already decided the reader may see the item.
 */
export type Visibility = (v: Pick<VideoRow, 'isPublic'> & { groupIds: readonly string[] }) => boolean;

type CardSource = Pick<VideoRow, 'videoId' | 'title' | 'thumbnailKey' | 'generatedThumbnailKey' | 'durationSeconds' | 'releasedAt' | 'createdAt'>;

export async function videoCardOf(row: CardSource, now: Date): Promise<VideoCard> {
  const thumbnail = row.thumbnailKey ?? row.generatedThumbnailKey;
  return {
    videoId: row.videoId,
    title: row.title,
    ...(thumbnail ? { thumbnailUrl: await signMediaUrl(thumbnail, now) } : {}),
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

const pageOf = async (rows: CardSource[], nextCursor: string | undefined, now: Date): Promise<VideoPage> => ({
  items: await Promise.all(rows.map((r) => videoCardOf(r, now))),
  ...(nextCursor ? { nextCursor } : {}),
});

export interface ListScopeInput {
  categoryId?: string;
  tagId?: string;
  creatorId?: string;
}

/** The category, tag or creator a list is limited to; 404 when the team has no such item (SPEC §8). */
async function scopeItem(teamId: string, scope: ListScopeInput): Promise<TaxonomyItem | undefined> {
  const [kind, id]: [TaxonomyKind, string | undefined] = scope.categoryId
    ? ['category', scope.categoryId]
    : scope.tagId
      ? ['tag', scope.tagId]
      : ['creator', scope.creatorId];
  if (!id) return undefined;
  const item = await getTaxonomyItem(teamId, kind, id);
  if (!item) throw new AppError(kind === 'creator' ? 'creator/not_found' : 'common/not_found');
  return item;
}

/** Newest release first (optionally in one category, tag or creator): the scope's GetItem and one Query. */
export async function videoListPage(
  teamId: string,
  area: ListArea,
  input: ListScopeInput & { cursor?: string; limit: number },
  visible: Visibility,
  now: Date,
): Promise<VideoPage & { scope?: TaxonomyCard }> {
  const [scope, page] = await Promise.all([
    scopeItem(teamId, input),
    listPublishedVideos(teamId, { ...input, area, now }),
  ]);
  const listed = await pageOf(page.items.filter(visible), page.nextCursor, now);
  return { ...listed, ...(scope ? { scope: await taxonomyCardOf(scope, now) } : {}) };
}

/** Title and overview search (see `searchPublishedVideos`: at most a fixed number of Queries a page). */
export async function videoSearchPage(
  teamId: string,
  area: ListArea,
  input: { query: string; cursor?: string; limit: number },
  visible: Visibility,
  now: Date,
): Promise<VideoPage> {
  // A query of nothing but characters search text drops (e.g. spaces) would match everything.
  if (!normalizeSearchText(input.query)) throw new AppError('common/invalid_input', { query: 'validation/required' });
  const page = await searchPublishedVideos(teamId, { ...input, area, now, accept: visible });
  return pageOf(page.items, page.nextCursor, now);
}

/** Ranking entries one popular page reads (one BatchGet): room for videos the reader may not see. */
const popularSliceSize = (limit: number) => Math.min(100, limit * 2);

/**
 * Most play starts in the last 30 days: the ranking item (recomputed when stale) and one BatchGet of the
 * slice at the cursor's offset. Videos the reader may not see now are skipped; the page ends at `limit`
 * cards or at the slice's end, and the cursor is the offset after the last entry used.
 */
export async function popularVideoPage(
  teamId: string,
  input: { cursor?: string; limit: number },
  visible: Visibility,
  now: Date,
): Promise<VideoPage> {
  const offset = decodeRankingCursor(teamId, input.cursor);
  const ranking = await popularRanking(teamId, now);
  const slice = ranking.items.slice(offset, offset + popularSliceSize(input.limit));
  const videos = new Map((slice.length ? await getVideos(teamId, slice.map((r) => r.videoId)) : []).map((v) => [v.videoId, v]));
  const shown: Video[] = [];
  let next = offset + slice.length;
  for (const [i, entry] of slice.entries()) {
    const video = videos.get(entry.videoId);
    if (!video || !isListed(video) || !isPublishedAt(video, now) || !visible(video)) continue;
    shown.push(video);
    if (shown.length === input.limit) {
      next = offset + i + 1;
      break;
    }
  }
  return pageOf(shown.map(rowOf), next < ranking.items.length ? encodeRankingCursor(teamId, next) : undefined, now);
}

/** Categories, tags or creators in sort number order: one Query a page. */
export async function taxonomyPage(
  teamId: string,
  input: { kind: TaxonomyKind; cursor?: string; limit: number },
  now: Date,
): Promise<Page<TaxonomyCard>> {
  const page = await listTaxonomyItems(teamId, input.kind, input);
  const items = await Promise.all(page.items.map((i) => taxonomyCardOf(i, now)));
  return { items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}
