import { ulid } from 'ulid';
import type { AdminComment, MemberComment, MemberCommentPage } from '../../../shared/api/calls/comments';
import type { Page } from '../../../shared/api/page';
import type { ContentViewer } from '../../../shared/content-access';
import type { ContentType } from '../../../shared/content-types';
import { AppError } from '../../core/http/app-error';
import { writeIfFound } from '../../core/conditional-write';
import { ConditionFailedError } from '../../platform/db';
import { getSiteSettings, type SiteSettings } from '../../core/entities/site-settings';
import { openableTitle, titlesOf } from '../member-card-sources';
import { deleteComment, getComment, listContentComments, listTeamComments, putNewComment, putReply, type StoredComment } from './comment';
import { noticeComment, noticeReply } from './comment-notice';

/** Who comments: a member of the team (with the groups the access decision reads). */
export type Commenter = ContentViewer & { kind: 'member'; userId: string; name: string };

/** SPEC §3 site settings: comments on videos, and on the other types only where the operator allows it too. */
const takesComments = (settings: SiteSettings, type: ContentType) => settings.commentsEnabled && (type === 'video' || settings.contentCommentsEnabled);

const forMember = (c: StoredComment, userId: string): MemberComment => ({
  commentId: c.commentId,
  contentType: c.contentType,
  contentId: c.contentId,
  body: c.body,
  createdAt: c.createdAt,
  authorName: c.authorName,
  replies: c.replies,
  mine: c.userId === userId,
});

export async function createComment(teamId: string, who: Commenter, type: ContentType, id: string, body: string, now = new Date()): Promise<MemberComment> {
  const title = await openableTitle(teamId, who.userId, who, type, id, now);
  if (!takesComments(await getSiteSettings(teamId), type)) throw new AppError('comment/disabled');
  const comment: StoredComment = {
    commentId: ulid(now.getTime()),
    contentType: type,
    contentId: id,
    userId: who.userId,
    authorName: who.name,
    body,
    createdAt: now.toISOString(),
    replies: [],
    version: 1,
  };
  await putNewComment(teamId, comment);
  await noticeComment(teamId, comment, title);
  return forMember(comment, who.userId);
}

/** The comments under a page the member may open; `commentsEnabled` says whether the form shows. */
export async function listCommentsOf(
  teamId: string,
  who: Commenter,
  type: ContentType,
  id: string,
  opts: { cursor?: string; limit: number },
  now = new Date(),
): Promise<MemberCommentPage> {
  await openableTitle(teamId, who.userId, who, type, id, now);
  const [page, settings] = await Promise.all([listContentComments(teamId, type, id, opts), getSiteSettings(teamId)]);
  return { items: page.items.map((c) => forMember(c, who.userId)), nextCursor: page.nextCursor, commentsEnabled: takesComments(settings, type) };
}

/** Comments with their contents' titles (one BatchGet per type on the page; a deleted content's title is empty). */
async function withTitles(teamId: string, comments: StoredComment[]): Promise<AdminComment[]> {
  const titles = await titlesOf(
    teamId,
    comments.map((c) => ({ contentType: c.contentType, id: c.contentId })),
  );
  return comments.map(({ version: _version, ...c }) => ({ ...c, contentTitle: titles.get(`${c.contentType}#${c.contentId}`) ?? '' }));
}

export async function listComments(teamId: string, opts: { cursor?: string; limit: number }): Promise<Page<AdminComment>> {
  const page = await listTeamComments(teamId, opts);
  return { items: await withTitles(teamId, page.items), nextCursor: page.nextCursor };
}

async function storedComment(teamId: string, commentId: string): Promise<StoredComment> {
  const comment = await getComment(teamId, commentId, true);
  if (!comment) throw new AppError('common/not_found');
  return comment;
}

export async function getAdminComment(teamId: string, commentId: string): Promise<AdminComment> {
  const [comment] = await withTitles(teamId, [await storedComment(teamId, commentId)]);
  return comment!;
}

/** Adds the reply; one retry when another reply was saved in between, then `common/concurrent_update`. */
export async function replyToComment(teamId: string, commentId: string, body: string, now = new Date()): Promise<AdminComment> {
  const reply = { replyId: ulid(now.getTime()), body, createdAt: now.toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    const before = await storedComment(teamId, commentId);
    try {
      const after = await putReply(teamId, before, reply);
      const [answer] = await withTitles(teamId, [after]);
      await noticeReply(teamId, after, reply, answer!.contentTitle);
      return answer!;
    } catch (e) {
      if (!(e instanceof ConditionFailedError)) throw e;
    }
  }
  throw new AppError('common/concurrent_update');
}

export async function removeComment(teamId: string, commentId: string): Promise<void> {
  await writeIfFound(() => deleteComment(teamId, commentId));
}
