import type { Page as ApiPage } from '../../../shared/api/page';
import { queryPage } from '../http/cursor';
import { batchGet, ConditionFailedError, getItem, putItem, updateItem, type Item } from '../../platform/db';
import { teamKey } from '../../platform/keys';

/**
 * The mail log entity: one item per message sent for a team, carrying its delivery status (SPEC §3).
 *   pk    T#<teamId>#MAIL_LOG#<messageId>   sk MAIL_LOG
 *   gsi1  T#<teamId>#MAIL_LOGS              <sentAt>#<messageId>   (the team's log, newest first)
 */
export const deliveryStatuses = ['processed', 'deferred', 'delivered', 'bounce', 'dropped'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * How far along a message is. A status only replaces one of a lower rank, so a replayed event, or one
 * arriving after a later one (EventBridge does not keep order), changes nothing.
 */
const statusRank: Record<DeliveryStatus, number> = { processed: 1, deferred: 2, delivered: 3, bounce: 4, dropped: 4 };

export interface MailLog {
  teamId: string;
  messageId: string;
  to?: string;
  subject?: string;
  tags?: Record<string, string>;
  sentAt?: string;
  status: DeliveryStatus;
  statusAt: string;
  bounceType?: string;
  complainedAt?: string;
}

type MailLogItem = Item & MailLog;

const mailLogKey = (teamId: string, messageId: string) => ({ pk: teamKey(teamId, 'MAIL_LOG', messageId), sk: 'MAIL_LOG' });
const teamLogKeys = (teamId: string, sentAt: string, messageId: string) => ({
  gsi1pk: teamKey(teamId, 'MAIL_LOGS'),
  gsi1sk: `${sentAt}#${messageId}`,
});

const toMailLog = ({ pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, statusRank: _r, ...log }: MailLogItem): MailLog => log;

/** Records a message the mail port has just handed to SES. */
export async function recordSent(sent: {
  teamId: string;
  messageId: string;
  to: string;
  subject: string;
  tags: Record<string, string>;
  sentAt: string;
}): Promise<void> {
  const listing = teamLogKeys(sent.teamId, sent.sentAt, sent.messageId);
  try {
    await putItem(
      {
        ...mailLogKey(sent.teamId, sent.messageId),
        ...listing,
        ...sent,
        status: 'processed',
        statusRank: statusRank.processed,
        statusAt: sent.sentAt,
      },
      { ifNotExists: true },
    );
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    // A delivery event got here first: keep its status, add what only the sender knows.
    await updateItem({
      key: mailLogKey(sent.teamId, sent.messageId),
      set: { ...listing, to: sent.to, subject: sent.subject, tags: sent.tags, sentAt: sent.sentAt },
    });
  }
}

/** Moves a message to a later delivery status. Returns false when the item already had it (or a later one). */
export async function recordDeliveryStatus(update: {
  teamId: string;
  messageId: string;
  status: DeliveryStatus;
  at: string;
  bounceType?: string;
}): Promise<boolean> {
  try {
    await updateItem({
      key: mailLogKey(update.teamId, update.messageId),
      set: {
        teamId: update.teamId,
        messageId: update.messageId,
        status: update.status,
        statusRank: statusRank[update.status],
        statusAt: update.at,
        ...(update.bounceType ? { bounceType: update.bounceType } : {}),
      },
      condition: 'attribute_not_exists(#pk) OR #rank < :rank',
      names: { '#pk': 'pk', '#rank': 'statusRank' },
      values: { ':rank': statusRank[update.status] },
    });
    return true;
  } catch (e) {
    if (e instanceof ConditionFailedError) return false;
    throw e;
  }
}

/** Notes that the recipient marked the message as spam; only the first complaint is kept. */
export async function recordComplaint(complaint: { teamId: string; messageId: string; at: string }): Promise<boolean> {
  try {
    await updateItem({
      key: mailLogKey(complaint.teamId, complaint.messageId),
      set: { teamId: complaint.teamId, messageId: complaint.messageId, complainedAt: complaint.at },
      condition: 'attribute_not_exists(#complainedAt)',
      names: { '#complainedAt': 'complainedAt' },
    });
    return true;
  } catch (e) {
    if (e instanceof ConditionFailedError) return false;
    throw e;
  }
}

export async function getMailLog(teamId: string, messageId: string): Promise<MailLog | undefined> {
  const item = await getItem<MailLogItem>(mailLogKey(teamId, messageId), true);
  return item && toMailLog(item);
}

/** Many messages' logs at once (a page of a bulk mail's recipients); unknown ids are left out. */
export async function getMailLogs(teamId: string, messageIds: readonly string[]): Promise<MailLog[]> {
  const items = await batchGet<MailLogItem>([...new Set(messageIds)].map((id) => mailLogKey(teamId, id)));
  return items.map(toMailLog);
}

/** The team's mail log, newest first (SPEC §2 /admin/email_log_show). */
export function listMailLogs(teamId: string, page: { limit?: number; cursor?: string } = {}): Promise<ApiPage<MailLog>> {
  return queryPage(teamId, { index: 'gsi1', pk: teamKey(teamId, 'MAIL_LOGS'), ascending: false, limit: page.limit ?? 50, cursor: page.cursor }, toMailLog);
}
