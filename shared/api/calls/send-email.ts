import * as z from 'zod/mini';
import { callsOf } from '../define';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import { mailSchema, type MailRecipients } from '../../rules/mail';
import { versionSchema } from '../version';

const mailCall = callsOf('mail');

/**
 * SPEC §3 Mail as an operator composes it (`/admin/send_email`): sent at once, or scheduled on the hour.
 * SPEC §4 mail send states: `scheduled` (editable), `sending` (batches going out), `sent` (final, read-only).
 */
export const sendEmailStatuses = ['scheduled', 'sending', 'sent'] as const;
export type SendEmailStatus = (typeof sendEmailStatuses)[number];

export interface SendEmail {
  sendEmailId: string;
  title: string;
  subject: string;
  body: string;
  recipients: MailRecipients;
  /** The scheduled time; absent for a mail sent at once. */
  sendAt?: string;
  status: SendEmailStatus;
  /** Known once the recipients are resolved (groups are read when sending starts). */
  recipientCount?: number;
  /** Messages SES accepted. */
  sentCount: number;
  /** Recipients SES refused, or whose send could not be confirmed after an interruption (never sent twice). */
  failedCount: number;
  createdAt: string;
  updatedAt: string;
  /** When the last message went out. */
  sentAt?: string;
  version: number;
}

/**
 * One recipient's line in `/admin/send_email/:id/log`: `pending` (not yet sent), a delivery status from SES
 * events (`processed` accepted, `deferred`, `delivered`, `bounce`, `dropped`), or `failed` (refused by SES, or
 * interrupted between the record and SES's answer: counted, never retried, so nobody gets it twice).
 */
export const recipientStatuses = ['pending', 'processed', 'deferred', 'delivered', 'bounce', 'dropped', 'failed'] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];

export interface SendEmailRecipient {
  userId: string;
  email: string;
  name: string;
  status: RecipientStatus;
  /** When the status last moved. */
  at?: string;
}

/** SPEC §2 /admin/email_log_show: every mail the team sent (invitations, auto mails, bulk mail), newest first. */
export interface TeamMailLogEntry {
  messageId: string;
  to?: string;
  subject?: string;
  /** What sent it (`mailKind` tag: invite, approval, sendEmail, …). */
  kind?: string;
  sentAt?: string;
  status: 'processed' | 'deferred' | 'delivered' | 'bounce' | 'dropped';
  statusAt: string;
}

// SPEC §6: mail belongs to the user manager's notices.
const permission = 'admin.users';
const idInput = z.object({ sendEmailId: idSchema });

export const sendEmailListInput = z.object(pageInput());
/** SPEC §2 /admin/send_email: newest first, with each mail's state and progress. */
export const sendEmailListCall = mailCall<typeof sendEmailListInput, Page<SendEmail>>()('/send_email/list', permission, sendEmailListInput);

export const sendEmailGetCall = mailCall<typeof idInput, { sendEmail: SendEmail }>()('/send_email/get', permission, idInput);

export const sendEmailCreateInput = mailSchema();
/** SPEC §2 /admin/send_email/create: without `sendAt` it goes now; with it, on that hour (SPEC §9). */
export const sendEmailCreateCall = mailCall<typeof sendEmailCreateInput, { sendEmail: SendEmail }>()('/send_email/create', permission, sendEmailCreateInput);

export const sendEmailUpdateInput = z.intersection(mailSchema(), z.object({ sendEmailId: idSchema, version: versionSchema() }));
/** SPEC §2 :sendEmailId/edit; SPEC §8 a mail that has started sending cannot be updated (`mail/already_sent`). */
export const sendEmailUpdateCall = mailCall<typeof sendEmailUpdateInput, { sendEmail: SendEmail }>()('/send_email/update', permission, sendEmailUpdateInput);

/** Cancels a scheduled mail before it goes; a mail that has started sending stays (`mail/already_sent`). */
export const sendEmailDeleteCall = mailCall<typeof idInput, Record<string, never>>()('/send_email/delete', permission, idInput);

export const sendEmailLogInput = z.object({ sendEmailId: idSchema, ...pageInput(50) });
/** SPEC §2 :sendEmailId/log: delivery per recipient, in recipient order. */
export const sendEmailLogCall = mailCall<typeof sendEmailLogInput, Page<SendEmailRecipient>>()('/send_email/log', permission, sendEmailLogInput);

export const teamMailLogInput = z.object(pageInput(50));
/** SPEC §2 /admin/email_log_show. */
export const teamMailLogCall = mailCall<typeof teamMailLogInput, Page<TeamMailLogEntry>>()('/email_log/list', permission, teamMailLogInput);
