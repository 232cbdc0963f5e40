import { describe, expect, it } from 'vitest';
import { brandOf, cardOutcome, setupOutcome, TEST_PAYMENT_METHODS } from '../../../local/stripe/test-cards';

describe("Stripe's test cards in the local stand-in", () => {
  it('saves 4000 0000 0000 0341 but declines every charge to it', () => {
    expect(setupOutcome('4000 0000 0000 0341')).toEqual({ kind: 'succeeds' });
    expect(cardOutcome('4000 0000 0000 0341')).toMatchObject({ kind: 'declined', code: 'card_declined', declineCode: 'generic_decline' });
  });

  it('answers the same when saving as when charging for the other cards', () => {
    for (const number of ['4242424242424242', '4000000000000002', '4000002500003155', '1234']) expect(setupOutcome(number)).toEqual(cardOutcome(number));
  });

  it("names a number's network in Stripe's words", () => {
    expect([brandOf('4242 4242 4242 4242'), brandOf('5555555555554444'), brandOf('378282246310005'), brandOf('6011000990139424')]).toEqual(['visa', 'mastercard', 'amex', 'unknown']);
  });

  it("maps Stripe's pm_card_* ids to the cards they stand for", () => {
    expect(cardOutcome(TEST_PAYMENT_METHODS.pm_card_visa)).toEqual({ kind: 'succeeds' });
    expect(cardOutcome(TEST_PAYMENT_METHODS.pm_card_chargeDeclinedInsufficientFunds)).toMatchObject({ declineCode: 'insufficient_funds' });
    expect(setupOutcome(TEST_PAYMENT_METHODS.pm_card_chargeCustomerFail)).toEqual({ kind: 'succeeds' });
    expect(cardOutcome(TEST_PAYMENT_METHODS.pm_card_authenticationRequiredOnSetup)).toEqual({ kind: 'requires_authentication' });
  });
});
