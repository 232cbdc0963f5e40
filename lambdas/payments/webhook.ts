import type Stripe from 'stripe';
import { stripeClient } from '../platform/payments';
import { accountStateOf, saveAccountState } from '../core/entities/connect';
import { teamOfAccount } from '../core/entities/payment-account';
import { syncInvoicePurchase, syncPayment, syncSubscription } from './purchase-sync';
import { noticeSubscriptionInvoice } from './payment-notice';
import { applySetupSession } from './card-change';
import { markProcessed, wasProcessed } from './stripe-event';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * The platform's own account's events (no `account`) bill the operators' plans: the plans domain's, handed in by the
 * webhook function (lambdas/events/stripe-webhook.ts), so that payments never imports plans.
 */
export type PlatformEventHandler = (event: Stripe.Event, now: Date) => Promise<WebhookOutcome>;

const idOf = (v: string | { id: string } | null | undefined): string | undefined => (typeof v === 'string' ? v : (v?.id ?? undefined));

/** The subscription an invoice bills (its parent in current API versions). */
const invoiceSubscription = (invoice: Stripe.Invoice): string | undefined => idOf(invoice.parent?.subscription_details?.subscription);

/**
 * One verified Connect event, processed exactly once in effect:
 * - an event id already recorded is a duplicate and changes nothing;
 * - otherwise the purchase it concerns is read afresh from Stripe and written from that state, so a redelivery
 *   racing the first, or `invoice.paid` arriving before `checkout.session.completed`, ends the same;
 * - the event id is recorded only after the work succeeded, so a failure is retried by Stripe, not lost.
 * Grants happen once because only the write that creates a purchase item grants (lambdas/core/entities/purchase.ts).
 * A completed setup-mode Checkout session makes its new card the customer's and the subscription's default
 * (`applySetupSession`, once per session whichever of this and the member's return comes first).
 */
export async function processStripeEvent(event: Stripe.Event, platformEvent: PlatformEventHandler, now = new Date()): Promise<WebhookOutcome> {
  if (await wasProcessed(event.id)) return 'duplicate';
  const outcome = event.account ? await apply(event, event.account, now) : await platformEvent(event, now);
  const first = await markProcessed(event.id, event.type, now);
  return first ? outcome : 'duplicate';
}

async function apply(event: Stripe.Event, account: string, now: Date): Promise<WebhookOutcome> {
  const teamId = await teamOfAccount(account);
  if (!teamId) return 'ignored';
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const stripe = await stripeClient();
      const session = await stripe.checkout.sessions.retrieve(event.data.object.id, {}, { stripeAccount: account });
      // A new card saved for a subscription: Stripe sets no default, the platform does (once per session).
      if (session.mode === 'setup') return (await applySetupSession(teamId, account, session, now)) === 'ignored' ? 'ignored' : 'processed';
      const subscription = idOf(session.subscription);
      const intent = idOf(session.payment_intent);
      if (subscription) await syncSubscription(teamId, account, subscription, now);
      else if (intent) await syncPayment(teamId, account, intent, now);
      return 'processed';
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.canceled':
      await syncPayment(teamId, account, event.data.object.id, now);
      return 'processed';
    case 'charge.refunded': {
      const intent = idOf(event.data.object.payment_intent);
      if (intent) await syncPayment(teamId, account, intent, now);
      return 'processed';
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await syncSubscription(teamId, account, event.data.object.id, now);
      return 'processed';
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.payment_action_required': {
      const subscription = invoiceSubscription(event.data.object);
      if (subscription) {
        const purchase = await syncSubscription(teamId, account, subscription, now);
        if (purchase && event.type === 'invoice.paid' && event.data.object.id) await noticeSubscriptionInvoice(purchase, account, event.data.object.id);
      } else if (event.type === 'invoice.paid' && event.data.object.id) await syncInvoicePurchase(teamId, account, event.data.object.id, now);
      return 'processed';
    }
    case 'account.updated': {
      const stripe = await stripeClient();
      await saveAccountState(teamId, accountStateOf(await stripe.accounts.retrieve(account)));
      return 'processed';
    }
    default:
      return 'ignored';
  }
}
