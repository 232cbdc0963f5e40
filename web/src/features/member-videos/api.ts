import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import {
  getMemberVideoCall,
  listNewerMemberVideosCall,
  recordMemberVideoProgressCall,
  type ViewEvent,
} from '../../../../shared/api/calls/member-videos';
import { callApi } from '../../lib/api';
import { getTeamSession } from '../../lib/team-session';

const sessionKey = () => {
  const s = getTeamSession();
  return s ? [s.operatedTeamId, s.operatedUserId] : null;
};

/**
 * The watch page's answer. Not revalidated on focus: each answer issues new signed cookies and a new
 * resume point, which would restart the player.
 */
export function useMemberVideo(videoId: string) {
  const session = sessionKey();
  return useSWR(session ? [getMemberVideoCall.path, ...session, videoId] : null, () => callApi(getMemberVideoCall, { videoId }), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}

export const recordProgress = (videoId: string, event: ViewEvent, positionSeconds: number) =>
  callApi(recordMemberVideoProgressCall, { videoId, event, positionSeconds: Math.max(0, positionSeconds) });

const NEWER_PAGE = 20;
/** /videos/newer, page by page ("show more"). */
export function useNewerVideos() {
  const session = sessionKey();
  return useSWRInfinite(
    (index, previous: { cursor?: string } | null) => {
      if (!session || (index > 0 && !previous?.cursor)) return null;
      return [listNewerMemberVideosCall.path, ...session, index > 0 ? previous!.cursor! : ''];
    },
    ([, , , cursor]: string[]) => callApi(listNewerMemberVideosCall, { limit: NEWER_PAGE, ...(cursor ? { cursor } : {}) }),
  );
}
