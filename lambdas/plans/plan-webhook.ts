import type Stripe from 'stripe';
import { syncPlanSubscription } from './plan-billing';

const idOf = (v: string | { id: string } | null | undefined): string | undefined => (typeof v === 'string' ? v : (v?.id ?? undefined));

/**
 * One verified event of the platform's OWN account (no `account`): operator plan billing. Called by
 * lambdas/payments/webhook.ts inside its exactly-once frame (event id recorded after the work), so a duplicate
 * changes nothing. Every event reads the subscription afresh and writes the team's plan from that state.
 */
export async function applyPlatformEvent(event: Stripe.Event, now: Date): Promise<'processed' | 'ignored'> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const subscription = idOf(event.data.object.subscription);
      return subscription ? syncPlanSubscription(subscription, now) : 'ignored';
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return syncPlanSubscription(event.data.object.id, now);
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscription = idOf(event.data.object.parent?.subscription_details?.subscription);
      return subscription ? syncPlanSubscription(subscription, now) : 'ignored';
    }
    default:
      return 'ignored';
  }
}
