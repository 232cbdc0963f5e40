import useSWRInfinite from 'swr/infinite';
import type { CallDef } from '../../../../shared/api/define';
import type { listCatalogTaxonomyCall } from '../../../../shared/api/calls/catalog';
import type { ContentListPage, listCatalogContentCall, listMemberContentCall } from '../../../../shared/api/calls/content-lists';
import type {
  listMemberTaxonomyCall,
  TaxonomyCard,
} from '../../../../shared/api/calls/member-videos';
import type { TaxonomyKind } from '../../../../shared/api/calls/categories';
import type { ContentType } from '../../../../shared/content-types';
import type { Page } from '../../../../shared/api/page';
import type { SortOrder } from '../../../../shared/rules/list-sort';
import { callApi, callRef } from '../../lib/api';
import { ApiError } from '../../lib/api-error';
import { teamOwner } from '../../lib/team-session';
import type { VideoArea } from '../../lib/area-paths';

const member = <C extends CallDef>(path: C['path']) => callRef<C>(path, 'member');
const catalog = <C extends CallDef>(path: C['path']) => callRef<C>(path, 'public');

const calls = {
  user: {
    list: member<typeof listMemberContentCall>('/member_content/list'),
    taxonomy: member<typeof listMemberTaxonomyCall>('/member_video/taxonomy'),
  },
  catalog: {
    list: catalog<typeof listCatalogContentCall>('/catalog/content/list'),
    taxonomy: catalog<typeof listCatalogTaxonomyCall>('/catalog/taxonomy'),
  },
};

/** Plain copies of the call inputs' limits (shared/api/calls/content-lists.ts), without loading zod. */
export const VIDEO_PAGE_SIZE = 20;
export const VIDEO_SEARCH_QUERY_MAX_LENGTH = 100;

/**
 * Whose data a list key belongs to: the logged-in member (a new login never sees the last one's cached
 * lists) or, in the catalog, the team.
 */
const ownerKey = (area: VideoArea, teamId: string): string[] | null =>
  area === 'user' ? teamOwner() : teamId ? ['catalog', teamId] : null;

/** Which videos a list shows (SPEC §2 member area and catalog lists). */
export type VideoListSource =
  | { kind: 'newer' }
  | { kind: 'popular' }
  | { kind: 'all' }
  | { kind: 'category'; id: string }
  | { kind: 'tag'; id: string }
  | { kind: 'creator'; id: string }
  | { kind: 'search'; query: string };

export type VideoListPage = ContentListPage;

/** The list call's input for a source: order, scope or search. */
const sourceInput = (source: VideoListSource) => {
  switch (source.kind) {
    case 'category':
      return { categoryId: source.id };
    case 'tag':
      return { tagId: source.id };
    case 'creator':
      return { creatorId: source.id };
    case 'popular':
      return { order: 'popular' as const };
    case 'newer':
      // The home's new arrivals are newest first whatever the lists' default order.
      return { order: 'newer' as const };
    case 'search':
      return { query: source.query };
    default:
      return {};
  }
};

/** One page of a video list from the member or the catalog call. */
function fetchVideoPage(area: VideoArea, teamId: string, type: ContentType, source: VideoListSource, sort: SortOrder | undefined, cursor: string): Promise<VideoListPage> {
  // No order named (all, category, tag, creator, unless the member chose a sort): the server answers in the team's
  // default order (basic info).
  const input = { type, limit: VIDEO_PAGE_SIZE, ...(cursor ? { cursor } : {}), ...sourceInput(source), ...(sort ? { order: sort } : {}) };
  return area === 'user' ? callApi(calls.user.list, input) : callApi(calls.catalog.list, { ...input, teamId });
}

/**
 * The category, tag or creator of a scoped list does not exist here: 404, or 400 for an id no item can
 * have (typed into the address); both are shown as "not found".
 */
export const isMissingScope = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** An answer (not found, bad input, refused) is not retried; a network or server failure is. */
const listOptions = {
  revalidateFirstPage: false,
  shouldRetryOnError: (error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500),
};

const sourceKey = (source: VideoListSource) => ('id' in source ? `${source.kind}:${source.id}` : source.kind === 'search' ? `search:${source.query}` : source.kind);

/**
 * A list of one content type (videos unless told) page by page ("show more"); `null` source = no call (e.g. an empty
 * search). `sort`: the member's choice of order for a whole or scoped list; absent = the team's default.
 */
export function useVideoPages(area: VideoArea, teamId: string, source: VideoListSource | null, type: ContentType = 'video', sort?: SortOrder) {
  const owner = ownerKey(area, teamId);
  return useSWRInfinite(
    (index, previous: VideoListPage | null) => {
      if (!owner || !source || (index > 0 && !previous?.nextCursor)) return null;
      return ['videoList', area, ...owner, type, sourceKey(source), sort ?? '', index > 0 ? previous!.nextCursor! : ''];
    },
    (key: string[]) => fetchVideoPage(area, teamId, type, source!, sort, key[key.length - 1]!),
    listOptions,
  );
}

export type TaxonomyPage = Page<TaxonomyCard>;

/** Categories, tags or creators in sort-number order, page by page. */
export function useTaxonomyPages(area: VideoArea, teamId: string, kind: TaxonomyKind) {
  const owner = ownerKey(area, teamId);
  return useSWRInfinite(
    (index, previous: TaxonomyPage | null) => {
      if (!owner || (index > 0 && !previous?.nextCursor)) return null;
      return ['taxonomy', area, ...owner, kind, index > 0 ? previous!.nextCursor! : ''];
    },
    (key: string[]) => {
      const cursor = key[key.length - 1];
      const page = { limit: VIDEO_PAGE_SIZE, kind, ...(cursor ? { cursor } : {}) };
      return area === 'user' ? callApi(calls.user.taxonomy, page) : callApi(calls.catalog.taxonomy, { ...page, teamId });
    },
    listOptions,
  );
}
