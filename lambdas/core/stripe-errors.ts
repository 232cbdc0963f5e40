import type { ErrorCode } from '../../shared/errors';
import { AppError } from './http/app-error';
import { PaymentsUnavailableError } from '../platform/payments';

/**
 * Stripe's decline codes (a card error's `decline_code`, else its `code`) as SPEC §8's payment messages.
 * Anything not listed is "card declined", which is what Stripe itself tells a buyer for the rest.
 */
const declines: Record<string, ErrorCode> = {
  insufficient_funds: 'payment/insufficient_funds',
  lost_card: 'payment/lost_card',
  stolen_card: 'payment/stolen_card',
  expired_card: 'payment/expired_card',
  incorrect_cvc: 'payment/incorrect_cvc',
  invalid_cvc: 'payment/incorrect_cvc',
  incorrect_number: 'payment/incorrect_number',
  invalid_number: 'payment/incorrect_number',
  processing_error: 'payment/processing_error',
};

export const declineMessage = (code: string | null | undefined, declineCode?: string | null): ErrorCode =>
  (declineCode && declines[declineCode]) || (code && declines[code]) || 'payment/card_declined';

interface StripeErrorLike {
  type?: string;
  code?: string;
  decline_code?: string;
  statusCode?: number;
}

/**
 * Runs a Stripe request and answers its failures in the platform's words: card errors as SPEC §8 payment
 * messages, a missing object as not found, Stripe unreachable or not set up as "payment info not loaded"
 * (502, never a 500 or Stripe's own text). `invalid` names the message for Stripe refusing the request's
 * values (e.g. an unknown coupon code).
 */
export async function viaStripe<T>(work: () => Promise<T>, invalid: ErrorCode = 'common/illegal_operation'): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw stripeFailure(e, invalid);
  }
}

export function stripeFailure(e: unknown, invalid: ErrorCode = 'common/illegal_operation'): unknown {
  if (e instanceof AppError) return e;
  if (e instanceof PaymentsUnavailableError) return new AppError('payment/info_not_loaded');
  const err = e as StripeErrorLike;
  switch (err?.type) {
    case 'StripeCardError':
      return new AppError(declineMessage(err.code, err.decline_code));
    case 'StripeInvalidRequestError':
      return err.code === 'resource_missing' && invalid === 'common/illegal_operation' ? new AppError('common/not_found') : new AppError(invalid);
    case 'StripeConnectionError':
    case 'StripeAPIError':
    case 'StripeRateLimitError':
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      return new AppError('payment/info_not_loaded');
    default:
      return e;
  }
}
