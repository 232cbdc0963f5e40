import { ConditionFailedError, getItem, putItem } from '../platform/db';
import { globalKey, teamKey } from '../platform/keys';

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

/**
 * Setup-mode Checkout sessions whose card has been made the default (lambdas/payments/card-change.ts), by
 * team and session id. Both the webhook and the member's return apply a session; the record makes it apply once,
 * so a late call (a redelivery, a reloaded success page) cannot undo a card the member chose afterwards. Kept:
 * a completed session's success address can be reopened at any time, and there is one small item per card change.
 */
const setupKey = (teamId: string, sessionId: string) => {
  if (!/^cs_[0-9A-Za-z_]{1,250}$/.test(sessionId)) throw new Error('Invalid checkout session id');
  return { pk: teamKey(teamId, 'SETUPSESSION', sessionId), sk: 'APPLIED' };
};

export async function wasSetupApplied(teamId: string, sessionId: string): Promise<boolean> {
  return (await getItem(setupKey(teamId, sessionId), true)) !== undefined;
}

/** Records the session as applied; a second recording (a racing caller did the same work) changes nothing. */
export async function markSetupApplied(teamId: string, sessionId: string, paymentMethodId: string, now: Date): Promise<void> {
  try {
    await putItem({ ...setupKey(teamId, sessionId), type: 'setupSessionApplied', paymentMethodId, appliedAt: now.toISOString() }, { ifNotExists: true });
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
  }
}
