import type Stripe from 'stripe';
import { stripeClient } from '../platform/payments';
import { markSetupApplied, wasSetupApplied } from './stripe-event';

/** A member's new card for a subscription. Apart from payment-methods.ts so the webhook function loads no call declarations. */

const on = (account: string): Stripe.RequestOptions => ({ stripeAccount: account });
const idOf = (v: string | { id: string } | null | undefined): string | undefined => (typeof v === 'string' ? v : (v?.id ?? undefined));

export type SetupOutcome = 'applied' | 'already' | 'ignored';

/**
 * Stripe's "update payment details" with Checkout (docs.stripe.com/payments/checkout/subscriptions/update-payment-details): a completed setup-mode session has only saved the card on the
 * customer (Stripe makes it nobody's default), so the platform makes its SetupIntent's card the customer's default
 * for invoices and the default of the subscription named in the intent's metadata (set by createSetupSession).
 * Called by the webhook on `checkout.session.completed` (which comes even if the browser never returns) and by the
 * member's return to the success address (so the change shows at once), whichever is first; applied once per session
 * (recorded after the work, as webhook events are), so a late call cannot undo a card chosen since. Anything else
 * (another mode, not complete, a setup that did not succeed) is `ignored`.
 */
export async function applySetupSession(teamId: string, account: string, session: Stripe.Checkout.Session, now = new Date()): Promise<SetupOutcome> {
  if (session.mode !== 'setup' || session.status !== 'complete') return 'ignored';
  if (await wasSetupApplied(teamId, session.id)) return 'already';
  const customer = idOf(session.customer);
  const intentId = idOf(session.setup_intent);
  if (!customer || !intentId) return 'ignored';
  const stripe = await stripeClient();
  const intent = await stripe.setupIntents.retrieve(intentId, {}, on(account));
  const method = idOf(intent.payment_method);
  if (intent.status !== 'succeeded' || !method || idOf(intent.customer) !== customer) return 'ignored';
  await stripe.customers.update(customer, { invoice_settings: { default_payment_method: method } }, on(account));
  const subscriptionId = intent.metadata?.subscription ?? session.metadata?.subscription;
  if (subscriptionId) {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, {}, on(account));
    // Only the customer's own subscription, and only while Stripe lets it change (an ended one keeps its card).
    if (idOf(subscription.customer) === customer && subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') {
      await stripe.subscriptions.update(subscription.id, { default_payment_method: method }, on(account));
    }
  }
  await markSetupApplied(teamId, session.id, method, now);
  return 'applied';
}

