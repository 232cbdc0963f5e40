import type { Page } from '../../shared/api/page';
import { ConditionFailedError, putItem, type Item } from '../platform/db';
import { teamKey } from '../platform/keys';
import { queryPage } from '../http/cursor';

/**
 * In-app notices of a team, one partition per kind (SPEC §3 notification keys: finished encodings, payments):
 *   pk T#<teamId>#NOTICE#<kind>   sk <at>#<noticeId>   (newest first: one Query a page)
 * A notice whose id and time come from the event it tells of (a payment's id and paid time) is written once
 * however often the event is delivered: `addNotice` answers false for the repeat, and the caller sends no mail.
 */
export const noticeKinds = { videoEncode: 'VIDEO_ENCODE', payment: 'PAYMENT', videoComment: 'VIDEO_COMMENT', videoEnqueteAnswer: 'VIDEO_ENQUETE', liveEnqueteAnswer: 'LIVE_ENQUETE' } as const;
export type NoticeKind = keyof typeof noticeKinds;

export interface NoticeBase {
  notificationId: string;
  createdAt: string;
}

const partition = (teamId: string, kind: NoticeKind) => teamKey(teamId, 'NOTICE', noticeKinds[kind]);

export async function addNotice<T extends NoticeBase>(teamId: string, kind: NoticeKind, notice: T): Promise<boolean> {
  try {
    await putItem({ pk: partition(teamId, kind), sk: `${notice.createdAt}#${notice.notificationId}`, type: `${kind}Notice`, ...(notice as NoticeBase & Record<string, unknown>) }, { ifNotExists: true });
    return true;
  } catch (e) {
    if (e instanceof ConditionFailedError) return false;
    throw e;
  }
}

export async function listNotices<T extends NoticeBase>(teamId: string, kind: NoticeKind, opts: { cursor?: string; limit: number }): Promise<Page<T>> {
  const pk = partition(teamId, kind);
  return queryPage(teamId, { pk, ascending: false, limit: opts.limit, cursor: opts.cursor }, ({ pk: _pk, sk: _sk, type: _type, ...n }: Item & T) => n as unknown as T);
}
