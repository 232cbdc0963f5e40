import { feedbackNoticeListCall, memberNoticeListCall, type FeedbackNotice, type ReplyNotice } from '../../shared/api/calls/notices';
import { implement, teamOf, type CallImpl } from '../core/http/implement';
import { listNotices } from '../core/entities/notice';

/** The in-app notices of members' feedback (administrators) and of replies to a member's comments (that member). */
export const noticeCalls: CallImpl[] = [
  implement(feedbackNoticeListCall, async ({ kind, cursor, limit }, ctx) => listNotices<FeedbackNotice>(teamOf(ctx).teamId, kind, { cursor, limit })),
  implement(memberNoticeListCall, async ({ cursor, limit }, ctx) => {
    const team = teamOf(ctx);
    return listNotices<ReplyNotice>(team.teamId, 'commentReply', { cursor, limit }, team.userId);
  }),
];
