import useSWR from 'swr';
import type { getCatalogSiteCall, getCatalogVideoCall } from '../../../../shared/api/calls/catalog';
import { ApiError } from '../../lib/api-error';
import { callApi, callRef } from '../../lib/api';

const siteCall = callRef<typeof getCatalogSiteCall>('/catalog/site', 'public');
const videoCall = callRef<typeof getCatalogVideoCall>('/catalog/video/get', 'public');

/** A 404 (public access off, unknown team) or 400 (malformed id) is an answer, not a failure worth retrying. */
const shouldRetryOnError = (error: unknown) => !(error instanceof ApiError && (error.status === 404 || error.status === 400));

/** The catalog header (site name); 404 while the team's public access is off or for an unknown team. */
export function useCatalogSite(teamId: string) {
  return useSWR([siteCall.path, teamId], () => callApi(siteCall, { teamId }), { revalidateOnFocus: false, shouldRetryOnError });
}

/**
 * A public video's watch page. Not revalidated on focus: each answer issues new signed cookies, which would
 * restart the player.
 */
export function useCatalogVideo(teamId: string, videoId: string) {
  return useSWR([videoCall.path, teamId, videoId], () => callApi(videoCall, { teamId, videoId }), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}
