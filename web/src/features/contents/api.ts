import useSWR from 'swr';
import type { ContentItem, ContentItemCalls, ContentItemSort } from '../../../../shared/api/calls/content-items';
import { deleteFileCall, listFilesCall } from '../../../../shared/api/calls/files';
import { createZoomMeetingCall } from '../../../../shared/api/calls/lives';
import { getVideoCall, listVideosCall } from '../../../../shared/api/calls/videos';
import { disconnectZoomCall, getZoomSettingCall, saveZoomSettingCall } from '../../../../shared/api/calls/zoom';
import { callApi } from '../../lib/api';
import { ApiError } from '../../lib/api-error';
import { teamScoped } from '../../lib/team-session';

/** The admin calls of every content type but the video: the same five calls per type (`contentItemCalls`). */
export interface ContentListQuery {
  query: string;
  sort: ContentItemSort;
  direction: 'asc' | 'desc';
  cursor?: string;
}

export function useContentList(calls: ContentItemCalls, q: ContentListQuery) {
  return useSWR(teamScoped(calls.list.path, q.query, q.sort, q.direction, q.cursor), () =>
    callApi(calls.list, { query: q.query, sort: q.sort, direction: q.direction, cursor: q.cursor, limit: 20 }),
  );
}

/** Any list key of this type (after a save or delete, every page of the list is read again). */
export const isContentListKey = (calls: ContentItemCalls) => (key: unknown) => Array.isArray(key) && key[0] === calls.list.path;

export function useContentItem(calls: ContentItemCalls, id: string | undefined) {
  return useSWR(id ? teamScoped(calls.get.path, id) : null, () => callApi(calls.get, { id: id! }) as Promise<ContentItem>);
}

export const createContentItem = (calls: ContentItemCalls, input: Record<string, unknown>) => callApi(calls.create, input as never);
export const updateContentItem = (calls: ContentItemCalls, input: Record<string, unknown>) => callApi(calls.update, input as never);
export const deleteContentItem = (calls: ContentItemCalls, id: string) => callApi(calls.remove, { id });

export function useFileList(cursor: string | undefined) {
  return useSWR(teamScoped(listFilesCall.path, cursor), () => callApi(listFilesCall, { cursor, limit: 20 }));
}
export const isFileListKey = (key: unknown) => Array.isArray(key) && key[0] === listFilesCall.path;
export const deleteLibraryFile = (id: string) => callApi(deleteFileCall, { id });

/** The team's videos to pick from (a playlist's editor): by title when `query` is given, else the newest. */
export function useVideoPicks(query: string, limit: number) {
  return useSWR(teamScoped(listVideosCall.path, 'picks', query, limit), () => callApi(listVideosCall, { query, sort: 'newest', direction: 'desc', limit }), {
    keepPreviousData: true,
  });
}

/**
 * The videos a saved item holds (a playlist's, an event's) that its editor has not seen among its picks, read once
 * when it opens (one `/video/get` each, at most a playlist's 100). A video no longer found is answered as `missing`.
 */
export function useVideoSummaries(videoIds: readonly string[]) {
  const ids = [...videoIds].sort();
  return useSWR(ids.length ? teamScoped('playlistVideos', ...ids) : null, () =>
    Promise.all(
      ids.map((videoId) =>
        callApi(getVideoCall, { videoId }).then(
          ({ title, durationSeconds, status, currentVersion }) => ({ videoId, title, durationSeconds, status, currentVersion, missing: false as const }),
          (e: unknown) => {
            if (e instanceof ApiError && e.status === 404) return { videoId, missing: true as const };
            throw e;
          },
        ),
      ),
    ),
    { revalidateOnFocus: false, revalidateOnReconnect: false },
  );
}

/** The team's Zoom connection (SPEC §2 /admin/setting/zoom_setting; the live form asks whether it is connected). */
export function useZoomSetting() {
  return useSWR(teamScoped(getZoomSettingCall.path), () => callApi(getZoomSettingCall, {}));
}
export const isZoomSettingKey = (key: unknown) => Array.isArray(key) && key[0] === getZoomSettingCall.path;
export const saveZoomSetting = (input: { accountId: string; clientId: string; clientSecret: string }) => callApi(saveZoomSettingCall, input);
export const disconnectZoom = () => callApi(disconnectZoomCall, {});
/** A Zoom meeting or webinar for the live form, made on the connected account. */
export const createZoomMeeting = (input: { platform: 'zoomMeeting' | 'zoomWebinar'; topic: string; startAt: string; endAt: string }) =>
  callApi(createZoomMeetingCall, input);
