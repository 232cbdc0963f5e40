import useSWR from 'swr';
import { listCategoriesCall, listCreatorsCall, listTagsCall } from '../../../../shared/api/calls/categories';
import { groupListCall } from '../../../../shared/api/calls/groups';
import { getPricesCall, getProductsCall } from '../../../../shared/api/calls/payments';
import {
  abortVideoUploadCall,
  completeVideoUploadCall,
  signVideoPartsCall,
  startFileUploadCall,
  startVideoUploadCall,
  type FileKind,
} from '../../../../shared/api/calls/uploads';
import {
  bulkDeleteVideosCall,
  createVideoCall,
  deleteVideoVersionCall,
  getVideoCall,
  listVideosCall,
  listVideoVersionsCall,
  recreateVideoCall,
  updateVideoCall,
  type VideoSort,
} from '../../../../shared/api/calls/videos';
import type { SortDirection } from '../../../../shared/constants';
import { callApi } from '../../lib/api';
import { getTeamSession } from '../../lib/team-session';
import type { UploadCalls } from './upload-video';

const teamScoped = (...parts: unknown[]) => {
  const s = getTeamSession();
  return s ? [...parts, s.operatedTeamId, s.operatedUserId] : null;
};

export interface VideoListQuery {
  query: string;
  sort: VideoSort;
  direction: SortDirection;
  cursor?: string;
}

export function useVideoList(q: VideoListQuery) {
  return useSWR(teamScoped(listVideosCall.path, q.query, q.sort, q.direction, q.cursor), () =>
    callApi(listVideosCall, { query: q.query, sort: q.sort, direction: q.direction, cursor: q.cursor, limit: 20 }),
  );
}

export const isVideoListKey = (key: unknown) => Array.isArray(key) && key[0] === listVideosCall.path;

/** Polled every 3 s while its file uploads or encodes, so the page shows when it is ready. */
export function useVideo(videoId: string | undefined) {
  return useSWR(videoId ? teamScoped(getVideoCall.path, videoId) : null, () => callApi(getVideoCall, { videoId: videoId! }), {
    refreshInterval: (video) => (video && (video.uploadState === 'uploading' || video.uploadState === 'encoding') ? 3000 : 0),
  });
}

export function useVideoVersions(videoId: string, refreshMs = 0) {
  return useSWR(teamScoped(listVideoVersionsCall.path, videoId), () => callApi(listVideoVersionsCall, { videoId }), {
    refreshInterval: refreshMs,
  });
}

export const createVideo = (input: Parameters<typeof callApi<typeof createVideoCall>>[1]) => callApi(createVideoCall, input);
export const updateVideo = (input: Parameters<typeof callApi<typeof updateVideoCall>>[1]) => callApi(updateVideoCall, input);
export const bulkDeleteVideos = (videoIds: string[], typedCount: string) => callApi(bulkDeleteVideosCall, { videoIds, typedCount });
export const deleteVideoVersion = (videoId: string, number: number) => callApi(deleteVideoVersionCall, { videoId, number });
export const recreateVideo = (videoId: string) => callApi(recreateVideoCall, { videoId });

export const videoUploadCalls: UploadCalls = {
  start: (input) => callApi(startVideoUploadCall, input),
  signParts: (input) => callApi(signVideoPartsCall, input),
  complete: (input) => callApi(completeVideoUploadCall, input),
  abort: (input) => callApi(abortVideoUploadCall, input),
};

/** A thumbnail, subtitle or attachment: one presigned PUT; answers the key to store in the video. */
export async function uploadSmallFile(kind: FileKind, file: File): Promise<string> {
  const { key, url, headers } = await callApi(startFileUploadCall, {
    kind,
    fileName: file.name,
    contentType: file.type || 'application/octet-stream',
    sizeBytes: file.size,
  });
  const res = await fetch(url, { method: 'PUT', headers, body: file });
  if (!res.ok) throw new Error(`file upload failed (${res.status})`);
  return key;
}

/** Choices for the form's selects: categories, tags, creators (first 100 each, sort-number order) and groups. */
export function useVideoChoices() {
  return useSWR(teamScoped('video-choices'), async () => {
    const [categories, tags, creators, groups] = await Promise.all([
      callApi(listCategoriesCall, { limit: 100 }),
      callApi(listTagsCall, { limit: 100 }),
      callApi(listCreatorsCall, { limit: 100 }),
      callApi(groupListCall, {}),
    ]);
    const options = (items: { id: string; name: string }[]) => items.map((i) => ({ value: i.id, label: i.name }));
    return {
      categories: options(categories.items),
      tags: options(tags.items),
      creators: options(creators.items),
      groups: groups.groups.map((g) => ({ value: g.groupId, label: g.name })),
    };
  });
}

/**
 * The team's active prices with their products' names, for the form's "prices" select. Fails with 409
 * `payment/not_connected` while the team has no Stripe account (the form then shows the field disabled).
 */
export function useVideoPriceChoices() {
  return useSWR(teamScoped('video-price-choices'), async () => {
    const [{ prices }, { products }] = await Promise.all([callApi(getPricesCall, {}), callApi(getProductsCall, {})]);
    const names = new Map(products.map((p) => [p.id, p.name]));
    return prices.filter((p) => p.active).map((price) => ({ price, productName: names.get(price.productId) ?? price.productId }));
  }, { shouldRetryOnError: false });
}
