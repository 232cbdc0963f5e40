import useSWR from 'swr';
import type { ContentItemType, getCatalogContentCall, getMemberContentCall, MemberContentAnswer } from '../../../../shared/api/calls/content-items';
import type { applyEventCall } from '../../../../shared/api/calls/events';
import { callApi, callRef } from '../../lib/api';
import { getTeamSession } from '../../lib/team-session';

/** The member page of any content item but the video, and its catalog mirror (one call each, by type). */
const calls = {
  user: callRef<typeof getMemberContentCall>('/member_content/get', 'member'),
  catalog: callRef<typeof getCatalogContentCall>('/catalog/content/get', 'public'),
  applyEvent: callRef<typeof applyEventCall>('/member_content/apply_event', 'member'),
};

export type ContentArea = 'user' | 'catalog';

/** Extra input a page passes (e.g. the event a content is opened through). */
export type ContentContext = Record<string, string>;

/**
 * The page's answer. Not revalidated on focus: each answer issues fresh signed URLs (a PDF page's), and a reload
 * would restart a viewer.
 */
export function useMemberContent(area: ContentArea, teamId: string, type: ContentItemType, id: string, context: ContentContext = {}) {
  const s = getTeamSession();
  const owner = area === 'user' ? (s ? [s.operatedTeamId, s.operatedUserId] : null) : ['catalog', teamId];
  const extra = Object.entries(context).sort();
  return useSWR(
    owner ? ['memberContent', area, ...owner, type, id, JSON.stringify(extra)] : null,
    () =>
      (area === 'user'
        ? callApi(calls.user, { type, id, ...context })
        : callApi(calls.catalog, { teamId, type, id, ...context })) as Promise<MemberContentAnswer>,
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
}

/** SPEC §4 unapplied: the member applies to an event (the page is read again afterwards for its new state). */
export const applyToEvent = (eventId: string) => callApi(calls.applyEvent, { eventId });
