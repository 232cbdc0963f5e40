import type { Page } from '../../../shared/api/page';
import { queryPage } from '../../core/http/cursor';
import { batchPut, type Item, query, updateItem } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';
import { stepState } from '../../core/conditional-write';

/**
 * One recipient of a bulk mail, written before anything is sent (SPEC §3 Mail logs). Keys:
 *   pk T#<t>#SEND_EMAIL#<sendEmailId>#TO   sk U#<userId>
 * States: `pending` -> `claimed` (a run took it, written BEFORE the message goes to SES) -> `sent` (SES's
 * message id kept) or `failed` (SES refused it). A claimed row is never sent again: after a crash between the
 * claim and SES's answer, the recipient may or may not have the message, and sending again could give it twice.
 * Such a row is closed as `failed` with `interrupted`, so the log and the counts say so.
 */
export type RecipientState = 'pending' | 'claimed' | 'sent' | 'failed';

export interface EmailRecipient {
  userId: string;
  email: string;
  name: string;
  state: RecipientState;
  claimedAt?: string;
  messageId?: string;
  sentAt?: string;
  /** Why it failed: SES's error name, or `interrupted`. */
  error?: string;
}

type Row = Item & EmailRecipient;

const recipientsPk = (teamId: string, sendEmailId: string) => teamKey(teamId, 'SEND_EMAIL', assertId(sendEmailId, 'sendEmailId'), 'TO');
const recipientKey = (teamId: string, sendEmailId: string, userId: string) => ({
  pk: recipientsPk(teamId, sendEmailId),
  sk: `U#${assertId(userId, 'userId')}`,
});
const fromRow = ({ pk: _pk, sk: _sk, type: _type, ...r }: Row): EmailRecipient => r;

/**
 * Writes the pending rows. Only before the mail is marked prepared, when no row has been claimed yet, so an
 * unconditional batch write (a rerun writes the same rows again) replaces nothing that matters.
 */
export async function putPendingRecipients(
  teamId: string,
  sendEmailId: string,
  people: readonly { userId: string; email: string; name: string }[],
): Promise<void> {
  await batchPut(
    people.map((p) => ({ ...recipientKey(teamId, sendEmailId, p.userId), type: 'emailRecipient', ...p, state: 'pending' as const })),
  );
}

/** Rows not finished yet (pending, or claimed by a run that never answered), in recipient order. */
export async function unfinishedRecipients(
  teamId: string,
  sendEmailId: string,
  opts: { limit: number; after?: string },
): Promise<{ items: EmailRecipient[]; last?: string }> {
  const page = await query<Row>({
    pk: recipientsPk(teamId, sendEmailId),
    sk: opts.after ? { gte: opts.after } : { beginsWith: 'U#' },
    limit: opts.limit,
    consistent: true,
    filter: { expression: '#state IN (:pending, :claimed)', names: { '#state': 'state' }, values: { ':pending': 'pending', ':claimed': 'claimed' } },
  });
  const rows = page.items.filter((r) => r.sk !== opts.after);
  return { items: rows.map(fromRow), last: page.lastKey ? String(page.lastKey.sk) : undefined };
}

/** Takes a pending row for sending; false when another run has it (or had it). */
export async function claimRecipient(teamId: string, sendEmailId: string, userId: string, at: string): Promise<boolean> {
  return stepState(recipientKey(teamId, sendEmailId, userId), 'pending', { state: 'claimed', claimedAt: at });
}

/** SES refused to take it now (throttled): back to pending, for a later run. */
export async function unclaimRecipient(teamId: string, sendEmailId: string, userId: string): Promise<void> {
  await updateItem({ key: recipientKey(teamId, sendEmailId, userId), set: { state: 'pending' }, remove: ['claimedAt'] });
}

/** Closes a claimed row; false when it was already closed (so the counters move once). */
export async function closeRecipient(
  teamId: string,
  sendEmailId: string,
  userId: string,
  outcome: { state: 'sent'; messageId: string; sentAt: string } | { state: 'failed'; error: string },
): Promise<boolean> {
  return stepState(recipientKey(teamId, sendEmailId, userId), 'claimed', { ...outcome });
}

/** How many rows ended sent and failed (read whole at the end of a mail, so its counters are exact after any crash). */
export async function tallyRecipients(teamId: string, sendEmailId: string): Promise<{ sent: number; failed: number }> {
  const tally = { sent: 0, failed: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await query<Row>({ pk: recipientsPk(teamId, sendEmailId), limit: 1000, startKey, consistent: true });
    for (const r of page.items) if (r.state === 'sent' || r.state === 'failed') tally[r.state] += 1;
    startKey = page.lastKey;
  } while (startKey);
  return tally;
}

/** The log page: every recipient in recipient order. */
export function listRecipients(teamId: string, sendEmailId: string, page: { cursor?: string; limit: number }): Promise<Page<EmailRecipient>> {
  return queryPage(teamId, { pk: recipientsPk(teamId, sendEmailId), ascending: true, ...page }, fromRow);
}

