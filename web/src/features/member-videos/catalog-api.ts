import useSWR from 'swr';
import type { CallDef } from '../../../../shared/api/define';
import type { getCatalogSiteCall, getCatalogVideoCall } from '../../../../shared/api/calls/catalog';
import { ApiError } from '../../lib/api-error';
import { callApi } from '../../lib/api';

/**
 * The catalog calls by path and access only: the declarations build zod schemas when loaded, which a
 * visitor's first page does not need (the server validates).
 */
const publicCall = <C extends CallDef>(path: C['path']) => ({ path, domain: 'content', access: { kind: 'public' } }) as C;
const siteCall = publicCall<typeof getCatalogSiteCall>('/catalog/site');
const videoCall = publicCall<typeof getCatalogVideoCall>('/catalog/video/get');

/** A 404 (public access off, unknown team) or 400 (malformed id) is an answer, not a failure worth retrying. */
const shouldRetryOnError = (error: unknown) => !(error instanceof ApiError && (error.status === 404 || error.status === 400));

/** The catalog header (site name); 404 while the team's public access is off or for an unknown team. */
export function useCatalogSite(teamId: string) {
  return useSWR([siteCall.path, teamId], () => callApi(siteCall, { teamId }), { revalidateOnFocus: false, shouldRetryOnError });
}

/**
 * A public video's watch page (`videoId` undefined: no call). Not revalidated on focus: each answer
 * issues new signed cookies, which would restart the player.
 */
export function useCatalogVideo(teamId: string, videoId: string | undefined) {
  return useSWR(videoId ? [videoCall.path, teamId, videoId] : null, () => callApi(videoCall, { teamId, videoId: videoId! }), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}
