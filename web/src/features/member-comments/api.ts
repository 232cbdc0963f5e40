import useSWR from 'swr';
import type { memberCommentCreateCall, memberCommentListCall } from '../../../../shared/api/calls/comments';
import type { ContentType } from '../../../../shared/content-types';
import { callApi, callRef } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** References only: member pages load no zod declarations. */
const calls = {
  list: callRef<typeof memberCommentListCall>('/member_comment/list', 'member'),
  create: callRef<typeof memberCommentCreateCall>('/member_comment/create', 'member'),
};

/** The page's comments with their replies, newest first, and whether the site takes new ones there. */
export function useContentComments(type: ContentType, id: string, cursor: string | undefined) {
  return useSWR(teamScoped(calls.list.path, type, id, cursor ?? ''), () => callApi(calls.list, { type, id, cursor, limit: 20 }), {
    keepPreviousData: true,
  });
}

export const postComment = (type: ContentType, id: string, body: string) => callApi(calls.create, { type, id, body });
