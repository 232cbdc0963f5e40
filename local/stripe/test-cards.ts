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
  // Saved without trouble (setup, a trial's start), then every charge is declined: a renewal that fails.
  '4000000000000341': declined('card_declined', 'Your card was declined.', 'generic_decline'),
};

/** Cards that can be saved although charging them fails (Stripe's 4000 0000 0000 0341). */
const SAVES_BUT_DECLINES = new Set(['4000000000000341']);

/**
 * Stripe's test payment method ids (docs.stripe.com/testing#test-payment-methods) and the card each stands for:
 * passing one where a payment method is expected makes a new payment method from that card, as Stripe does.
 */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
};

/** The outcome of paying with `number` (spaces ignored); a number that is not a test card is an incorrect number. */
export function cardOutcome(number: string): CardOutcome {
  return CARDS[digitsOf(number)] ?? declined('incorrect_number', 'Your card number is incorrect.', 'incorrect_number');
}

/** The outcome of saving `number` for later without charging it (setup mode, a trial's start). */
export function setupOutcome(number: string): CardOutcome {
  return SAVES_BUT_DECLINES.has(digitsOf(number)) ? { kind: 'succeeds' } : cardOutcome(number);
}

export const digitsOf = (number: string): string => number.replace(/[\s-]/g, '');

/** The card network a test number belongs to, in Stripe's words. */
export const brandOf = (number: string): string => BRANDS[digitsOf(number)[0]] ?? 'unknown';
const BRANDS: Record<string, string> = { '3': 'amex', '4': 'visa', '5': 'mastercard' };
