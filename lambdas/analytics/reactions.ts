import type { DomainEventItem } from '../core/events/domain-events';
import { reactOnce } from '../core/events/domain-events';
import { tableStreamHandler } from '../core/events/table-stream-handler';
import { activityUpdates } from '../core/entities/rollups';

/**
 * Analytics' reaction to the stream: each activity another domain emitted is counted into the rollups, in one
 * transaction with its reaction marker, so a redelivered event is counted once.
 */
export const handleTableStream = tableStreamHandler(async (item) => {
  const event = item as DomainEventItem;
  if (event.type !== 'domainEvent' || event.name !== 'activity') return;
  const { detail } = event as DomainEventItem<'activity'>;
  const updates = activityUpdates({ ...detail, at: new Date(detail.at) });
  if (!updates.length) return;
  await reactOnce(event.teamId, 'analytics', event.eventId, { writes: updates.map((update) => ({ update })) });
});
