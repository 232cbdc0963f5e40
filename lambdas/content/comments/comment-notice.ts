import type { ContentComment } from '../../../shared/api/calls/comments';
import type { CommentNotice, ReplyNotice } from '../../../shared/api/calls/notices';
import { addNotice } from '../../core/entities/notice';
import { getTeamUser } from '../../core/entities/team-user';

/**
 * A member commented: an in-app notice for the team's analyst administrators, keyed by the comment so it is told once.
 * Their mails are the mail domain's reaction to the notice (lambdas/mail/notices/notice-mails.ts).
 */
export async function noticeComment(teamId: string, comment: ContentComment & { userId: string }, title: string): Promise<void> {
  const notice: CommentNotice = {
    notificationId: comment.commentId,
    createdAt: comment.createdAt,
    commentId: comment.commentId,
    contentType: comment.contentType,
    contentId: comment.contentId,
    contentTitle: title,
    userId: comment.userId,
    userName: comment.authorName,
    body: comment.body,
  };
  await addNotice(teamId, 'videoComment', notice);
}

/**
 * An administrator replied: the comment's author gets an in-app notice (on their notices page) unless they turned
 * videoReplyCommented off; the mail is the mail domain's reaction to that notice.
 */
export async function noticeReply(
  teamId: string,
  comment: ContentComment & { userId: string },
  reply: { replyId: string; body: string; createdAt: string },
  title: string,
): Promise<void> {
  const author = await getTeamUser(teamId, comment.userId);
  if (!author || author.disabled || author.notifications?.videoReplyCommented === false) return;
  const notice: ReplyNotice = {
    notificationId: reply.replyId,
    createdAt: reply.createdAt,
    commentId: comment.commentId,
    contentType: comment.contentType,
    contentId: comment.contentId,
    contentTitle: title,
    reply: reply.body,
  };
  await addNotice(teamId, 'commentReply', notice, author.userId);
}
