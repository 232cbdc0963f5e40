import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { CallDef, CallInput } from '../../../../shared/api/define';
import type { listCatalogTaxonomyCall } from '../../../../shared/api/calls/catalog';
import type { ContentListPage, listCatalogContentCall, listMemberContentCall } from '../../../../shared/api/calls/content-lists';
import type {
  getMemberVideoCall,
  listMemberTaxonomyCall,
  recordMemberVideoProgressCall,
  TaxonomyCard,
  ViewEvent,
} from '../../../../shared/api/calls/member-videos';
import type { TaxonomyKind } from '../../../../shared/api/calls/categories';
import type { ContentType } from '../../../../shared/content-types';
import type { Page } from '../../../../shared/api/page';
import { callApi, callRef } from '../../lib/api';
import { ApiError } from '../../lib/api-error';
import { getTeamSession } from '../../lib/team-session';
import type { VideoArea } from './area-paths';

const member = <C extends CallDef>(path: C['path']) => callRef<C>(path, 'member');
const catalog = <C extends CallDef>(path: C['path']) => callRef<C>(path, 'public');

const calls = {
  get: member<typeof getMemberVideoCall>('/member_video/get'),
  progress: member<typeof recordMemberVideoProgressCall>('/member_video/progress'),
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

const sessionKey = () => {
  const s = getTeamSession();
  return s ? [s.operatedTeamId, s.operatedUserId] : null;
};

/**
 * Whose data a list key belongs to: the logged-in member (a new login never sees the last one's cached
 * lists) or, in the catalog, the team.
 */
const ownerKey = (area: VideoArea, teamId: string): string[] | null =>
  area === 'user' ? sessionKey() : teamId ? ['catalog', teamId] : null;

/**
 * What a video is watched through (SPEC §2 playlist/:parentId/:videoId: `playlistId`), which decides what follows it;
 * the member and catalog calls take the same.
 */
export type WatchedThrough = Omit<CallInput<typeof getMemberVideoCall>, 'videoId'>;

/**
 * The watch page's answer. Not revalidated on focus: each answer issues new signed cookies and a new
 * resume point, which would restart the player.
 */
export function useMemberVideo(videoId: string, through: WatchedThrough = {}) {
  const session = sessionKey();
  const parent = Object.entries(through).filter(([, id]) => id !== undefined).sort();
  return useSWR(session ? [calls.get.path, ...session, videoId, JSON.stringify(parent)] : null, () => callApi(calls.get, { videoId, ...through }), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}

/** `eventId`: watched through that event (SPEC §2 event/:eventId/:videoId/item_select), which grants the video. */
export const recordProgress = (videoId: string, event: ViewEvent, positionSeconds: number, eventId?: string) =>
  callApi(calls.progress, { videoId, event, positionSeconds: Math.max(0, positionSeconds), ...(eventId ? { eventId } : {}) });

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
function fetchVideoPage(area: VideoArea, teamId: string, type: ContentType, source: VideoListSource, cursor: string): Promise<VideoListPage> {
  // No order named (all, category, tag, creator): the server answers in the team's default order (basic info).
  const input = { type, limit: VIDEO_PAGE_SIZE, ...(cursor ? { cursor } : {}), ...sourceInput(source) };
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

/** A list of one content type (videos unless told) page by page ("show more"); `null` source = no call (e.g. an empty search). */
export function useVideoPages(area: VideoArea, teamId: string, source: VideoListSource | null, type: ContentType = 'video') {
  const owner = ownerKey(area, teamId);
  return useSWRInfinite(
    (index, previous: VideoListPage | null) => {
      if (!owner || !source || (index > 0 && !previous?.nextCursor)) return null;
      return ['videoList', area, ...owner, type, sourceKey(source), index > 0 ? previous!.nextCursor! : ''];
    },
    (key: string[]) => fetchVideoPage(area, teamId, type, source!, key[key.length - 1]!),
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
