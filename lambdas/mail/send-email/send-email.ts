import type { SendEmail } from '../../../shared/api/calls/send-email';
import type { Page } from '../../../shared/api/page';
import { type ListedRecord, listedEntity } from '../../core/entities/listed-entity';
import { atVersion, ConditionFailedError, deleteItem, putItem, updateItem } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';

/**
 * A bulk or scheduled mail (SPEC §3 Mail, `/admin/send_email`). Keys:
 *   pk T#<t>#SEND_EMAIL#<sendEmailId>   sk SEND_EMAIL
 *   gsi1 T#<t>#SEND_EMAILS / <createdAt>#<sendEmailId>   the team's list, newest first
 * Besides what the operator sees it keeps the sending run's state: `prepared` once every recipient row is
 * written, `run` (the number of the job run that holds it), `leaseUntil` (no second run works meanwhile).
 */
export interface SendEmailRecord extends SendEmail {
  prepared?: boolean;
  run?: number;
  leaseUntil?: string;
}

type Row = ListedRecord<SendEmailRecord>;

const listPk = (teamId: string) => teamKey(teamId, 'SEND_EMAILS');
const recordKey = (teamId: string, sendEmailId: string) => ({ pk: teamKey(teamId, 'SEND_EMAIL', assertId(sendEmailId, 'sendEmailId')), sk: 'SEND_EMAIL' });

const mails = listedEntity<SendEmailRecord>({ type: 'sendEmail', id: (m) => m.sendEmailId, key: recordKey, listPk });
const { fromRecord: fromRow, toRecord: toRow } = mails;

/** What the operator sees: the run's bookkeeping stays on the server. */
export const publicView = ({ prepared: _p, run: _r, leaseUntil: _l, ...mail }: SendEmailRecord): SendEmail => mail;

export const getSendEmail = mails.get;
export const putNewSendEmail = mails.putNew;

/** Rewrites a mail the operator edited, only while it still has `expectedVersion` and is still scheduled. */
export async function replaceScheduledSendEmail(teamId: string, mail: SendEmailRecord, expectedVersion: number): Promise<void> {
  const lock = atVersion(expectedVersion);
  await putItem(toRow(teamId, mail), {
    condition: `${lock.condition} AND #status = :scheduled`,
    names: { ...lock.names, '#status': 'status' },
    values: { ...lock.values, ':scheduled': 'scheduled' },
  });
}

/** Deletes a mail that is still scheduled (ConditionFailedError when gone or already sending). */
export async function deleteScheduledSendEmail(teamId: string, sendEmailId: string): Promise<void> {
  await deleteItem(recordKey(teamId, sendEmailId), {
    condition: '#status = :scheduled',
    names: { '#status': 'status' },
    values: { ':scheduled': 'scheduled' },
  });
}

export async function listSendEmails(teamId: string, page: { cursor?: string; limit: number }): Promise<Page<SendEmail>> {
  return mails.list(teamId, page, publicView);
}

/**
 * Takes the mail for one job run: only when no other run holds an unexpired lease, and a scheduled mail only when
 * it is due at `dueAt` (an edited mail's earlier job finds another time and does nothing). Undefined when refused.
 */
export async function leaseSendEmail(
  teamId: string,
  sendEmailId: string,
  opts: { now: Date; leaseMs: number; dueAt?: string },
): Promise<SendEmailRecord | undefined> {
  const now = opts.now.toISOString();
  try {
    const row = await updateItem<Row>({
      key: recordKey(teamId, sendEmailId),
      set: { leaseUntil: new Date(opts.now.getTime() + opts.leaseMs).toISOString(), status: 'sending' },
      add: { run: 1 },
      condition:
        'attribute_exists(#pk) AND #status <> :sent AND (attribute_not_exists(#lease) OR #lease < :now)' +
        (opts.dueAt ? ' AND (#status = :sending OR #sendAt = :dueAt)' : ''),
      names: { '#pk': 'pk', '#status': 'status', '#lease': 'leaseUntil', ...(opts.dueAt ? { '#sendAt': 'sendAt' } : {}) },
      values: { ':sent': 'sent', ':now': now, ...(opts.dueAt ? { ':sending': 'sending', ':dueAt': opts.dueAt } : {}) },
    });
    return fromRow(row);
  } catch (e) {
    if (e instanceof ConditionFailedError) return undefined;
    throw e;
  }
}

/** The recipients are all written: from now on the run only sends. */
export async function markPrepared(teamId: string, sendEmailId: string, recipientCount: number): Promise<void> {
  await updateItem({ key: recordKey(teamId, sendEmailId), set: { prepared: true, recipientCount, updatedAt: new Date().toISOString() } });
}

/** Adds closed recipients to the counters (atomic ADD: exact however many runs overlap). */
export async function countOutcomes(teamId: string, sendEmailId: string, counts: { sent: number; failed: number }, at: string): Promise<void> {
  await updateItem({
    key: recordKey(teamId, sendEmailId),
    add: { sentCount: counts.sent, failedCount: counts.failed },
    set: counts.sent ? { sentAt: at } : {},
  });
}

/**
 * Releases the run's lease (the next run may start at once). `final` marks the mail sent with the counters as the
 * recipient rows say (the running counts can miss a slice a crashed run closed but never counted).
 */
export async function releaseSendEmail(teamId: string, sendEmailId: string, final?: { sent: number; failed: number }): Promise<void> {
  await updateItem({
    key: recordKey(teamId, sendEmailId),
    set: { ...(final ? { status: 'sent', sentCount: final.sent, failedCount: final.failed } : {}), updatedAt: new Date().toISOString() },
    remove: ['leaseUntil'],
  });
}
