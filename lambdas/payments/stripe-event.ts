import { ConditionFailedError, getItem, putItem } from '../platform/db';
import { globalKey } from '../platform/keys';

/**
 * Stripe events already processed, by event id (global: ids only). Stripe delivers at least once and retries
 * for three days; the record outlives that (TTL 30 days) so a late duplicate is still recognised.
 */
const KEEP_SECONDS = 30 * 24 * 3600;
const key = (eventId: string) => {
  if (!/^evt_[0-9A-Za-z]{1,250}$/.test(eventId)) throw new Error('Invalid event id');
  return { pk: globalKey('STRIPE_EVENT', eventId), sk: 'EVENT' };
};

export async function wasProcessed(eventId: string): Promise<boolean> {
  return (await getItem(key(eventId), true)) !== undefined;
}

/** Records the event as processed; false when another delivery of it got there first. */
export async function markProcessed(eventId: string, type: string, now: Date): Promise<boolean> {
  try {
    await putItem(
      { ...key(eventId), type: 'stripeEvent', eventType: type, processedAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS },
      { ifNotExists: true },
    );
    return true;
  } catch (e) {
    if (e instanceof ConditionFailedError) return false;
    throw e;
  }
}
