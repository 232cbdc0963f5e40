import { ulid } from 'ulid';
import type { AdminComment, MemberComment, MemberCommentPage } from '../../../shared/api/calls/comments';
import type { Page } from '../../../shared/api/page';
import { AppError } from '../../http/app-error';
import { ConditionFailedError } from '../../platform/db';
import { getSiteSettings } from '../../settings/site-settings';
import { canOpenVideo, type Viewer } from '../member-video-access';
import { getVideo } from '../video';
import { deleteComment, getComment, listTeamComments, listVideoComments, putNewComment, putReply, type StoredComment } from './comment';
import { noticeComment, noticeReply } from './comment-notice';

/** Who comments: a member of the team (with the groups the video access reads). */
export interface Commenter extends Viewer {
  userId: string;
  name: string;
}

/** The video when `who` may open its page (the watch page's own decision); otherwise 404, revealing nothing. */
async function openableVideo(teamId: string, videoId: string, who: Commenter, now: Date) {
  const video = await getVideo(teamId, videoId);
  if (!video || !canOpenVideo(video, who, now)) throw new AppError('video/not_found');
  return video;
}

const forMember = (c: StoredComment, userId: string): MemberComment => ({
  commentId: c.commentId,
  videoId: c.videoId,
  body: c.body,
  createdAt: c.createdAt,
  authorName: c.authorName,
  replies: c.replies,
  mine: c.userId === userId,
});

export async function createComment(teamId: string, who: Commenter, videoId: string, body: string, now = new Date()): Promise<MemberComment> {
  const video = await openableVideo(teamId, videoId, who, now);
  if (!(await getSiteSettings(teamId)).commentsEnabled) throw new AppError('comment/disabled');
  const comment: StoredComment = {
    commentId: ulid(now.getTime()),
    videoId,
    userId: who.userId,
    authorName: who.name,
    body,
    createdAt: now.toISOString(),
    replies: [],
    version: 1,
  };
  await putNewComment(teamId, comment);
  await noticeComment(teamId, comment, video.title);
  return forMember(comment, who.userId);
}

export async function listCommentsOfVideo(
  teamId: string,
  who: Commenter,
  videoId: string,
  opts: { cursor?: string; limit: number },
  now = new Date(),
): Promise<MemberCommentPage> {
  await openableVideo(teamId, videoId, who, now);
  const [page, settings] = await Promise.all([listVideoComments(teamId, videoId, opts), getSiteSettings(teamId)]);
  return { items: page.items.map((c) => forMember(c, who.userId)), nextCursor: page.nextCursor, commentsEnabled: settings.commentsEnabled };
}

/** Comments with their videos' titles (read once per video on the page; a deleted video's title is empty). */
async function withTitles(teamId: string, comments: StoredComment[]): Promise<AdminComment[]> {
  const ids = [...new Set(comments.map((c) => c.videoId))];
  const videos = await Promise.all(ids.map((id) => getVideo(teamId, id)));
  const titles = new Map(ids.map((id, i) => [id, videos[i]?.title ?? '']));
  return comments.map(({ version: _version, ...c }) => ({ ...c, videoTitle: titles.get(c.videoId) ?? '' }));
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
      await noticeReply(teamId, after, body, answer!.videoTitle);
      return answer!;
    } catch (e) {
      if (!(e instanceof ConditionFailedError)) throw e;
    }
  }
  throw new AppError('common/concurrent_update');
}

export async function removeComment(teamId: string, commentId: string): Promise<void> {
  try {
    await deleteComment(teamId, commentId);
  } catch (e) {
    if (e instanceof ConditionFailedError) throw new AppError('common/not_found');
    throw e;
  }
}
