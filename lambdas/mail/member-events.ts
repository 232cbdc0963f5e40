import { Logger } from '@aws-lambda-powertools/logger';
import type { AutoMailEvent } from '../../shared/constants';
import { sendEventMails } from './templates/event-mails';
import { startWorkflows } from './workflows/start-workflows';

const logger = new Logger({ serviceName: 'member-events' });

/**
 * Something happened to a member that mail and workflows react to (SPEC §3 auto mail events). `objectIds`
 * are what it happened through: the invitation of a welcome or approval, the price and product of a purchase
 * or a cancelled subscription. Custom auto mails and workflows name these objects as their targets.
 */
export interface MemberEvent {
  teamId: string;
  type: AutoMailEvent;
  userId: string;
  objectIds: readonly string[];
}

/**
 * Called once per event, after the write that made it happen (so a retried request does not repeat it).
 * The reactions never fail their origin: a member who joined has joined even when a mail could not go.
 */
export async function memberEventHappened(event: MemberEvent): Promise<void> {
  const results = await Promise.allSettled([sendEventMails(event), startWorkflows(event)]);
  for (const r of results) {
    if (r.status === 'rejected') logger.error('A member event reaction failed', { ...event, error: r.reason as Error });
  }
}
