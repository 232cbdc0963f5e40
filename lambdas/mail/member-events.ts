import { Logger } from '@aws-lambda-powertools/logger';
import type { MemberEvent } from '../core/events/domain-events';
import { sendEventMails } from './templates/event-mails';
import { startWorkflows } from './workflows/start-workflows';

const logger = new Logger({ serviceName: 'member-events' });

/**
 * The mail domain's reaction to a member event (lambdas/mail/reactions.ts, once per event). A failed reaction is
 * logged here and the other still runs; the event is not retried for it (a mail may have gone already).
 */
export async function memberEventHappened(event: MemberEvent): Promise<void> {
  const results = await Promise.allSettled([sendEventMails(event), startWorkflows(event)]);
  for (const r of results) {
    if (r.status === 'rejected') logger.error('A member event reaction failed', { ...event, error: r.reason as Error });
  }
}
