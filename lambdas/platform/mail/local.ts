import { Logger } from '@aws-lambda-powertools/logger';
import { ulid } from 'ulid';
import { handler as mailEvent, type SesEvent } from '../../events/mail-event';
import { platformConfig } from '../config';
import type { MailAdapter, SentMail } from './types';

const logger = new Logger({ serviceName: 'mail-local' });

/** The event SES would publish through EventBridge once the message reached the recipient. */
function deliveryEvent(sent: SentMail, now = new Date()): SesEvent {
  const config = platformConfig();
  return {
    version: '0',
    id: ulid(),
    'detail-type': 'Email Delivered',
    source: 'aws.ses',
    account: '000000000000',
    time: now.toISOString(),
    region: config.region,
    resources: [],
    detail: {
      eventType: 'Delivery',
      mail: {
        messageId: sent.messageId,
        timestamp: sent.sentAt,
        destination: [sent.to],
        tags: Object.fromEntries(Object.entries(sent.tags).map(([k, v]) => [k, [v]])),
      },
      delivery: { timestamp: now.toISOString() },
    },
  };
}

/**
 * aws-ses-v2-local keeps every message in its inbox and publishes no events, so the local adapter
 * reports delivery itself, through the same handler AWS's events reach.
 */
export const localMail: MailAdapter = {
  async afterSend(sent) {
    try {
      await mailEvent(deliveryEvent(sent));
    } catch (e) {
      // The message is out; failing the send now would only invite a duplicate.
      logger.error('Local delivery event failed', { messageId: sent.messageId, error: e as Error });
    }
  },
  async health() {
    const res = await fetch(new URL('/health-check', platformConfig().endpoints.ses));
    if (!res.ok) throw new Error(`Local SES answered ${res.status}`);
  },
};
