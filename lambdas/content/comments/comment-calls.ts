import {
  commentDeleteCall,
  commentGetCall,
  commentListCall,
  commentReplyCall,
  memberCommentCreateCall,
  memberCommentListCall,
} from '../../../shared/api/calls/comments';
import { implement, teamOf, type CallContext, type CallImpl } from '../../core/http/implement';
import { createComment, getAdminComment, listComments, listCommentsOf, removeComment, replyToComment, type Commenter } from './comment-service';

const commenterOf = (ctx: CallContext): Commenter => {
  const team = teamOf(ctx);
  return { kind: 'member', userId: team.userId, name: team.user.name, role: team.role, groupIds: team.user.groupIds ?? [] };
};

/** SPEC §2 /admin/comment (with comment/:commentId/reply) and the comments under a member's video. */
export const commentCalls: CallImpl[] = [
  implement(commentListCall, async ({ cursor, limit }, ctx) => listComments(teamOf(ctx).teamId, { cursor, limit })),
  implement(commentGetCall, async ({ commentId }, ctx) => ({ comment: await getAdminComment(teamOf(ctx).teamId, commentId) })),
  implement(commentReplyCall, async ({ commentId, body }, ctx) => ({ comment: await replyToComment(teamOf(ctx).teamId, commentId, body) })),
  implement(commentDeleteCall, async ({ commentId }, ctx) => {
    await removeComment(teamOf(ctx).teamId, commentId);
    return {};
  }),
  implement(memberCommentCreateCall, async ({ type, id, body }, ctx) => ({
    comment: await createComment(teamOf(ctx).teamId, commenterOf(ctx), type, id, body),
  })),
  implement(memberCommentListCall, async ({ type, id, cursor, limit }, ctx) =>
    listCommentsOf(teamOf(ctx).teamId, commenterOf(ctx), type, id, { cursor, limit }),
  ),
];
