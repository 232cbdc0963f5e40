import { Logger } from '@aws-lambda-powertools/logger';
import * as z from 'zod/mini';
import { recordComplaint, recordDeliveryStatus, type DeliveryStatus } from '../core/entities/mail-log';
import type { EventBridgeEvent } from './event-bridge';

/**
 * SES delivery events (configuration set -> EventBridge rule on source `aws.ses`). Locally the mail
 * port's adapter calls this same handler with a `Delivery` event after each send.
 */
const logger = new Logger({ serviceName: 'mail-event' });

const at = z.object({ timestamp: z.string() });
const sesEventDetail = z.object({
  eventType: z.string(),
  mail: z.object({
    messageId: z.string(),
    timestamp: z.string(),
    destination: z.optional(z.array(z.string())),
    /** Message tags as SES reports them: every value is a list. */
    tags: z.optional(z.record(z.string(), z.array(z.string()))),
  }),
  delivery: z.optional(at),
  deliveryDelay: z.optional(z.extend(at, { delayType: z.optional(z.string()) })),
  bounce: z.optional(z.extend(at, { bounceType: z.string(), bounceSubType: z.optional(z.string()) })),
  complaint: z.optional(at),
  reject: z.optional(z.object({ reason: z.optional(z.string()) })),
});
export type SesEventDetail = z.infer<typeof sesEventDetail>;
export type SesEvent = EventBridgeEvent<string, SesEventDetail>;

/** SES event type -> SPEC §3 delivery status, with the time the event reports. */
function statusOf(d: SesEventDetail): { status: DeliveryStatus; at: string; bounceType?: string } | undefined {
  switch (d.eventType) {
    case 'Send':
      return { status: 'processed', at: d.mail.timestamp };
    case 'Delivery':
      return { status: 'delivered', at: d.delivery?.timestamp ?? d.mail.timestamp };
    case 'DeliveryDelay':
      return { status: 'deferred', at: d.deliveryDelay?.timestamp ?? d.mail.timestamp };
    case 'Bounce':
      return { status: 'bounce', at: d.bounce?.timestamp ?? d.mail.timestamp, bounceType: d.bounce?.bounceType };
    case 'Reject':
      return { status: 'dropped', at: d.mail.timestamp };
    default:
      return undefined;
  }
}

export async function handler(event: SesEvent): Promise<void> {
  const parsed = sesEventDetail.safeParse(event.detail);
  if (!parsed.success) {
    logger.error('Unreadable SES event', { eventId: event.id, issues: parsed.error.issues });
    return;
  }
  const detail = parsed.data;
  const { messageId } = detail.mail;
  const teamId = detail.mail.tags?.teamId?.[0];
  // Mail sent outside a team (e.g. an operator's sign-up) has no log to update.
  if (!teamId) return;

  if (detail.eventType === 'Complaint') {
    await recordComplaint({ teamId, messageId, at: detail.complaint?.timestamp ?? detail.mail.timestamp });
    return;
  }
  const status = statusOf(detail);
  if (!status) {
    logger.debug('SES event type not tracked', { eventType: detail.eventType, messageId });
    return;
  }
  const changed = await recordDeliveryStatus({ teamId, messageId, ...status });
  logger.info('Mail delivery status', { teamId, messageId, status: status.status, changed });
}
