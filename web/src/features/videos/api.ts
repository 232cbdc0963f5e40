import useSWR from 'swr';
import {
  abortVideoUploadCall,
  completeVideoUploadCall,
  signVideoPartsCall,
  startVideoUploadCall,
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
import { teamScoped } from '../../lib/team-session';
import type { UploadCalls } from './upload-video';

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
