import useSWR from 'swr';
import {
  abortVideoUploadCall,
  completeVideoUploadCall,
  signVideoPartsCall,
  startVideoUploadCall,
} from '../../../../shared/api/calls/uploads';
import * as videosCalls from '../../../../shared/api/calls/videos';
import type { VideoSort } from '../../../../shared/api/calls/videos';
import type { SortDirection } from '../../../../shared/constants';
import { callApi } from '../../lib/api';
import { resolveEach, type ItemSource } from '../../lib/item-source';
import { teamScoped } from '../../lib/team-session';
import type { UploadCalls } from './upload-video';

export interface VideoListQuery {
  query: string;
  sort: VideoSort;
  direction: SortDirection;
  cursor?: string;
}

export function useVideoList(q: VideoListQuery) {
  return useSWR(teamScoped(videosCalls.listVideosCall.path, q.query, q.sort, q.direction, q.cursor), () =>
    callApi(videosCalls.listVideosCall, { query: q.query, sort: q.sort, direction: q.direction, cursor: q.cursor, limit: 20 }),
  );
}

export const isVideoListKey = (key: unknown) => Array.isArray(key) && key[0] === videosCalls.listVideosCall.path;

/** Polled every 3 s while its file uploads or encodes, so the page shows when it is ready. */
export function useVideo(videoId: string | undefined) {
  return useSWR(videoId ? teamScoped(videosCalls.getVideoCall.path, videoId) : null, () => callApi(videosCalls.getVideoCall, { videoId: videoId! }), {
    refreshInterval: (video) => (video && (video.uploadState === 'uploading' || video.uploadState === 'encoding') ? 3000 : 0),
  });
}

export function useVideoVersions(videoId: string, refreshMs = 0) {
  return useSWR(teamScoped(videosCalls.listVideoVersionsCall.path, videoId), () => callApi(videosCalls.listVideoVersionsCall, { videoId }), {
    refreshInterval: refreshMs,
  });
}

export const createVideo = (input: Parameters<typeof callApi<typeof videosCalls.createVideoCall>>[1]) => callApi(videosCalls.createVideoCall, input);
export const updateVideo = (input: Parameters<typeof callApi<typeof videosCalls.updateVideoCall>>[1]) => callApi(videosCalls.updateVideoCall, input);
export const bulkDeleteVideos = (videoIds: string[], typedCount: string) => callApi(videosCalls.bulkDeleteVideosCall, { videoIds, typedCount });
export const deleteVideoVersion = (videoId: string, number: number) => callApi(videosCalls.deleteVideoVersionCall, { videoId, number });
export const recreateVideo = (videoId: string) => callApi(videosCalls.recreateVideoCall, { videoId });

export const videoUploadCalls: UploadCalls = {
  start: (input) => callApi(startVideoUploadCall, input),
  signParts: (input) => callApi(signVideoPartsCall, input),
  complete: (input) => callApi(completeVideoUploadCall, input),
  abort: (input) => callApi(abortVideoUploadCall, input),
};

/**
 * The video form's next-video picker, searched by title on the server (`/video/list` `query`); its survey and test
 * pickers are lib/item-source.ts's.
 */
export const videoPickerSource: ItemSource = {
  kind: 'video',
  search: async (text) => (await callApi(videosCalls.listVideosCall, { query: text, limit: 20 })).items.map((v) => ({ id: v.videoId, title: v.title })),
  resolve: (ids) => resolveEach(ids, async (videoId) => ({ id: videoId, title: (await callApi(videosCalls.getVideoCall, { videoId })).title })),
};
