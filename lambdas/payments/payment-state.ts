import type Stripe from 'stripe';
import type { PaymentState } from '../../shared/api/calls/payments';

/**
 * What a card payment intent is in a payment history, or `undefined` when it is no payment at all.
 *
 * Stripe's statuses (`Stripe.PaymentIntent.Status`): an intent waiting for a card (`requires_payment_method`: never
 * paid, or its card was declined; Stripe asks for another), for confirmation (`requires_confirmation`) or for the
 * buyer's 3-D Secure (`requires_action`) has charged nothing, so it is not listed: a declined card is not "in
 * process". `processing` is Stripe really processing it; `requires_capture` is an authorised amount held on the card
 * (the platform captures automatically, so rarely seen). A succeeded payment whose charge was refunded in full is
 * refunded. A cancelled intent (an abandoned checkout Stripe or the platform cancelled, or a released hold) charged
 * nothing either, so it is not listed: "Cancelled ¥1,100" would read as money that moved.
 */
export function cardPaymentState(status: Stripe.PaymentIntent.Status, refunded: boolean): PaymentState | undefined {
  switch (status) {
    case 'succeeded':
      return refunded ? 'refunded' : 'success';
    case 'processing':
    case 'requires_capture':
      return 'pending';
    default:
      return undefined;
  }
}

/** A bank-transfer invoice as a payment: paid, waiting for the transfer (pending), or voided/uncollectible (cancelled). */
export function transferPaymentState(status: Stripe.Invoice.Status | null): PaymentState | undefined {
  switch (status) {
    case 'paid':
      return 'success';
    case 'open':
      return 'pending';
    case 'void':
    case 'uncollectible':
      return 'canceled';
    default:
      return undefined; // a draft is not issued yet
  }
}
