import { platformConfig } from '../config';
import { assertId } from '../keys';
import { awsMail } from './aws';
import { localMail } from './local';
import { sendEmail } from './ses';
import type { MailAdapter, MailMessage, SentMail } from './types';

export type { MailMessage, SentMail } from './types';

/** The mail port: domains send through lambdas/core/mail/send-mail.ts, which records the team's mail log, and never touch SES. */
const adapter = (): MailAdapter => (platformConfig().mode === 'local' ? localMail : awsMail);

const TAG = /^[A-Za-z0-9_-]{1,256}$/;

/**
 * Sends one message. `recorded` runs once SES accepted it and before the adapter's follow-up (the local
 * delivery event), so a delivery status never arrives before the log entry it updates.
 */
export async function sendMail(message: MailMessage, recorded?: (sent: SentMail) => Promise<void>): Promise<{ messageId: string }> {
  // The teamId tag is what delivery events are filed under, so only the teamId field may set it.
  if (message.tags && 'teamId' in message.tags) throw new Error('Set teamId, not a teamId tag');
  const tags = { ...message.tags };
  if (message.teamId) tags.teamId = assertId(message.teamId, 'teamId');
  for (const [name, value] of Object.entries(tags)) {
    if (!TAG.test(name) || !TAG.test(value)) throw new Error(`Invalid mail tag ${name}`);
  }
  const messageId = await sendEmail(message, tags);
  const sent = { messageId, to: message.to, subject: message.subject, tags, sentAt: new Date().toISOString() };
  await recorded?.(sent);
  await adapter().afterSend(sent);
  return { messageId };
}

/** Throws unless mail can be sent (the health check). */
export async function mailHealth(): Promise<void> {
  await adapter().health();
}
