import { Logger } from '@aws-lambda-powertools/logger';
import { recordSent } from '../../mail/mail-log';
import { platformConfig } from '../config';
import { assertId } from '../keys';
import { awsMail } from './aws';
import { localMail } from './local';
import { sendEmail } from './ses';
import type { MailAdapter, MailMessage } from './types';

export type { MailMessage } from './types';

/** The mail port: domains send through sendMail and never touch SES. */
const logger = new Logger({ serviceName: 'mail' });
const adapter = (): MailAdapter => (platformConfig().mode === 'local' ? localMail : awsMail);

const TAG = /^[A-Za-z0-9_-]{1,256}$/;

export async function sendMail(message: MailMessage): Promise<{ messageId: string }> {
  // The teamId tag is what delivery events are filed under, so only the teamId field may set it.
  if (message.tags && 'teamId' in message.tags) throw new Error('Set teamId, not a teamId tag');
  const tags = { ...message.tags };
  if (message.teamId) tags.teamId = assertId(message.teamId, 'teamId');
  for (const [name, value] of Object.entries(tags)) {
    if (!TAG.test(name) || !TAG.test(value)) throw new Error(`Invalid mail tag ${name}`);
  }
  const messageId = await sendEmail(message, tags);
  const sent = { messageId, to: message.to, subject: message.subject, tags, sentAt: new Date().toISOString() };
  if (message.teamId) {
    try {
      await recordSent({ teamId: message.teamId, ...sent });
    } catch (e) {
      // The message is out; failing the send now would only invite a duplicate.
      logger.error('Could not record a sent mail', { teamId: message.teamId, messageId, error: e as Error });
    }
  }
  await adapter().afterSend(sent);
  return { messageId };
}

/** Throws unless mail can be sent (the health check). */
export async function mailHealth(): Promise<void> {
  await adapter().health();
}
