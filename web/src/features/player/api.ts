import useSWR from 'swr';
import type { CallInput } from '../../../../shared/api/define';
import type { getCatalogVideoCall } from '../../../../shared/api/calls/catalog';
import type { getMemberVideoCall, recordMemberVideoProgressCall, ViewEvent } from '../../../../shared/api/calls/member-videos';
import type { previewVideoCall } from '../../../../shared/api/calls/videos';
import { clockOffset } from '../../../../shared/rules/premiere';
import { callApi, callRef } from '../../lib/api';
import { teamOwner } from '../../lib/team-session';

// References only: the watch pages load no zod declarations (test/unit/web/call-refs.test.ts).
const calls = {
  get: callRef<typeof getMemberVideoCall>('/member_video/get', 'member'),
  progress: callRef<typeof recordMemberVideoProgressCall>('/member_video/progress', 'member'),
  catalogVideo: callRef<typeof getCatalogVideoCall>('/catalog/video/get', 'public'),
  preview: callRef<typeof previewVideoCall>('/video/preview', 'admin.contents'),
};

/**
 * The answer with the server clock's lead on the device's, read when it arrives (a premiere plays on the server's
 * clock; an answer without `serverTime` gives 0: the device's clock).
 */
const withClock = <A extends object>(answer: A): A & { clockOffsetMs: number } => ({
  ...answer,
  clockOffsetMs: clockOffset('serverTime' in answer && typeof answer.serverTime === 'string' ? answer.serverTime : undefined, Date.now()),
});

/**
 * What a video is watched through (SPEC §2 playlist/:parentId/:videoId: `playlistId`), which decides what follows it;
 * the member and catalog calls take the same.
 */
export type WatchedThrough = Omit<CallInput<typeof getMemberVideoCall>, 'videoId'>;

/**
 * The watch page's answer. Not revalidated on focus: each answer issues new signed cookies and a new
 * resume point, which would restart the player.
 */
export function useMemberVideo(videoId: string, through: WatchedThrough = {}) {
  const session = teamOwner();
  const parent = Object.entries(through).filter(([, id]) => id !== undefined).sort();
  return useSWR(session ? [calls.get.path, ...session, videoId, JSON.stringify(parent)] : null, () => callApi(calls.get, { videoId, ...through }).then(withClock), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}

/** `eventId`: watched through that event (SPEC §2 event/:eventId/:videoId/item_select), which grants the video. */
export const recordProgress = (videoId: string, event: ViewEvent, positionSeconds: number, eventId?: string) =>
  callApi(calls.progress, { videoId, event, positionSeconds: Math.max(0, positionSeconds), ...(eventId ? { eventId } : {}) });

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
  const key = preview ? [calls.preview.path, teamId, videoId] : [calls.catalogVideo.path, teamId, videoId, through.playlistId];
  return useSWR(key, () => (preview ? callApi(calls.preview, { videoId }) : callApi(calls.catalogVideo, { teamId, videoId, ...through })).then(withClock), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}
