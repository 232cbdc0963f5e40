import useSWR from 'swr';
import type { CallInput } from '../../../../shared/api/define';
import type { getCatalogSiteCall, getCatalogVideoCall } from '../../../../shared/api/calls/catalog';
import type { previewVideoCall } from '../../../../shared/api/calls/videos';
import { ApiError } from '../../lib/api-error';
import { callApi, callRef } from '../../lib/api';

const siteCall = callRef<typeof getCatalogSiteCall>('/catalog/site', 'public');
const videoCall = callRef<typeof getCatalogVideoCall>('/catalog/video/get', 'public');
const previewCall = callRef<typeof previewVideoCall>('/video/preview', 'admin.contents');

/** A 404 (public access off, unknown team) or 400 (malformed id) is an answer, not a failure worth retrying. */
const shouldRetryOnError = (error: unknown) => !(error instanceof ApiError && (error.status === 404 || error.status === 400));

/** The catalog header (site name); 404 while the team's public access is off or for an unknown team. */
export function useCatalogSite(teamId: string) {
  return useSWR([siteCall.path, teamId], () => callApi(siteCall, { teamId }), { revalidateOnFocus: false, shouldRetryOnError });
}

/**
 * A public video's watch page. Not revalidated on focus: each answer issues new signed cookies, which would
 * restart the player. `through`: the playlist the visitor watches it in, as on the member call (WatchedThrough).
 */
export function useCatalogVideo(
  teamId: string,
  videoId: string,
  through: Omit<CallInput<typeof getCatalogVideoCall>, 'teamId' | 'videoId'> = {},
  /** SPEC §2 preview mode: the page as a member who may open it sees it, for the team's administrators. */
  preview = false,
) {
  const key = preview ? [previewCall.path, teamId, videoId] : [videoCall.path, teamId, videoId, through.playlistId];
  return useSWR(key, () => (preview ? callApi(previewCall, { videoId }) : callApi(videoCall, { teamId, videoId, ...through })), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}
