/**
 * SPEC §4 member content access: ONE decision over a content item, its viewer and their entitlements, for every
 * content type (video, PDF, article, live, event, playlist). The server decides with `decideContentAccess`;
 * the page adds its own two states (`loading`, `networkError`) with `pageContentState`.
 * Pure: no I/O, times passed in, so every state is unit-tested (test/unit/content-access.test.ts).
 */

export const memberContentStates = [
  'loading',
  'registered',
  'unpurchased',
  'beforeRelease',
  'afterRelease',
  'unapplied',
  'outsideApplicationPeriod',
  'beforeEvent',
  'afterEvent',
  'visible',
  'networkError',
] as const;
export type MemberContentState = (typeof memberContentStates)[number];

/** What the server can decide (the page owns loading and network error). */
export type DecidedContentState = Exclude<MemberContentState, 'loading' | 'networkError'>;

/**
 * `hidden`: the viewer may not know the item exists (missing, private, outside its publication period, nothing to
 * show yet, or limited to groups they are in none of): answered as not found, revealing nothing.
 */
export type ContentAccess = DecidedContentState | 'hidden';

export interface Period {
  start: string;
  end: string;
}

/** What the decision reads of an item, whatever its type. Times are ISO-8601 UTC. */
export interface AccessibleContent {
  /** SPEC §4 Publication. */
  status: 'private' | 'public' | 'publicationPeriod';
  publicationPeriod?: Period;
  /** Shown to visitors of the public catalog. */
  isPublic: boolean;
  /** Limited to members of any of these groups; empty = every member. */
  groupIds: readonly string[];
  /** False while there is nothing to show yet (a video with no ready version). */
  ready: boolean;
  /** Playable / viewable period (SPEC §3); either end may be open. */
  releasePeriod?: { start?: string; end?: string };
  /** Prices that sell access; empty = free for whoever may see the item. */
  priceIds: readonly string[];
  /** Events (SPEC §3 Event): members apply within the application period and view during the hold period. */
  event?: { eventId: string; applicationPeriod: Period; holdPeriod: Period };
}

/** Who is asking: a visitor of the catalog, or a member (administrators preview what their team publishes). */
export type ContentViewer =
  | { kind: 'visitor' }
  | { kind: 'member'; role: 'admin' | 'member'; groupIds: readonly string[] };

/** What the viewer holds: purchases (filled by payments) and event applications (filled by events). */
export interface Entitlements {
  purchases: readonly { priceId: string; expiresAt?: string }[];
  appliedEventIds: readonly string[];
}

export const noEntitlements: Entitlements = { purchases: [], appliedEventIds: [] };

export const isPublishedAt = (c: Pick<AccessibleContent, 'status' | 'publicationPeriod'>, at: string): boolean =>
  c.status === 'public' ||
  (c.status === 'publicationPeriod' && !!c.publicationPeriod && c.publicationPeriod.start <= at && at < c.publicationPeriod.end);

/** A item limited to groups is for members of at least one of them; no groups means every member. */
export const inAnyGroup = (contentGroups: readonly string[], memberGroups: readonly string[]): boolean =>
  contentGroups.length === 0 || contentGroups.some((g) => memberGroups.includes(g));

const holdsPurchase = (c: AccessibleContent, e: Entitlements, at: string): boolean =>
  e.purchases.some((p) => c.priceIds.includes(p.priceId) && (p.expiresAt === undefined || at < p.expiresAt));

/**
 * The order matters and is SPEC's: existence and audience first (reveal nothing), then who the visitor must
 * become (registered member), the event's application and hold periods, payment, and last the release period.
 */
export function decideContentAccess(
  content: AccessibleContent | undefined,
  viewer: ContentViewer,
  entitlements: Entitlements,
  now: Date,
): ContentAccess {
  const at = now.toISOString();
  if (!content || !content.ready || !isPublishedAt(content, at)) return 'hidden';
  if (viewer.kind === 'visitor') {
    // Catalog: only public items exist for visitors; an item limited to groups is never public (SPEC §5).
    if (!content.isPublic || content.groupIds.length > 0) return 'registered';
  } else if (viewer.role !== 'admin' && !inAnyGroup(content.groupIds, viewer.groupIds)) {
    return 'hidden';
  }
  if (content.event) {
    const { applicationPeriod, holdPeriod, eventId } = content.event;
    const applied = viewer.kind === 'member' && entitlements.appliedEventIds.includes(eventId);
    if (!applied) {
      const open = applicationPeriod.start <= at && at < applicationPeriod.end;
      return open ? 'unapplied' : 'outsideApplicationPeriod';
    }
    if (at < holdPeriod.start) return 'beforeEvent';
    if (at >= holdPeriod.end) return 'afterEvent';
  }
  if (content.priceIds.length > 0 && !(viewer.kind === 'member' && viewer.role === 'admin') && !holdsPurchase(content, entitlements, at)) {
    return 'unpurchased';
  }
  const release = content.releasePeriod;
  if (release?.start && at < release.start) return 'beforeRelease';
  if (release?.end && at >= release.end) return 'afterRelease';
  return 'visible';
}

/**
 * A content opened through a parent item that grants it (an event's contents, for the event's applicants during
 * its hold period): the parent has decided who may see it, so the content's own audience (private, publication
 * period, groups) is set aside. Whether it is ready, what it sells and when it plays (prices, release period)
 * still apply.
 */
export function grantedByParent(content: AccessibleContent): AccessibleContent {
  const { publicationPeriod: _audience, ...rest } = content;
  return { ...rest, status: 'public', groupIds: [] };
}

/** The page's state: its own loading and network error around the server's answer. */
export function pageContentState(fetch: { loading: boolean; error?: { status: number }; state?: DecidedContentState }): MemberContentState | 'notFound' {
  if (fetch.error) return fetch.error.status === 0 || fetch.error.status >= 500 ? 'networkError' : 'notFound';
  if (fetch.loading || !fetch.state) return 'loading';
  return fetch.state;
}
