import * as z from 'zod/mini';
import type { ContentType } from '../../content-types';
import { invalidValue } from '../../rules/issues';
import { callsOf } from '../define';
import { pageInput, type Page } from '../page';

const contentCall = callsOf('content');

/**
 * In-app notices of members' feedback (SPEC §3 notification keys videoCommented, videoEnqueteAnswered,
 * liveEnqueteAnswered): one list per kind for the team's analyst administrators, and a member's own list of replies
 * to their comments (videoReplyCommented). Mails go out beside them, per each person's settings.
 */
export const feedbackNoticeKinds = ['videoComment', 'videoEnqueteAnswer', 'liveEnqueteAnswer'] as const;
export type FeedbackNoticeKind = (typeof feedbackNoticeKinds)[number];

interface NoticeBase {
  notificationId: string;
  createdAt: string;
}

/** A member commented on a page (videoCommented covers every type's page). */
export interface CommentNotice extends NoticeBase {
  commentId: string;
  contentType: ContentType;
  contentId: string;
  contentTitle: string;
  userId: string;
  userName: string;
  body: string;
}

/** A member answered the survey at a video's end or a live's survey. */
export interface EnqueteAnswerNotice extends NoticeBase {
  enqueteId: string;
  enqueteTitle: string;
  /** The video or the live answered from. */
  sourceId: string;
  sourceTitle: string;
  userId: string;
  userName: string;
}

export type FeedbackNotice = CommentNotice | EnqueteAnswerNotice;

/** An administrator replied to the member's comment. */
export interface ReplyNotice extends NoticeBase {
  commentId: string;
  contentType: ContentType;
  contentId: string;
  contentTitle: string;
  reply: string;
}

export const feedbackNoticeListInput = z.object({ kind: z.enum(feedbackNoticeKinds, invalidValue), ...pageInput(20, 50) }, invalidValue);
/** One kind's notices, newest first (SPEC §6: feedback is the analyst category's, as the comment and enquete areas). */
export const feedbackNoticeListCall = contentCall<typeof feedbackNoticeListInput, Page<FeedbackNotice>>()('/feedback_notification/list', 'admin.analysis', feedbackNoticeListInput);

export const memberNoticeListInput = z.object(pageInput(20, 50), invalidValue);
/** The caller's own notices (replies to their comments), newest first; nobody else's. */
export const memberNoticeListCall = contentCall<typeof memberNoticeListInput, Page<ReplyNotice>>()('/member_notification/list', 'member', memberNoticeListInput);
