import { describe, expect, it } from 'vitest';
import { enteredCard } from '../../../local/stripe/payments';
import { authenticatePage, invoicePage, linkGonePage, localeOf, onboardingPage } from '../../../local/stripe/pages';

describe("the local Stripe stand-in's hosted pages", () => {
  it('take their language from ?locale= first, then Accept-Language, else English', () => {
    expect(localeOf(new URLSearchParams('locale=ja'), 'en-US')).toBe('ja');
    expect(localeOf(new URLSearchParams('locale=en'), 'ja')).toBe('en');
    expect(localeOf(new URLSearchParams(), 'ja-JP,ja;q=0.9,en;q=0.8')).toBe('ja');
    expect(localeOf(new URLSearchParams(), 'fr-FR')).toBe('en');
    expect(localeOf(new URLSearchParams(), undefined)).toBe('en');
  });

  it('say the same things in Japanese and English', () => {
    expect(onboardingPage('ja', '/connect/onboard/t', { id: 'acct_1', email: null })).toContain('オンボーディングを完了する（テストモード）');
    expect(onboardingPage('en', '/connect/onboard/t', { id: 'acct_1', email: 'a@example.test' })).toContain('Complete onboarding (test mode)');
    expect(linkGonePage('ja', 'http://localhost/refresh')).toContain('href="http://localhost/refresh"');
    expect(authenticatePage('en', '/checkout/authenticate/pi_1', { amount: 1000, currency: 'jpy', status: 'requires_action' })).toContain('Fail authentication');
    const open = { number: 'LOCAL-0001', status: 'open', amount_remaining: 5700, amount_due: 5700, currency: 'jpy', due_date: 1_800_000_000, bankTransfer: true, customer: 'cus_1' };
    expect(invoicePage('ja', '/invoice/in_1', open)).toContain('銀行振込をシミュレートする（テストモード）');
    expect(invoicePage('en', '/invoice/in_1', { ...open, status: 'paid' })).toContain('This invoice is paid');
  });

  it('escape what comes from the API', () => {
    expect(onboardingPage('en', '/connect/onboard/t', { id: 'acct_1', email: '<b>x</b>@example.test' })).toContain('&#60;b&#62;x');
  });
});

describe('a card typed on a hosted page', () => {
  it('reads its number without spaces and its MM / YY expiry', () => {
    expect(enteredCard({ card_number: '4242 4242 4242 4242', expiry: '07 / 31' })).toEqual({ number: '4242424242424242', expMonth: 7, expYear: 2031 });
  });
});
