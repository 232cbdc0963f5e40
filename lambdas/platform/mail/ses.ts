import type { SESClient, SendEmailCommandInput } from '@aws-sdk/client-ses';
import { clientOptions, platformConfig } from '../config';
import type { MailMessage } from './types';
import { recordAwsCalls } from '../aws-calls';
import { injectFaults } from '../faults';

/** The SDK client is loaded on first use: a function that never calls this port never loads it (its own bundle chunk). */
const sdk = () => import('@aws-sdk/client-ses');

/** One SES client for both adapters: aws-ses-v2-local answers the same SendEmail (v1) request. */
let client: Promise<SESClient> | undefined;
const ses = () => (client ??= sdk().then((m) => injectFaults(recordAwsCalls(new m.SESClient(clientOptions('ses'))))));

/** A display name in a From header: quoted when ASCII, RFC 2047 encoded otherwise (team names are often Japanese). */
function displayName(name: string): string {
  return /^[\x20-\x7e]*$/.test(name)
    ? `"${name.replace(/["\\]/g, '\\$&')}"`
    : `=?UTF-8?B?${Buffer.from(name, 'utf8').toString('base64')}?=`;
}

function sendEmailInput(message: MailMessage, tags: Record<string, string>): SendEmailCommandInput {
  const config = platformConfig();
  const utf8 = (Data: string) => ({ Data, Charset: 'UTF-8' });
  return {
    Source: message.fromName ? `${displayName(message.fromName)} <${config.mailFrom}>` : config.mailFrom,
    Destination: { ToAddresses: [message.to] },
    ReplyToAddresses: message.replyTo ? [message.replyTo] : undefined,
    Message: {
      Subject: utf8(message.subject),
      Body: { Text: utf8(message.text), ...(message.html ? { Html: utf8(message.html) } : {}) },
    },
    ConfigurationSetName: config.mailConfigurationSet,
    Tags: Object.keys(tags).length ? Object.entries(tags).map(([Name, Value]) => ({ Name, Value })) : undefined,
  };
}

export async function sendEmail(message: MailMessage, tags: Record<string, string>): Promise<string> {
  const out = await (await ses()).send(new (await sdk()).SendEmailCommand(sendEmailInput(message, tags)));
  if (!out.MessageId) throw new Error('SES answered without a message id');
  return out.MessageId;
}

/** In AWS the health check asks SES for the account's sending quota, which also proves the credentials. */
export async function sesHealth(): Promise<void> {
  await (await ses()).send(new (await sdk()).GetSendQuotaCommand({}));
}
