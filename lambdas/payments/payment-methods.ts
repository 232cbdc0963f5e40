import type Stripe from 'stripe';
import type { z } from 'zod/mini';
import type { IncompletePayment, PaymentIntentStatus } from '../../shared/api/calls/payments';
import type { Currency } from '../../shared/constants';
import { AppError } from '../core/http/app-error';
import { stripeClient } from '../platform/payments';
import type { Team } from '../core/entities/team';
import type { TeamUser } from '../core/entities/team-user';
import { appUrl } from './checkout';
import { connectedAccount } from '../core/entities/connect';
import { listPurchases } from '../core/entities/purchase';
import { applySetupSession } from './card-change';
import { customerIn, ownSubscription } from './subscriptions';
import { viaStripe } from '../core/stripe-errors';

/** SPEC §4 "payment-method update possible", and 3-D Secure for a subscription payment that asks for it. */

const on = (account: string): Stripe.RequestOptions => ({ stripeAccount: account });
const idOf = (v: string | { id: string } | null | undefined): string | undefined => (typeof v === 'string' ? v : (v?.id ?? undefined));

function ownCustomer(account: string, user: TeamUser): string {
  const customer = customerIn(account, user);
  if (!customer) throw new AppError('subscription/not_purchased');
  return customer;
}

/** Checkout in setup mode for one of the member's subscriptions; refused when it is not paid by card (SPEC §8). */
export async function createSetupSession(team: Team, user: TeamUser, input: { subscription: string; successPath: string; cancelPath: string; locale?: 'ja' | 'en' }) {
  const account = connectedAccount(team);
  await ownSubscription(team, user.userId, input.subscription);
  const customer = ownCustomer(account, user);
  const stripe = await viaStripe(() => stripeClient());
  const subscription = await viaStripe(() => stripe.subscriptions.retrieve(input.subscription, {}, on(account)));
  if (subscription.collection_method === 'send_invoice') throw new AppError('subscription/card_change_unavailable');
  const session = await viaStripe(() =>
    stripe.checkout.sessions.create(
      {
        mode: 'setup',
        customer,
        currency: subscription.currency,
        setup_intent_data: { metadata: { subscription: subscription.id, teamId: team.teamId, userId: user.userId } },
        // Stripe fills in the session id, so the member's return can apply the card at once (completeCardChange).
        success_url: appUrl(input.successPath, 'setup=success&session_id={CHECKOUT_SESSION_ID}'),
        cancel_url: appUrl(input.cancelPath, 'setup=cancel'),
        locale: input.locale ?? (team.language === 'en' ? 'en' : 'ja'),
      },
      on(account),
    ),
  );
  if (!session.url) throw new AppError('payment/info_not_loaded');
  return { id: session.id, url: session.url };
}

/** The member back on the success address with the setup session's id: their own completed session is applied now. */
async function completeCardChange(team: Team, user: TeamUser, sessionId: string, now: Date): Promise<{ success: true }> {
  const account = connectedAccount(team);
  const customer = ownCustomer(account, user);
  const stripe = await viaStripe(() => stripeClient());
  const session = await viaStripe(() => stripe.checkout.sessions.retrieve(sessionId, {}, on(account)));
  // Another customer's session, or one that saves no card, is answered as missing, revealing nothing.
  if (session.mode !== 'setup' || idOf(session.customer) !== customer) throw new AppError('common/not_found');
  if ((await viaStripe(() => applySetupSession(team.teamId, account, session, now))) === 'ignored') throw new AppError('common/illegal_operation');
  return { success: true };
}

/**
 * One of the member's own saved cards becomes their default and their live subscriptions'; or, given a setup
 * session's id, that session's new card (completeCardChange).
 */
export async function updatePaymentMethod(team: Team, user: TeamUser, input: { paymentMethodId?: string; sessionId?: string }, now = new Date()): Promise<{ success: true }> {
  if (input.sessionId) return completeCardChange(team, user, input.sessionId, now);
  if (!input.paymentMethodId) throw new AppError('common/invalid_input');
  return useSavedCard(team, user, input.paymentMethodId);
}

async function useSavedCard(team: Team, user: TeamUser, paymentMethodId: string): Promise<{ success: true }> {
  const account = connectedAccount(team);
  const customer = ownCustomer(account, user);
  const stripe = await viaStripe(() => stripeClient());
  const method = await viaStripe(() => stripe.paymentMethods.retrieve(paymentMethodId, {}, on(account)));
  const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
  // Another customer's card is answered as missing, revealing nothing.
  if (owner !== customer) throw new AppError('common/not_found');
  if (method.type !== 'card') throw new AppError('subscription/card_change_unavailable');
  await viaStripe(() => stripe.customers.update(customer, { invoice_settings: { default_payment_method: method.id } }, on(account)));
  const live = (await listPurchases(team.teamId, user.userId)).filter((p) => p.kind === 'subscription' && p.state !== 'canceled');
  for (const p of live) await viaStripe(() => stripe.subscriptions.update(p.id, { default_payment_method: method.id }, on(account)));
  return { success: true };
}

/**
 * The payment of the member's subscription invoice that waits for 3-D Secure, confirmed again with a return
 * address so Stripe answers its authentication page. Nothing waiting: no payment intent.
 */
export async function confirmIncompletePayment(team: Team, user: TeamUser, input: z.output<z.ZodMiniObject<{ returnPath: z.ZodMiniString }>>): Promise<{ paymentIntent?: IncompletePayment }> {
  const account = connectedAccount(team);
  const customer = ownCustomer(account, user);
  const stripe = await viaStripe(() => stripeClient());
  const open = await viaStripe(() => stripe.invoices.list({ customer, status: 'open', limit: 10 }, on(account)));
  for (const invoice of open.data) {
    const intentId = invoice.payments?.data.map((p) => p.payment.payment_intent).find(Boolean);
    const id = typeof intentId === 'string' ? intentId : intentId?.id;
    if (!id) continue;
    const intent = await viaStripe(() => stripe.paymentIntents.retrieve(id, {}, on(account)));
    if (intent.status !== 'requires_action' && intent.status !== 'requires_confirmation') continue;
    const confirmed = await viaStripe(() => stripe.paymentIntents.confirm(intent.id, { return_url: appUrl(input.returnPath, 'authentication=done') }, on(account)));
    const url = confirmed.next_action?.redirect_to_url?.url ?? undefined;
    return {
      paymentIntent: { id: confirmed.id, status: confirmed.status as PaymentIntentStatus, amount: confirmed.amount, currency: confirmed.currency as Currency, ...(url ? { nextActionUrl: url } : {}) },
    };
  }
  return {};
}
