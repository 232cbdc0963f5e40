import type { ContentComment } from '../../../shared/api/calls/comments';
import type { CommentNotice, ReplyNotice } from '../../../shared/api/calls/notices';
import { sendMail } from '../../mail/send-mail';
import { mailText } from '../../mail/mail-texts';
import { mailAnalysts } from '../../notices/analyst-mail';
import { addNotice } from '../../notices/notice';
import { platformConfig } from '../../platform/config';
import { getTeam } from '../../teams/team';
import { getTeamUser } from '../../teams/team-user';

/**
 * A member commented: an in-app notice for the team's analyst administrators, and a mail to each of them unless they
 * turned videoCommented off. The notice is keyed by the comment, so it is told once.
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
  if (!(await addNotice(teamId, 'videoComment', notice))) return;
  const team = await getTeam(teamId);
  if (!team) return;
  await mailAnalysts(team, 'videoCommented', 'comments.videoCommented', {
    siteName: team.siteName,
    member: comment.authorName,
    title,
    comment: comment.body,
    url: `${platformConfig().appOrigin}/admin/comment/${comment.commentId}/reply`,
  });
}

/**
 * An administrator replied: the comment's author gets an in-app notice (on their notices page) and a mail, each
 * unless they turned videoReplyCommented off.
 */
export async function noticeReply(
  teamId: string,
  comment: ContentComment & { userId: string },
  reply: { replyId: string; body: string; createdAt: string },
  title: string,
): Promise<void> {
  const [team, author] = await Promise.all([getTeam(teamId), getTeamUser(teamId, comment.userId)]);
  if (!team || !author || author.disabled || author.notifications?.videoReplyCommented === false) return;
  const notice: ReplyNotice = {
    notificationId: reply.replyId,
    createdAt: reply.createdAt,
    commentId: comment.commentId,
    contentType: comment.contentType,
    contentId: comment.contentId,
    contentTitle: title,
    reply: reply.body,
  };
  if (!(await addNotice(teamId, 'commentReply', notice, author.userId))) return;
  await sendMail({
    to: author.email,
    teamId,
    ...mailText(team.language, 'comments.videoReplyCommented', {
      siteName: team.siteName,
      name: author.name,
      title,
      reply: reply.body,
      // Every type's member page is /user/:teamId/<type>/:id (SPEC §2).
      url: `${platformConfig().appOrigin}/user/${teamId}/${comment.contentType}/${comment.contentId}`,
    }),
  });
}
