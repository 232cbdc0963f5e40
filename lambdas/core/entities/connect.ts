import type Stripe from 'stripe';
import type { PaymentConnection } from '../../../shared/api/calls/payments';
import { AppError } from '../http/app-error';
import { ConditionFailedError, transact } from '../../platform/db';
import { platformConfig } from '../../platform/config';
import { stripeClient } from '../../platform/payments';
import { getTeam, linkTeamPaymentOp, unlinkTeamPaymentOp, updateTeamPayment, type Team, type TeamPaymentAccount } from './team';
import { deleteAccountLookupOp, putAccountLookupOp } from './payment-account';
import { viaStripe } from '../stripe-errors';

/** SPEC §2 /admin/payment: the team's Stripe Connect account (connect, status, disconnect). */

export const connectionOf = (payment: TeamPaymentAccount | undefined): PaymentConnection =>
  payment
    ? { state: payment.chargesEnabled && payment.detailsSubmitted ? 'connected' : 'onboarding', accountId: payment.accountId, chargesEnabled: payment.chargesEnabled, detailsSubmitted: payment.detailsSubmitted }
    : { state: 'none', chargesEnabled: false, detailsSubmitted: false };

const paymentOf = (account: Stripe.Account): TeamPaymentAccount => ({
  accountId: account.id,
  chargesEnabled: account.charges_enabled === true,
  detailsSubmitted: account.details_submitted === true,
});

/** The account every /stripe call of the team acts on; refused until Stripe's onboarding is done. */
export function connectedAccount(team: Team): string {
  if (!team.payment?.chargesEnabled) throw new AppError('payment/not_connected');
  return team.payment.accountId;
}

/**
 * Creates the team's connected account on first use and answers Stripe's onboarding link. Two operators
 * starting at once: the team record takes one account (conditional write); the loser's link is for the winner's.
 */
export async function startConnect(team: Team): Promise<{ url: string }> {
  const stripe = await viaStripe(() => stripeClient());
  let accountId = team.payment?.accountId;
  if (!accountId) {
    const account = await viaStripe(() =>
      stripe.accounts.create({ type: 'standard', country: team.language === 'en' ? 'US' : 'JP', metadata: { teamId: team.teamId } }),
    );
    try {
      await transact([linkTeamPaymentOp(team.teamId, paymentOf(account)), putAccountLookupOp(account.id, team.teamId)]);
      accountId = account.id;
    } catch (e) {
      if (!(e instanceof ConditionFailedError)) throw e;
      accountId = (await getTeam(team.teamId))?.payment?.accountId;
      if (!accountId) throw new AppError('common/concurrent_update');
    }
  }
  const page = `${platformConfig().appOrigin}/admin/payment`;
  const link = await viaStripe(() =>
    stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', refresh_url: `${page}?onboarding=refresh`, return_url: `${page}?onboarding=return` }),
  );
  return { url: link.url };
}

/** The connection as Stripe sees it now (the operator may have just come back from onboarding). */
export async function connectionStatus(team: Team): Promise<PaymentConnection> {
  if (!team.payment) return connectionOf(undefined);
  const stripe = await viaStripe(() => stripeClient());
  const account = await viaStripe(() => stripe.accounts.retrieve(team.payment!.accountId));
  const fresh = paymentOf(account);
  if (fresh.chargesEnabled !== team.payment.chargesEnabled || fresh.detailsSubmitted !== team.payment.detailsSubmitted) {
    await saveAccountState(team.teamId, fresh);
  }
  return connectionOf(fresh);
}

/** Stripe's `account.updated` or a status read: the flags move with Stripe; a stale account id changes nothing. */
export async function saveAccountState(teamId: string, payment: TeamPaymentAccount): Promise<void> {
  try {
    await updateTeamPayment(teamId, payment);
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
  }
}

export const accountStateOf = paymentOf;

/**
 * Unlinks the account. The Stripe account, its customers and their subscriptions stay with the operator in
 * Stripe; members keep what they bought until it ends, since purchases live in the platform's table.
 */
export async function disconnect(team: Team): Promise<PaymentConnection> {
  if (!team.payment) return connectionOf(undefined);
  try {
    await transact([unlinkTeamPaymentOp(team.teamId, team.payment.accountId), deleteAccountLookupOp(team.payment.accountId)]);
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
  }
  return connectionOf(undefined);
}
