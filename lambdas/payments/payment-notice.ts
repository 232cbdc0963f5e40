import type Stripe from 'stripe';
import type { PaymentNotification } from '../../shared/api/calls/payments';
import type { Currency } from '../../shared/constants';
import { formatPriceAmount } from '../../shared/money';
import { heldCategories } from '../../shared/permissions';
import { sendMail } from '../mail/send-mail';
import { mailText } from '../mail/mail-texts';
import { addNotice } from '../notices/notice';
import { platformConfig } from '../platform/config';
import { stripeClient } from '../platform/payments';
import { getTeam } from '../teams/team';
import { getTeamUser, listTeamUsers, type TeamUser } from '../teams/team-user';
import type { Purchase } from './purchase';

/**
 * SPEC §3 notification keys firstSubscriptionPayment and paymentUser: when a member pays, the administrators who
 * manage billing get an in-app notice and, unless they turned the key off, a mail. The notice is keyed by the
 * payment's id and paid time, so repeated or reordered webhooks tell it once; the mails go only with the write
 * that created it (at most once: a crash between the two loses the mail, never doubles it).
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
  if (!(await addNotice(purchase.teamId, 'payment', notice))) return;
  await mailBillingAdmins(purchase.teamId, notice, member);
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

const ADMIN_PAGE = 100;

async function mailBillingAdmins(teamId: string, notice: PaymentNotification, member: TeamUser | undefined): Promise<void> {
  const team = await getTeam(teamId);
  if (!team) return;
  const locale = team.language === 'en' ? 'en-US' : 'ja-JP';
  const values = {
    siteName: team.siteName,
    member: member ? `${member.name} <${member.email}>` : notice.userId,
    product: notice.productName,
    price: notice.priceNickname,
    amount: formatPriceAmount(notice.amount, notice.currency, locale),
    url: `${platformConfig().appOrigin}/admin/user/${notice.userId}/paid_history/${notice.kind === 'subscription' ? 'subscription' : 'one_time'}`,
  };
  let cursor: string | undefined;
  do {
    const page = await listTeamUsers(teamId, 'admin', { sort: 'created', order: 'asc', limit: ADMIN_PAGE, cursor });
    for (const admin of page.users) {
      if (admin.role !== 'admin' || admin.disabled || admin.notifications?.[notice.event] === false) continue;
      if (!heldCategories({ adminLevel: admin.adminLevel, categories: admin.categories }).includes('payingManager')) continue;
      await sendMail({ to: admin.email, teamId, ...mailText(team.language, `payments.${notice.event}`, { ...values, name: admin.name }) });
    }
    cursor = page.nextCursor;
  } while (cursor);
}
