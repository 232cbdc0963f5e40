import useSWR from 'swr';
import type { previewArticleCall } from '../../../../shared/api/calls/articles';
import type { ContentItemType, getCatalogContentCall, getMemberContentCall, MemberContentAnswer } from '../../../../shared/api/calls/content-items';
import type { applyEventCall, previewEventCall } from '../../../../shared/api/calls/events';
import type { previewLiveCall } from '../../../../shared/api/calls/lives';
import type { previewPdfCall } from '../../../../shared/api/calls/pdfs';
import type { previewPlaylistCall } from '../../../../shared/api/calls/playlists';
import { callApi, callRef } from '../../lib/api';
import { teamOwner } from '../../lib/team-session';

/** The member page of any content item but the video, and its catalog mirror (one call each, by type). */
const calls = {
  user: callRef<typeof getMemberContentCall>('/member_content/get', 'member'),
  catalog: callRef<typeof getCatalogContentCall>('/catalog/content/get', 'public'),
  applyEvent: callRef<typeof applyEventCall>('/member_content/apply_event', 'member'),
};

/** SPEC §2 catalog preview mode: the page as a member who may open it sees it, for the team's administrators. */
const previewCalls = {
  article: callRef<typeof previewArticleCall>('/article/preview', 'admin.contents'),
  pdf: callRef<typeof previewPdfCall>('/pdf/preview', 'admin.contents'),
  playlist: callRef<typeof previewPlaylistCall>('/playlist/preview', 'admin.contents'),
  live: callRef<typeof previewLiveCall>('/live/preview', 'admin.contents'),
  event: callRef<typeof previewEventCall>('/event/preview', 'admin.contents'),
} satisfies Record<ContentItemType, unknown>;

/** `preview`: the catalog page in preview mode (an administrator of the team, whatever the item's audience). */
export type ContentArea = 'user' | 'catalog' | 'preview';

/** Extra input a page passes (e.g. the event a content is opened through). */
export type ContentContext = Record<string, string>;

/**
 * The page's answer. Not revalidated on focus: each answer issues fresh signed URLs (a PDF page's), and a reload
 * would restart a viewer.
 */
export function useMemberContent(area: ContentArea, teamId: string, type: ContentItemType, id: string, context: ContentContext = {}) {
  const owner = area === 'catalog' ? ['catalog', teamId] : teamOwner();
  const extra = Object.entries(context).sort();
  return useSWR(
    owner ? ['memberContent', area, ...owner, type, id, JSON.stringify(extra)] : null,
    () =>
      (area === 'user'
        ? callApi(calls.user, { type, id, ...context })
        : area === 'preview'
          ? callApi(previewCalls[type], { id })
          : callApi(calls.catalog, { teamId, type, id, ...context })) as Promise<MemberContentAnswer>,
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
}

/** SPEC §4 unapplied: the member applies to an event (the page is read again afterwards for its new state). */
export const applyToEvent = (eventId: string) => callApi(calls.applyEvent, { eventId });
