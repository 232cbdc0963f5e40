import { Logger } from '@aws-lambda-powertools/logger';
import { ulid } from 'ulid';
import type { EventBridgeEvent } from 'aws-lambda';
import { platformConfig } from '../config';
import type { MailAdapter, SentMail } from './types';

const logger = new Logger({ serviceName: 'mail-local' });

/** The SES event as EventBridge would deliver it; its detail is what lambdas/events/mail-event.ts reads. */
export type LocalDeliveryEvent = EventBridgeEvent<string, Record<string, unknown>>;
type DeliveryHandler = (event: LocalDeliveryEvent) => Promise<unknown>;

let deliveryHandler: DeliveryHandler | undefined;
/**
 * Where local delivery events go: the embedded platform (local/platform.ts) wires the same handler AWS's
 * EventBridge rule invokes, so this port depends on no domain or event code.
 */
export function reportLocalDeliveriesTo(handler: DeliveryHandler | undefined): void {
  deliveryHandler = handler;
}

/** The event SES would publish through EventBridge once the message reached the recipient. */
function deliveryEvent(sent: SentMail, now = new Date()): LocalDeliveryEvent {
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
        tags: {
          ...Object.fromEntries(Object.entries(sent.tags).map(([k, v]) => [k, [v]])),
          // SES adds its own tags to every event; the platform's rule matches this one.
          ...(config.mailConfigurationSet ? { 'ses:configuration-set': [config.mailConfigurationSet] } : {}),
        },
      },
      delivery: { timestamp: now.toISOString() },
    },
  };
}

/**
 * A function hosted apart from the local platform (assembly mode: its own worker) reaches the platform's event bus over
 * HTTP (local/gateway.ts), which invokes what the templates' rules name.
 */
async function postToLocalBus(url: string, event: LocalDeliveryEvent): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
  if (!res.ok) throw new Error(`The local event bus answered ${res.status}`);
}

/**
 * aws-ses-v2-local keeps every message in its inbox and publishes no events, so the local adapter
 * reports delivery itself, through the same handler AWS's events reach (see `reportLocalDeliveriesTo`).
 */
export const localMail: MailAdapter = {
  async afterSend(sent) {
    try {
      const event = deliveryEvent(sent);
      if (deliveryHandler) await deliveryHandler(event);
      else if (process.env.LOCAL_EVENT_BUS_URL) await postToLocalBus(process.env.LOCAL_EVENT_BUS_URL, event);
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
