import type { ContentComment } from '../../../shared/api/calls/comments';
import { heldCategories } from '../../../shared/permissions';
import { sendMail } from '../../mail/send-mail';
import { mailText } from '../../mail/mail-texts';
import { addNotice, type NoticeBase } from '../../notices/notice';
import { platformConfig } from '../../platform/config';
import { getTeam } from '../../teams/team';
import { getTeamUser, listTeamUsers } from '../../teams/team-user';

/** The in-app notice of a new comment (SPEC §3 notification key videoCommented; it covers every type's page). */
export interface CommentNotification extends NoticeBase {
  commentId: string;
  contentType: ContentComment['contentType'];
  contentId: string;
  contentTitle: string;
  userId: string;
  userName: string;
  body: string;
}

const ADMIN_PAGE = 100;

/**
 * A member commented: an in-app notice for the team, and a mail to each administrator who may answer comments
 * (the analyst category, as the `comment` area needs) unless they turned videoCommented off. The notice is keyed by
 * the comment, so it is told once.
 */
export async function noticeComment(teamId: string, comment: ContentComment & { userId: string }, title: string): Promise<void> {
  const notice: CommentNotification = {
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
  const values = {
    siteName: team.siteName,
    member: comment.authorName,
    title,
    comment: comment.body,
    url: `${platformConfig().appOrigin}/admin/comment/${comment.commentId}/reply`,
  };
  let cursor: string | undefined;
  do {
    const page = await listTeamUsers(teamId, 'admin', { sort: 'created', order: 'asc', limit: ADMIN_PAGE, cursor });
    for (const admin of page.users) {
      if (admin.role !== 'admin' || admin.disabled || admin.notifications?.videoCommented === false) continue;
      if (!heldCategories({ adminLevel: admin.adminLevel, categories: admin.categories }).includes('analyst')) continue;
      await sendMail({ to: admin.email, teamId, ...mailText(team.language, 'comments.videoCommented', { ...values, name: admin.name }) });
    }
    cursor = page.nextCursor;
  } while (cursor);
}

/** An administrator replied: the comment's author gets a mail unless they turned videoReplyCommented off. */
export async function noticeReply(teamId: string, comment: ContentComment & { userId: string }, reply: string, title: string): Promise<void> {
  const [team, author] = await Promise.all([getTeam(teamId), getTeamUser(teamId, comment.userId)]);
  if (!team || !author || author.disabled || author.notifications?.videoReplyCommented === false) return;
  await sendMail({
    to: author.email,
    teamId,
    ...mailText(team.language, 'comments.videoReplyCommented', {
      siteName: team.siteName,
      name: author.name,
      title,
      reply,
      // Every type's member page is /user/:teamId/<type>/:id (SPEC §2).
      url: `${platformConfig().appOrigin}/user/${teamId}/${comment.contentType}/${comment.contentId}`,
    }),
  });
}
