import type { Page } from '../../../shared/api/page';
import { ConditionFailedError, putItem, type Item } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';
import { queryPage } from '../http/cursor';

/**
 * In-app notices of a team, one partition per kind (SPEC §3 notification keys: finished encodings, payments, members'
 * registrations and departures, comments, survey answers), and per kind and person for notices told to one member (a
 * reply to their comment):
 *   pk T#<teamId>#NOTICE#<kind>[#<userId>]   sk <at>#<noticeId>   (newest first: one Query a page)
 * A notice whose id and time come from the event it tells of (a payment's id and paid time) is written once
 * however often the event is delivered: `addNotice` answers false for the repeat, and the caller sends no mail.
 */
export const noticeKinds = {
  videoEncode: 'VIDEO_ENCODE',
  payment: 'PAYMENT',
  videoComment: 'VIDEO_COMMENT',
  videoEnqueteAnswer: 'VIDEO_ENQUETE',
  liveEnqueteAnswer: 'LIVE_ENQUETE',
  commentReply: 'COMMENT_REPLY',
  member: 'MEMBER',
} as const;
export type NoticeKind = keyof typeof noticeKinds;

export interface NoticeBase {
  notificationId: string;
  createdAt: string;
}

/** SPEC §3 notification keys registered, userSubscriptionRemoved and userAccountDeleted (declared beside its list call). */
export type { MemberNotice } from '../../../shared/api/calls/member-notices';

/** `userId`: the one member the notice is told to; none for the team's administrators. */
const partition = (teamId: string, kind: NoticeKind, userId?: string) =>
  userId ? teamKey(teamId, 'NOTICE', noticeKinds[kind], assertId(userId, 'userId')) : teamKey(teamId, 'NOTICE', noticeKinds[kind]);

/** The item type of each kind's notices: the mail domain reacts to their insertion (lambdas/core/events/domain-events.ts). */
export const noticeItemTypes = Object.keys(noticeKinds).map((kind) => `${kind}Notice`) as `${NoticeKind}Notice`[];

/**
 * What the notice's item carries besides the notice, for the reaction that mails it: the team it belongs to, the member
 * it is told to (`userId`) and, for a team notice that one administrator is also mailed about, who (`mailTo`).
 */
export interface NoticeStreamFields {
  teamId: string;
  kind: NoticeKind;
  userId?: string;
  mailTo?: string;
}

export async function addNotice<T extends NoticeBase>(teamId: string, kind: NoticeKind, notice: T, userId?: string, mailTo?: string): Promise<boolean> {
  const stream: NoticeStreamFields = { teamId, kind, ...(userId ? { userId } : {}), ...(mailTo ? { mailTo } : {}) };
  try {
    await putItem(
      { pk: partition(teamId, kind, userId), sk: `${notice.createdAt}#${notice.notificationId}`, type: `${kind}Notice`, ...(notice as NoticeBase & Record<string, unknown>), stream },
      { ifNotExists: true },
    );
    return true;
  } catch (e) {
    if (e instanceof ConditionFailedError) return false;
    throw e;
  }
}

export async function listNotices<T extends NoticeBase>(teamId: string, kind: NoticeKind, opts: { cursor?: string; limit: number }, userId?: string): Promise<Page<T>> {
  const pk = partition(teamId, kind, userId);
  return queryPage(teamId, { pk, ascending: false, limit: opts.limit, cursor: opts.cursor }, ({ pk: _pk, sk: _sk, type: _type, stream: _stream, ...n }: Item & T) => n as unknown as T);
}
