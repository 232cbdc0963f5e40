/**
 * Stripe's test card numbers and what each does (docs.stripe.com/testing): the hosted checkout page of the local
 * stand-in answers them the same way, so the platform's payment messages can be tried offline.
 */
export type CardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'requires_authentication' }
  | { kind: 'declined'; code: 'card_declined' | 'expired_card' | 'incorrect_cvc' | 'incorrect_number' | 'processing_error'; declineCode?: string; message: string };

const declined = (code: Extract<CardOutcome, { kind: 'declined' }>['code'], message: string, declineCode?: string): CardOutcome => ({ kind: 'declined', code, message, ...(declineCode ? { declineCode } : {}) });

const CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { kind: 'succeeds' },
  '5555555555554444': { kind: 'succeeds' },
  '4000002500003155': { kind: 'requires_authentication' },
  '4000000000000002': declined('card_declined', 'Your card was declined.', 'generic_decline'),
  '4000000000009995': declined('card_declined', 'Your card has insufficient funds.', 'insufficient_funds'),
  '4000000000009987': declined('card_declined', 'Your card was declined.', 'lost_card'),
  '4000000000009979': declined('card_declined', 'Your card was declined.', 'stolen_card'),
  '4000000000000069': declined('expired_card', 'Your card has expired.', 'expired_card'),
  '4000000000000127': declined('incorrect_cvc', "Your card's security code is incorrect.", 'incorrect_cvc'),
  '4000000000000119': declined('processing_error', 'An error occurred while processing your card. Try again in a little bit.', 'processing_error'),
};

/** The outcome of paying with `number` (spaces ignored); a number that is not a test card is an incorrect number. */
export function cardOutcome(number: string): CardOutcome {
  const digits = number.replace(/[\s-]/g, '');
  return CARDS[digits] ?? declined('incorrect_number', 'Your card number is incorrect.', 'incorrect_number');
}
