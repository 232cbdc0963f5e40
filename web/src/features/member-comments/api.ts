import useSWR from 'swr';
import type { memberCommentCreateCall, memberCommentListCall } from '../../../../shared/api/calls/comments';
import { callApi, callRef } from '../../lib/api';
import { getTeamSession } from '../../lib/team-session';

/** References only: member pages load no zod declarations. */
const calls = {
  list: callRef<typeof memberCommentListCall>('/member_comment/list', 'member'),
  create: callRef<typeof memberCommentCreateCall>('/member_comment/create', 'member'),
};

/** The video's comments with their replies, newest first, and whether the site takes new ones. */
export function useVideoComments(videoId: string, cursor: string | undefined) {
  const s = getTeamSession();
  return useSWR(s ? [calls.list.path, videoId, cursor ?? '', s.operatedTeamId, s.operatedUserId] : null, () => callApi(calls.list, { videoId, cursor, limit: 20 }), {
    keepPreviousData: true,
  });
}

export const postComment = (videoId: string, body: string) => callApi(calls.create, { videoId, body });
