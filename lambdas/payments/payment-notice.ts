import type Stripe from 'stripe';
import type { PaymentNotification } from '../../shared/api/calls/payments';
import type { Currency } from '../../shared/constants';
import { addNotice } from '../core/entities/notice';
import { stripeClient } from '../platform/payments';
import { getTeamUser } from '../core/entities/team-user';
import type { Purchase } from '../core/entities/purchase';

/**
 * SPEC §3 notification keys firstSubscriptionPayment and paymentUser: when a member pays, the administrators who
 * manage billing get an in-app notice, keyed by the payment's id and paid time so repeated or reordered webhooks tell
 * it once. Their mails are the mail domain's reaction to the notice (lambdas/mail/notices/notice-mails.ts).
 */
export async function noticePayment(
  purchase: Purchase,
  payment: { id: string; paidAt: string; amount: number; currency: Currency },
  event: PaymentNotification['event'],
): Promise<void> {
  const member = await getTeamUser(purchase.teamId, purchase.userId);
  const notice: PaymentNotification = {
    notificationId: payment.id,
    createdAt: payment.paidAt,
    event,
    userId: purchase.userId,
    userName: member?.name ?? '',
    kind: purchase.kind,
    productName: purchase.productName,
    priceNickname: purchase.priceNickname,
    amount: payment.amount,
    currency: payment.currency,
  };
  await addNotice(purchase.teamId, 'payment', notice);
}

/** A subscription invoice was paid: the first paid (non-zero) invoice of the subscription is its first payment. */
export async function noticeSubscriptionInvoice(purchase: Purchase, account: string, invoiceId: string): Promise<void> {
  const stripe = await stripeClient();
  const invoice = await stripe.invoices.retrieve(invoiceId, {}, { stripeAccount: account });
  if (invoice.status !== 'paid' || invoice.amount_paid <= 0 || !invoice.id) return;
  const paidAt = (i: Stripe.Invoice) => i.status_transitions?.paid_at ?? i.created;
  const paid = await stripe.invoices.list({ subscription: purchase.id, status: 'paid', limit: 100 }, { stripeAccount: account });
  const firstPaid = paid.data.filter((i) => i.amount_paid > 0).sort((a, b) => paidAt(a) - paidAt(b))[0];
  await noticePayment(
    purchase,
    { id: invoice.id, paidAt: new Date(paidAt(invoice) * 1000).toISOString(), amount: invoice.amount_paid, currency: invoice.currency as Currency },
    !firstPaid || firstPaid.id === invoice.id ? 'firstSubscriptionPayment' : 'paymentUser',
  );
}
