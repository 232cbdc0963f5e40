import * as z from 'zod/mini';
import { contentTypes, type ContentType } from '../../content-types';
import { callsOf } from '../define';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import { commentBodySchema } from '../../rules/comment';
import { invalidValue } from '../../rules/issues';

const contentCall = callsOf('content');

/** An administrator's answer to a comment (SPEC §2 comment/:commentId/reply). */
export interface CommentReply {
  replyId: string;
  body: string;
  createdAt: string;
}

/**
 * SPEC §3 Comment and reply: a member's comment on a video (or, where the site setting allows it, on another
 * content type's page) with the administrators' replies, oldest reply first.
 */
export interface ContentComment {
  commentId: string;
  contentType: ContentType;
  contentId: string;
  body: string;
  createdAt: string;
  authorName: string;
  replies: CommentReply[];
}

/** A comment as a member reads it under the video: `mine` marks the caller's own. */
export interface MemberComment extends ContentComment {
  mine: boolean;
}

/** A row of the admin list: the comment with its content's title (empty when the content is gone). */
export interface AdminComment extends ContentComment {
  userId: string;
  contentTitle: string;
}

/** The content's comments, and whether members may add one now (the site settings). */
export type MemberCommentPage = Page<MemberComment> & { commentsEnabled: boolean };

// SPEC §6: comments are analysis and feedback (shared/permissions.ts maps the `comment` area to it).
const permission = 'admin.analysis';
const commentIdInput = z.object({ commentId: idSchema }, invalidValue);

export const commentListInput = z.object(pageInput(), invalidValue);
/** SPEC §2 /admin/comment: the team's comments, newest first. */
export const commentListCall = contentCall<typeof commentListInput, Page<AdminComment>>()('/comment/list', permission, commentListInput);

export const commentGetCall = contentCall<typeof commentIdInput, { comment: AdminComment }>()('/comment/get', permission, commentIdInput);

export const commentReplyInput = z.object({ commentId: idSchema, body: commentBodySchema }, invalidValue);
/** SPEC §2 /admin/comment/:commentId/reply: tells the author by mail when their videoReplyCommented is on. */
export const commentReplyCall = contentCall<typeof commentReplyInput, { comment: AdminComment }>()('/comment/reply', permission, commentReplyInput);

/** Deletes the comment with its replies. */
export const commentDeleteCall = contentCall<typeof commentIdInput, Record<string, never>>()('/comment/delete', permission, commentIdInput);

/** What is commented on: a video, or another type's item (its page), by the type's id. */
const target = { type: z.enum(contentTypes, invalidValue), id: idSchema };

export const memberCommentCreateInput = z.object({ ...target, body: commentBodySchema }, invalidValue);
/**
 * A member comments on content they may open (else its not-found); `comment/disabled` while the site settings do
 * not take comments on that type.
 */
export const memberCommentCreateCall = contentCall<typeof memberCommentCreateInput, { comment: MemberComment }>()('/member_comment/create', 'member', memberCommentCreateInput);

export const memberCommentListInput = z.object({ ...target, ...pageInput() }, invalidValue);
/** The content's comments with their replies, newest first; content the member may not open is 404. */
export const memberCommentListCall = contentCall<typeof memberCommentListInput, MemberCommentPage>()('/member_comment/list', 'member', memberCommentListInput);
