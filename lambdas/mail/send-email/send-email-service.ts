import { ulid } from 'ulid';
import type { SendEmail, SendEmailRecipient } from '../../../shared/api/calls/send-email';
import type { Page } from '../../../shared/api/page';
import type { MailInput, MailRecipients } from '../../../shared/rules/mail';
import { AppError, staleVersion } from '../../core/http/app-error';
import { ConditionFailedError } from '../../platform/db';
import { cancelJob, scheduleJob } from '../../platform/scheduler';
import { getGroup, listGroupMemberIds } from '../../core/entities/group';
import { getTeamUsers, isActiveMember } from '../../core/entities/team-user';
import { getMailLogs } from '../../core/entities/mail-log';
import { listRecipients } from './email-recipient';
import {
  deleteScheduledSendEmail,
  getSendEmail,
  publicView,
  putNewSendEmail,
  replaceScheduledSendEmail,
  type SendEmailRecord,
} from './send-email';

/** The mail as the schema parsed it: `sendAt` is a Date there. */
export type MailForm = Omit<MailInput, 'sendAt'> & { sendAt?: Date };

/** Job ids: run 0 is the one the operator's save schedules; each later run schedules the next as `-<run>`. */
export const sendJobId = (sendEmailId: string, run: number) => `send-email-${sendEmailId}-${run}`;

const notFound = () => new AppError('common/not_found');
const recipientsRefused = (path: 'userIds' | 'groupIds') =>
  new AppError('common/invalid_input', { [`recipients.${path}`]: 'validation/invalid_value' });

/**
 * The chosen recipients must be the team's: members one by one (each an active member), or groups (each one
 * of the team's). Another team's ids are refused like unknown ones, revealing nothing.
 */
async function checkRecipientsBelong(teamId: string, recipients: MailRecipients): Promise<void> {
  if (recipients.target === 'individual') {
    const found = await getTeamUsers(teamId, recipients.userIds);
    const active = new Set(found.filter((u) => isActiveMember(u)).map((u) => u.userId));
    if (recipients.userIds.some((id) => !active.has(id))) throw recipientsRefused('userIds');
    return;
  }
  const groups = await Promise.all(recipients.groupIds.map((id) => getGroup(teamId, id)));
  if (groups.some((g) => !g)) throw recipientsRefused('groupIds');
}

/**
 * Everyone the mail goes to when it is sent: the chosen members, or the members of the groups at that moment
 * (a member in two groups once), and only members it may still reach.
 */
export async function resolveRecipients(
  teamId: string,
  recipients: MailRecipients,
  now = new Date(),
): Promise<{ userId: string; email: string; name: string }[]> {
  let userIds: string[];
  if (recipients.target === 'individual') userIds = [...recipients.userIds];
  else {
    const ids = new Set<string>();
    for (const groupId of recipients.groupIds) {
      let cursor: string | undefined;
      do {
        const page = await listGroupMemberIds(teamId, groupId, { limit: 100, cursor });
        page.userIds.forEach((id) => ids.add(id));
        cursor = page.nextCursor;
      } while (cursor);
    }
    userIds = [...ids];
  }
  const users = await getTeamUsers(teamId, userIds);
  return users
    .filter((u) => isActiveMember(u, now))
    .map((u) => ({ userId: u.userId, email: u.email, name: u.name }))
    .sort((a, b) => (a.userId < b.userId ? -1 : 1));
}

/** Schedules run 0: at the chosen hour, or now. */
async function scheduleFirstRun(teamId: string, mail: SendEmailRecord): Promise<void> {
  await scheduleJob({
    id: sendJobId(mail.sendEmailId, 0),
    at: mail.sendAt ? new Date(mail.sendAt) : new Date(),
    job: { kind: 'sendEmail', teamId, payload: { sendEmailId: mail.sendEmailId, ...(mail.sendAt ? { dueAt: mail.sendAt } : {}) } },
  });
}

export async function createSendEmail(teamId: string, form: MailForm, now = new Date()): Promise<SendEmail> {
  await checkRecipientsBelong(teamId, form.recipients);
  const at = now.toISOString();
  const mail: SendEmailRecord = {
    sendEmailId: ulid(),
    title: form.title,
    subject: form.subject,
    body: form.body,
    recipients: form.recipients,
    ...(form.sendAt ? { sendAt: form.sendAt.toISOString() } : {}),
    status: form.sendAt ? 'scheduled' : 'sending',
    sentCount: 0,
    failedCount: 0,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  await putNewSendEmail(teamId, mail);
  await scheduleFirstRun(teamId, mail);
  return publicView(mail);
}

export async function getSendEmailView(teamId: string, sendEmailId: string): Promise<SendEmail> {
  const mail = await getSendEmail(teamId, sendEmailId);
  if (!mail) throw notFound();
  return publicView(mail);
}

/** SPEC §8: only a scheduled mail can be edited; once it has started sending it is `mail/already_sent`. */
export async function updateSendEmail(
  teamId: string,
  sendEmailId: string,
  version: number,
  form: MailForm,
  now = new Date(),
): Promise<SendEmail> {
  const before = await getSendEmail(teamId, sendEmailId, true);
  if (!before) throw notFound();
  if (before.status !== 'scheduled') throw new AppError('mail/already_sent');
  if (before.version !== version) throw staleVersion();
  await checkRecipientsBelong(teamId, form.recipients);
  const { sendAt: _previous, ...kept } = before;
  const after: SendEmailRecord = {
    ...kept,
    title: form.title,
    subject: form.subject,
    body: form.body,
    recipients: form.recipients,
    ...(form.sendAt ? { sendAt: form.sendAt.toISOString() } : {}),
    status: form.sendAt ? 'scheduled' : 'sending',
    updatedAt: now.toISOString(),
    version: version + 1,
  };
  try {
    await replaceScheduledSendEmail(teamId, after, version);
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    const current = await getSendEmail(teamId, sendEmailId, true);
    if (!current) throw notFound();
    throw current.status === 'scheduled' ? staleVersion() : new AppError('mail/already_sent');
  }
  // The same job id: the new time replaces the pending one (and the run checks the time it was due at).
  await scheduleFirstRun(teamId, after);
  return publicView(after);
}

export async function deleteSendEmail(teamId: string, sendEmailId: string): Promise<void> {
  try {
    await deleteScheduledSendEmail(teamId, sendEmailId);
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    const current = await getSendEmail(teamId, sendEmailId, true);
    throw current ? new AppError('mail/already_sent') : notFound();
  }
  await cancelJob(sendJobId(sendEmailId, 0));
}

/** The delivery log: each recipient's row with the status SES's events gave its message. */
export async function sendEmailLog(
  teamId: string,
  sendEmailId: string,
  page: { cursor?: string; limit: number },
): Promise<Page<SendEmailRecipient>> {
  if (!(await getSendEmail(teamId, sendEmailId))) throw notFound();
  const rows = await listRecipients(teamId, sendEmailId, page);
  const logs = await getMailLogs(teamId, rows.items.flatMap((r) => (r.messageId ? [r.messageId] : [])));
  const byId = new Map(logs.map((l) => [l.messageId, l]));
  return {
    items: rows.items.map((r): SendEmailRecipient => {
      const base = { userId: r.userId, email: r.email, name: r.name };
      if (r.state === 'failed') return { ...base, status: 'failed' };
      const log = r.messageId ? byId.get(r.messageId) : undefined;
      if (r.state === 'sent') return { ...base, status: log?.status ?? 'processed', at: log?.statusAt ?? r.sentAt };
      return { ...base, status: 'pending' };
    }),
    nextCursor: rows.nextCursor,
  };
}
