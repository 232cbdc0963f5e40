/**
 * Money display, free of zod so member and catalog pages can load it: amounts are in the currency's
 * smallest unit (yen, cents), as Stripe counts them.
 */
export type MoneyCurrency = 'jpy' | 'usd';

/** Digits after the decimal point: yen has none, dollars two (cents). */
export const currencyMinorDigits: Record<MoneyCurrency, number> = { jpy: 0, usd: 2 };

/** An amount in the smallest unit shown with its currency: `￥1,000`, `$0.50`. */
export function formatPriceAmount(amount: number, currency: MoneyCurrency, locale = 'ja-JP'): string {
  const digits = currencyMinorDigits[currency];
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}
