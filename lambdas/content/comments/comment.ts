import type { CommentReply, ContentComment } from '../../../shared/api/calls/comments';
import type { Page } from '../../../shared/api/page';
import type { ContentType } from '../../../shared/content-types';
import { newestFirstPage } from '../../core/http/cursor';
import { atVersion, deleteItem, getItem, type Item, putItem } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';

/**
 * Comments on videos and the other content types (SPEC §3 Comment and reply). Entity module: the only code that
 * knows these keys.
 *   comment  pk T#<t>#COMMENT  sk C#<commentId>
 *            gsi1 T#<t>#COMMENT / <createdAt>#<commentId>                          the admin list, newest first
 *            gsi2 T#<t>#VIDEOCOMMENT#<videoId> / <createdAt>#<commentId>           a video's comments, newest first
 *            gsi2 T#<t>#ITEMCOMMENT#<type>#<id> / <createdAt>#<commentId>          another type's, newest first
 * Video comments keep the partition (and the `videoId` attribute) they had before other types took comments, so
 * stored ones stay readable. Replies live inside their comment: a comment gets a few, and a page then reads comments
 * and replies with one Query. Each rewrite checks and bumps `version`, so two replies saved at once both stay.
 */
export interface StoredComment extends ContentComment {
  userId: string;
  version: number;
}

/** Stored shape: a video comment has `videoId` (no contentType/contentId), another type's has both. */
type CommentRecord = Item &
  Omit<StoredComment, 'contentType' | 'contentId'> & { videoId?: string; contentType?: ContentType; contentId?: string } & {
    gsi1pk: string;
    gsi1sk: string;
    gsi2pk: string;
    gsi2sk: string;
  };

const teamPartition = (teamId: string) => teamKey(teamId, 'COMMENT');
const contentPartition = (teamId: string, type: ContentType, id: string) =>
  type === 'video' ? teamKey(teamId, 'VIDEOCOMMENT', assertId(id, 'videoId')) : teamKey(teamId, 'ITEMCOMMENT', type, assertId(id, 'id'));
const commentKey = (teamId: string, commentId: string) => ({ pk: teamPartition(teamId), sk: `C#${assertId(commentId, 'commentId')}` });

const toRecord = (teamId: string, { contentType, contentId, ...c }: StoredComment): CommentRecord => ({
  ...commentKey(teamId, c.commentId),
  type: 'comment',
  gsi1pk: teamPartition(teamId),
  gsi1sk: `${c.createdAt}#${c.commentId}`,
  gsi2pk: contentPartition(teamId, contentType, contentId),
  gsi2sk: `${c.createdAt}#${c.commentId}`,
  ...c,
  ...(contentType === 'video' ? { videoId: contentId } : { contentType, contentId }),
});
const fromRecord = ({ pk: _pk, sk: _sk, type: _type, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, videoId, contentType, contentId, ...c }: CommentRecord): StoredComment => ({
  ...c,
  contentType: videoId ? 'video' : contentType!,
  contentId: videoId ?? contentId!,
});

export async function getComment(teamId: string, commentId: string, consistent = false): Promise<StoredComment | undefined> {
  const record = await getItem<CommentRecord>(commentKey(teamId, commentId), consistent);
  return record && fromRecord(record);
}

export async function putNewComment(teamId: string, comment: StoredComment): Promise<void> {
  await putItem(toRecord(teamId, comment), { ifNotExists: true });
}

/** Appends a reply while the comment still has `expectedVersion` (ConditionFailedError otherwise, or when gone). */
export async function putReply(teamId: string, before: StoredComment, reply: CommentReply): Promise<StoredComment> {
  const after: StoredComment = { ...before, replies: [...before.replies, reply], version: before.version + 1 };
  await putItem(toRecord(teamId, after), atVersion(before.version));
  return after;
}

/** ConditionFailedError when the comment does not exist. */
export async function deleteComment(teamId: string, commentId: string): Promise<void> {
  await deleteItem(commentKey(teamId, commentId), { ifExists: true });
}

async function pageOf(teamId: string, index: 'gsi1' | 'gsi2', pk: string, opts: { cursor?: string; limit: number }): Promise<Page<StoredComment>> {
  return newestFirstPage(teamId, pk, opts, fromRecord, index);
}

/** The team's comments, newest first: one Query a page. */
export const listTeamComments = (teamId: string, opts: { cursor?: string; limit: number }) => pageOf(teamId, 'gsi1', teamPartition(teamId), opts);

/** One video's or item's comments, newest first: one Query a page. */
export const listContentComments = (teamId: string, type: ContentType, id: string, opts: { cursor?: string; limit: number }) =>
  pageOf(teamId, 'gsi2', contentPartition(teamId, type, id), opts);
