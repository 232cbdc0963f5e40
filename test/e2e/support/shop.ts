import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import type { Lang } from './i18n';
import { logIn } from './operator';
import { DEMO_TEAM_ID, newDemoMember } from './platform';
import { usePlatformEnv } from './ports';

/** The demo team's administrator (super administrator: users and billing), as the local seed makes them. */
export const demoAdmin = { email: 'admin@demo.example', password: 'demo-password' };

/** The priced demo video (local/seed-videos.ts). */
export const PREMIUM_VIDEO = '01DEMOVIDE0000000000000004';
export const PREMIUM_TITLE = 'プレミアム講座 第1回 / Premium lesson 1';

/**
 * The demo shop (local/seed-shop.ts): its product, its prices by nickname with their amounts before tax (10% is
 * added at checkout), and its 20% coupon.
 */
export const PRODUCT = 'プレミアム講座 / Premium course';
export const ONE_TIME = { nickname: '30日間 / 30 days', amount: 1000 };
export const MONTHLY = { nickname: '月額 / Monthly', amount: 980 };
export const MONTHLY_PLUS = { nickname: '月額プラス / Monthly plus', amount: 1980 };
export const COUPON = 'WELCOME20';
export const TAX_PERCENT = 10;
export const withTax = (amount: number) => amount + Math.round((amount * TAX_PERCENT) / 100);

/** Amounts as the page formats them for its language (the yen sign differs: ￥ in ja-JP, ¥ in en-US). */
export const yen = (lang: Lang, amount: number) => new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'ja-JP', { style: 'currency', currency: 'JPY' }).format(amount);

/** Stripe's hosted checkout page texts on the local stand-in (local/stripe/checkout-page.ts), by the page's language. */
export const stripePage = {
  en: { card: 'Card number', expiry: 'Expiry (MM / YY)', cvc: 'CVC', pay: 'Pay', subscribe: 'Subscribe', save: 'Save card', cancel: 'Cancel and go back' },
  ja: { card: 'カード番号', expiry: '有効期限 (MM / YY)', cvc: 'セキュリティコード', pay: '支払う', subscribe: '申し込む', save: 'カードを登録する', cancel: 'キャンセルして戻る' },
} as const;

/** Stripe's hosted invoice page texts on the local stand-in (local/stripe/pages.ts), by the page's language. */
export const stripeInvoicePage = {
  en: { simulateTransfer: 'Simulate bank transfer (test mode)' },
  ja: { simulateTransfer: '銀行振込をシミュレートする（テストモード）' },
} as const;

/**
 * Opens Stripe's invoice page (the stand-in's) at `href` in `invoicePage` and presses its test button, which makes the
 * bank transfer arrive. The button posts a form that redirects back to the invoice: the page closes only once that
 * has loaded (closing a page in the middle of its navigation has hung Chromium here).
 */
export async function simulateBankTransfer(invoicePage: Page, href: string, lang: Lang) {
  await invoicePage.goto(href);
  await Promise.all([
    invoicePage.waitForResponse((r) => r.request().method() === 'GET' && r.url().includes('/invoice/') && r.status() === 200),
    invoicePage.getByRole('button', { name: stripeInvoicePage[lang].simulateTransfer }).click(),
  ]);
  await invoicePage.waitForLoadState('load');
  await invoicePage.close();
}

/** A page in a browser of its own (its own cookies: nobody logged in), on the platform under test. */
export const separatePage = (browser: Browser, options: BrowserContextOptions = {}) => browser.newPage({ baseURL: test.info().project.use.baseURL, ...options });

/** Signs an administrator (the demo one unless told) in at /login and waits for the admin screens. */
export async function logInAdmin(page: Page, lang: Lang, login: { email: string; password: string } = demoAdmin, landing: RegExp = /\/admin/) {
  await page.goto(`/login?lang=${lang}`);
  await logIn(page, lang, login.email, login.password);
  await expect(page).toHaveURL(landing);
}

/** A new member of the demo team, straight into the stores, with an e-mail address and a name no other buyer has. */
export async function newDemoBuyer(lang: Lang, label: string) {
  const stamp = `${lang}-${Date.now().toString(36)}`;
  const buyer = { email: `${label}-${stamp}@example.test`, password: 'buyer-pass1', name: `Buyer ${label} ${stamp}` };
  return { ...buyer, userId: await newDemoMember(buyer) };
}

/** A new demo buyer, logged in on `page` at the demo team's member login. */
export async function newBuyer(page: Page, lang: Lang, label: string) {
  const buyer = await newDemoBuyer(lang, label);
  await page.goto(`/login/${DEMO_TEAM_ID}?lang=${lang}`);
  await logIn(page, lang, buyer.email, buyer.password);
  await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}$`));
  return buyer;
}

/**
 * The demo seed encodes its clips after the first start: reload until the priced video is ready (then unpurchased).
 * Under a full parallel run that can take two minutes, so the tests calling this allow four.
 */
export async function openPremium(page: Page, lang: Lang) {
  for (let attempt = 0; ; attempt++) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/member_video/get'));
    await page.goto(`/user/${DEMO_TEAM_ID}/video/${PREMIUM_VIDEO}?lang=${lang}`);
    if ((await answer).status() === 200) return;
    if (attempt > 60) throw new Error('The priced demo video did not become ready');
    await page.waitForTimeout(2000);
  }
}

/** A price's offer on the priced video's page, by its nickname. */
export const offer = (page: Page, nickname: string) => page.locator('div', { has: page.getByText(nickname, { exact: true }) }).filter({ has: page.getByRole('button') }).last();

/** Pays (or, in setup mode, saves the card) on the stand-in's checkout page with `card`, by its pay, subscribe or save button. */
export async function payWithCard(page: Page, lang: Lang, card: string, button: 'pay' | 'subscribe' | 'save') {
  await expect(page).toHaveURL(/\/checkout\/pay\/cs_/);
  await page.getByLabel(stripePage[lang].card).fill(card);
  await page.getByLabel(stripePage[lang].expiry).fill('12/34');
  await page.getByLabel(stripePage[lang].cvc).fill('123');
  await page.getByRole('button', { name: stripePage[lang][button], exact: true }).click();
}

/** The platform's own Stripe client (on the stand-in) and the demo shop's connected account there. */
export async function demoShopStripe() {
  await usePlatformEnv();
  const [{ stripeClient }, { getTeam }] = await Promise.all([import('../../../lambdas/platform/payments'), import('../../../lambdas/core/entities/team')]);
  const stripeAccount = (await getTeam(DEMO_TEAM_ID))!.payment!.accountId;
  return { stripe: await stripeClient(), stripeAccount };
}

/** The invoice id in a hosted invoice page's address. */
export const invoiceIdOf = (hostedInvoiceUrl: string) => /\/invoice\/(in_[0-9A-Za-z]+)/.exec(hostedInvoiceUrl)![1]!;
