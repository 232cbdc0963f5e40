import useSWR from 'swr';
import type { getCatalogSiteCall } from '../../../../shared/api/calls/catalog';
import { ApiError } from '../../lib/api-error';
import { callApi, callRef } from '../../lib/api';

const siteCall = callRef<typeof getCatalogSiteCall>('/catalog/site', 'public');

/** A 404 (public access off, unknown team) or 400 (malformed id) is an answer, not a failure worth retrying. */
const shouldRetryOnError = (error: unknown) => !(error instanceof ApiError && (error.status === 404 || error.status === 400));

/** The catalog header (site name); 404 while the team's public access is off or for an unknown team. */
export function useCatalogSite(teamId: string) {
  return useSWR([siteCall.path, teamId], () => callApi(siteCall, { teamId }), { revalidateOnFocus: false, shouldRetryOnError });
}
