import useSWR, { mutate } from 'swr';
import type { getPublicDesignCall } from '../../../shared/api/calls/site-design';
import { ApiError } from './api-error';
import { callApi, callRef } from './api';

const publicDesignCall = callRef<typeof getPublicDesignCall>('/settings/design/public', 'public');

/** A 404 (unknown team) or 400 (malformed id) is an answer, not a failure worth retrying. */
const shouldRetryOnError = (error: unknown) => !(error instanceof ApiError && (error.status === 404 || error.status === 400));

/**
 * A team's design and site name for its member area, catalog and /lp/:teamId: read once per page load (no
 * revalidation on focus or mount once cached), so every page of a visit shares one answer.
 */
export function usePublicDesign(teamId: string) {
  return useSWR(teamId ? [publicDesignCall.path, teamId] : null, () => callApi(publicDesignCall, { teamId }), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError,
  });
}

/**
 * `items` in the designer's order: the keys the order names first (unknown ones skipped), then every item it
 * does not name, in the product's own order (an item added later still shows).
 */
export function inDesignOrder<T>(items: readonly T[], keyOf: (item: T) => string, order: readonly string[] | undefined): T[] {
  if (!order?.length) return [...items];
  const rank = new Map(order.map((k, i) => [k, i]));
  return items
    .map((item, index) => ({ item, index, rank: rank.get(keyOf(item)) }))
    .sort((a, b) => (a.rank ?? order.length + a.index) - (b.rank ?? order.length + b.index))
    .map((e) => e.item);
}

/**
 * The member page the site's app settings send a member to after logging in (SPEC §3 login / after-login), or
 * undefined for the home. The answer also primes the design every member page reads, so the layout does not ask again.
 */
export async function afterLoginPathOf(teamId: string): Promise<string | undefined> {
  try {
    const design = await callApi(publicDesignCall, { teamId });
    await mutate([publicDesignCall.path, teamId], design, { revalidate: false });
    return design.afterLoginPath ? `/user/${encodeURIComponent(teamId)}/${design.afterLoginPath}` : undefined;
  } catch {
    // The home is always a right place to land; the design is read again by the layout.
    return undefined;
  }
}
