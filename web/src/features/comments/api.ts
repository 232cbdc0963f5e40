import useSWR from 'swr';
import { commentDeleteCall, commentGetCall, commentListCall, commentReplyCall } from '../../../../shared/api/calls/comments';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** Every page of the admin list (to revalidate after a reply, whatever page is on screen). */
export const isCommentListKey = (key: unknown) => Array.isArray(key) && key[0] === commentListCall.path;

/** SPEC §2 /admin/comment: the team's comments, newest first. */
export function useCommentList(cursor: string | undefined) {
  return useSWR(teamScoped(commentListCall.path, cursor ?? ''), () => callApi(commentListCall, { cursor, limit: 20 }), { keepPreviousData: true });
}

export function useComment(commentId: string | undefined) {
  return useSWR(commentId ? teamScoped(commentGetCall.path, commentId) : null, () => callApi(commentGetCall, { commentId: commentId! }));
}

export const replyToComment = (commentId: string, body: string) => callApi(commentReplyCall, { commentId, body });
export const deleteComment = (commentId: string) => callApi(commentDeleteCall, { commentId });
