import * as z from 'zod/mini';
import { defineCall } from '../define';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import { commentBodySchema } from '../../rules/comment';
import { invalidValue } from '../../rules/issues';

/** An administrator's answer to a comment (SPEC §2 comment/:commentId/reply). */
export interface CommentReply {
  replyId: string;
  body: string;
  createdAt: string;
}

/** SPEC §3 Comment and reply: a member's comment on a video with the administrators' replies, oldest reply first. */
export interface VideoComment {
  commentId: string;
  videoId: string;
  body: string;
  createdAt: string;
  authorName: string;
  replies: CommentReply[];
}

/** A comment as a member reads it under the video: `mine` marks the caller's own. */
export interface MemberComment extends VideoComment {
  mine: boolean;
}

/** A row of the admin list: the comment with its video's title (empty when the video is gone). */
export interface AdminComment extends VideoComment {
  userId: string;
  videoTitle: string;
}

/** The video's comments, and whether members may add one now (the site setting). */
export type MemberCommentPage = Page<MemberComment> & { commentsEnabled: boolean };

// SPEC §6: comments are analysis and feedback (shared/permissions.ts maps the `comment` area to it).
const permission = 'admin.analysis';
const commentIdInput = z.object({ commentId: idSchema }, invalidValue);

export const commentListInput = z.object(pageInput(), invalidValue);
/** SPEC §2 /admin/comment: the team's comments, newest first. */
export const commentListCall = defineCall<typeof commentListInput, Page<AdminComment>>()({
  path: '/comment/list',
  domain: 'content',
  permission,
  input: commentListInput,
});

export const commentGetCall = defineCall<typeof commentIdInput, { comment: AdminComment }>()({
  path: '/comment/get',
  domain: 'content',
  permission,
  input: commentIdInput,
});

export const commentReplyInput = z.object({ commentId: idSchema, body: commentBodySchema }, invalidValue);
/** SPEC §2 /admin/comment/:commentId/reply: tells the author by mail when their videoReplyCommented is on. */
export const commentReplyCall = defineCall<typeof commentReplyInput, { comment: AdminComment }>()({
  path: '/comment/reply',
  domain: 'content',
  permission,
  input: commentReplyInput,
});

/** Deletes the comment with its replies. */
export const commentDeleteCall = defineCall<typeof commentIdInput, Record<string, never>>()({
  path: '/comment/delete',
  domain: 'content',
  permission,
  input: commentIdInput,
});

export const memberCommentCreateInput = z.object({ videoId: idSchema, body: commentBodySchema }, invalidValue);
/** A member comments on a video they may open; `comment/disabled` while the site setting is off. */
export const memberCommentCreateCall = defineCall<typeof memberCommentCreateInput, { comment: MemberComment }>()({
  path: '/member_comment/create',
  domain: 'content',
  permission: 'member',
  input: memberCommentCreateInput,
});

export const memberCommentListInput = z.object({ videoId: idSchema, ...pageInput() }, invalidValue);
/** The video's comments with their replies, newest first; a video the member may not open is 404. */
export const memberCommentListCall = defineCall<typeof memberCommentListInput, MemberCommentPage>()({
  path: '/member_comment/list',
  domain: 'content',
  permission: 'member',
  input: memberCommentListInput,
});
