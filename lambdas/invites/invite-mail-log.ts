import { putItem, query, type Item } from '../platform/db';
import { teamKey } from '../platform/keys';

/**
 * Invitation mails sent (SPEC §2 /admin/invite_email_log). The message itself is also in the team's mail
 * log (the mail port records every team mail), which keeps its delivery status.
 *   pk `T#<teamId>#INVITE_MAIL`   sk `<sentAt>#<messageId>`   newest first
 */
export interface InviteMailRecord {
  teamId: string;
  messageId: string;
  inviteId: string;
  to: string;
  sentAt: string;
  sentBy: string;
}

type RecordItem = Item & InviteMailRecord;

const logPk = (teamId: string) => teamKey(teamId, 'INVITE_MAIL');

export async function recordInviteMail(record: InviteMailRecord): Promise<void> {
  await putItem({ pk: logPk(record.teamId), sk: `${record.sentAt}#${record.messageId}`, type: 'inviteMail', ...record });
}

export async function listInviteMails(
  teamId: string,
  page: { limit: number; startKey?: Record<string, unknown> },
): Promise<{ items: InviteMailRecord[]; lastKey?: Record<string, unknown> }> {
  const out = await query<RecordItem>({ pk: logPk(teamId), ascending: false, ...page });
  return {
    items: out.items.map(({ pk: _pk, sk: _sk, type: _type, ...rest }) => rest as InviteMailRecord),
    lastKey: out.lastKey,
  };
}
