import { expect, test, type Page } from '@playwright/test';
import enErrors from '../../web/src/i18n/en/errors.json' with { type: 'json' };
import enPayments from '../../web/src/i18n/en/payments.json' with { type: 'json' };
import enVideos from '../../web/src/i18n/en/videos.json' with { type: 'json' };
import enPlayer from '../../web/src/i18n/en/player.json' with { type: 'json' };
import enPurchases from '../../web/src/i18n/en/purchases.json' with { type: 'json' };
import jaErrors from '../../web/src/i18n/ja/errors.json' with { type: 'json' };
import jaPayments from '../../web/src/i18n/ja/payments.json' with { type: 'json' };
import jaVideos from '../../web/src/i18n/ja/videos.json' with { type: 'json' };
import jaPlayer from '../../web/src/i18n/ja/player.json' with { type: 'json' };
import jaPurchases from '../../web/src/i18n/ja/purchases.json' with { type: 'json' };
import { languages, type Lang } from './support/i18n';
import { logIn } from './support/operator';
import { DEMO_TEAM_ID, newDemoMember } from './support/platform';
import { usePlatformEnv } from './support/ports';

/** The priced demo video (local/seed-videos.ts) and the demo shop's prices (local/seed-shop.ts). */
const PREMIUM_VIDEO = '01DEMOVIDE0000000000000004';
const PREMIUM_TITLE = 'プレミアム講座 第1回 / Premium lesson 1';
const ONE_TIME = '30日間 / 30 days';
const MONTHLY = '月額 / Monthly';
const MONTHLY_PLUS = '月額プラス / Monthly plus';
const SCREENS = '.local/e2e-payments-screens';

const own = {
  en: { purchases: enPurchases, player: enPlayer, errors: enErrors, payments: enPayments, videos: enVideos },
  ja: { purchases: jaPurchases, player: jaPlayer, errors: jaErrors, payments: jaPayments, videos: jaVideos },
} as const;
function tp(lang: Lang, nsKey: string, values: Record<string, string | number> = {}): string {
  const [ns, key] = nsKey.split(':') as [keyof (typeof own)['en'], string];
  let node: unknown = own[lang][ns];
  if (ns === 'errors') node = (node as Record<string, unknown>)[key];
  else for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No ${lang} string for ${nsKey}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}

/** Stripe's hosted page texts on the local stand-in (local/stripe/checkout-page.ts), by the page's language. */
const stripePage = {
  en: { card: 'Card number', expiry: 'Expiry (MM / YY)', cvc: 'CVC', pay: 'Pay', subscribe: 'Subscribe', cancel: 'Cancel and go back' },
  ja: { card: 'カード番号', expiry: '有効期限 (MM / YY)', cvc: 'セキュリティコード', pay: '支払う', subscribe: '申し込む', cancel: 'キャンセルして戻る' },
} as const;

/** Amounts as the page formats them for its language (the yen sign differs: ￥ in ja-JP, ¥ in en-US). */
const yen = (lang: Lang, amount: number) => new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'ja-JP', { style: 'currency', currency: 'JPY' }).format(amount);

async function newBuyer(page: Page, lang: Lang, label: string) {
  const email = `${label}-${lang}-${Date.now()}@example.test`;
  await newDemoMember({ email, password: 'buyer-pass1', name: `Buyer ${label}` });
  await page.goto(`/login/${DEMO_TEAM_ID}?lang=${lang}`);
  await logIn(page, lang, email, 'buyer-pass1');
  await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}$`));
}

/** The demo seed encodes its clips after the first start: reload until the priced video is ready (then unpurchased). */
async function openPremium(page: Page, lang: Lang) {
  for (let attempt = 0; ; attempt++) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/member_video/get'));
    await page.goto(`/user/${DEMO_TEAM_ID}/video/${PREMIUM_VIDEO}?lang=${lang}`);
    if ((await answer).status() === 200) return;
    if (attempt > 60) throw new Error('The priced demo video did not become ready');
    await page.waitForTimeout(2000);
  }
}

const offer = (page: Page, nickname: string) => page.locator('div', { has: page.getByText(nickname, { exact: true }) }).filter({ has: page.getByRole('button') }).last();

async function payWithCard(page: Page, lang: Lang, card: string, button: 'pay' | 'subscribe') {
  await expect(page).toHaveURL(/\/checkout\/pay\/cs_/);
  await page.getByLabel(stripePage[lang].card).fill(card);
  await page.getByLabel(stripePage[lang].expiry).fill('12/34');
  await page.getByLabel(stripePage[lang].cvc).fill('123');
  await page.getByRole('button', { name: stripePage[lang][button], exact: true }).click();
}

const demoAdmin = { email: 'admin@demo.example', password: 'demo-password' };

for (const lang of languages) {
  test.describe(`Selling access (${lang})`, () => {
    test('an operator creates a product, a price and a coupon, and puts the price on a video members then see', async ({ page }) => {
      test.setTimeout(180_000);
      const stamp = `${lang}-${Date.now()}`;
      const productName = `E2E course ${stamp}`;
      const nickname = `Lifetime ${stamp}`;
      const code = `E2E${lang.toUpperCase()}${Date.now()}`;
      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, demoAdmin.email, demoAdmin.password);
      await expect(page).toHaveURL(/\/admin/);

      // Product.
      await page.goto(`/admin/stripe/product/create?lang=${lang}`);
      await page.getByLabel(tp(lang, 'payments:product.fields.name')).fill(productName);
      await page.getByRole('button', { name: tp(lang, 'payments:actions.create') }).click();
      await expect(page.getByText(tp(lang, 'payments:product.created', { name: productName }))).toBeVisible();
      await page.goto(`/admin/stripe/product?lang=${lang}`);
      await page.getByRole('link', { name: tp(lang, 'payments:product.pricesOf', { name: productName }) }).click();

      // A one-time price of ¥1,500, bought for good.
      await page.getByRole('link', { name: tp(lang, 'payments:price.create') }).click();
      await page.getByLabel(tp(lang, 'payments:price.fields.nickname')).fill(nickname);
      await page.getByLabel(tp(lang, 'payments:price.fields.amount')).fill('1500');
      await page.getByRole('button', { name: tp(lang, 'payments:actions.create') }).click();
      await expect(page.getByText(tp(lang, 'payments:price.created', { name: nickname }))).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/admin-price-${lang}.png`, fullPage: true });

      // A 10% coupon members can type.
      await page.goto(`/admin/stripe/coupon/create?lang=${lang}`);
      await page.getByLabel(tp(lang, 'payments:coupon.fields.code')).fill(code);
      await page.getByLabel(tp(lang, 'payments:coupon.fields.name')).fill(`Ten ${stamp}`);
      await page.getByLabel(tp(lang, 'payments:coupon.fields.percentOff')).fill('10');
      await page.getByRole('button', { name: tp(lang, 'payments:actions.create') }).click();
      await expect(page.getByText(tp(lang, 'payments:coupon.created', { name: `Ten ${stamp}` }))).toBeVisible();
      await page.goto(`/admin/stripe/coupon?lang=${lang}`);
      await expect(page.getByText(code)).toBeVisible();

      // The price goes on the priced demo video, next to the shop's own.
      await page.goto(`/admin/video/${PREMIUM_VIDEO}/edit?lang=${lang}`);
      const prices = page.getByRole('combobox', { name: tp(lang, 'payments:videoPrices.label') });
      await prices.click();
      await page.getByRole('option', { name: new RegExp(nickname) }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: tp(lang, 'videos:actions.save') }).click();
      await expect(page.getByText(tp(lang, 'videos:edit.saved', { title: PREMIUM_TITLE }))).toBeVisible();

      // A member sees it among the video's prices, and the coupon is taken at checkout.
      const member = await page.context().browser()!.newPage({ baseURL: test.info().project.use.baseURL });
      await newBuyer(member, lang, 'coupon');
      await openPremium(member, lang);
      const ours = offer(member, nickname);
      await expect(ours.getByText(yen(lang, 1500), { exact: true })).toBeVisible();
      await member.getByLabel(tp(lang, 'purchases:offer.coupon')).fill(code);
      await ours.getByRole('button', { name: tp(lang, 'purchases:offer.buy') }).click();
      await expect(member).toHaveURL(/\/checkout\/pay\/cs_/);
      // ¥1,500 less 10%.
      await expect(member.getByText(new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'ja-JP', { style: 'currency', currency: 'JPY' }).format(1350))).toBeVisible();
      await member.close();
    });

    test('a member sees the priced video unpurchased, pays with 4242… and plays it once the webhook grants it', async ({ page }) => {
      test.setTimeout(180_000);
      await newBuyer(page, lang, 'buyer');
      await openPremium(page, lang);
      await expect(page.getByRole('heading', { name: PREMIUM_TITLE })).toBeVisible();
      await expect(page.locator('video')).toHaveCount(0);
      // The prices, with the tax added at checkout: ¥1,000 + 10% and ¥980 + 10%.
      await expect(offer(page, ONE_TIME).getByText(yen(lang, 1100), { exact: true })).toBeVisible();
      await expect(offer(page, MONTHLY).getByText(yen(lang, 1078), { exact: true })).toBeVisible();
      await expect(offer(page, MONTHLY).getByText(tp(lang, 'purchases:offer.trial', { days: 7 }))).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/unpurchased-${lang}.png`, fullPage: true });

      await offer(page, ONE_TIME).getByRole('button', { name: tp(lang, 'purchases:offer.buy') }).click();
      await payWithCard(page, lang, '4242 4242 4242 4242', 'pay');
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/video/${PREMIUM_VIDEO}\\?checkout=success`));
      // Access comes from the webhook, and the page opens the player when it has.
      await expect(page.locator('video')).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: `${SCREENS}/purchased-playing-${lang}.png`, fullPage: true });

      await page.goto(`/user/${DEMO_TEAM_ID}/purchased?lang=${lang}`);
      await expect(page.getByRole('heading', { name: 'プレミアム講座 / Premium course' })).toBeVisible();
      await expect(page.getByText(tp(lang, 'purchases:state.success'), { exact: true })).toBeVisible();
    });

    test('a member pays by bank transfer: an invoice is issued, the transfer arrives, and the video opens', async ({ page }) => {
      test.setTimeout(120_000);
      await newBuyer(page, lang, 'transfer');
      await openPremium(page, lang);
      await offer(page, ONE_TIME).getByRole('button', { name: tp(lang, 'purchases:bankTransfer.open') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(tp(lang, 'purchases:bankTransfer.name')).fill('Taro Yamada');
      await dialog.getByLabel(tp(lang, 'purchases:bankTransfer.email')).fill('taro@example.test');
      await dialog.getByRole('button', { name: tp(lang, 'purchases:bankTransfer.submit') }).click();
      const invoiceLink = dialog.getByRole('link', { name: tp(lang, 'purchases:bankTransfer.openInvoice') });
      await expect(invoiceLink).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/bank-transfer-${lang}.png`, fullPage: true });
      // Stripe's invoice page (the stand-in's) shows the transfer details; its test button makes the transfer arrive.
      const invoicePage = await page.context().newPage();
      await invoicePage.goto((await invoiceLink.getAttribute('href'))!);
      await invoicePage.getByRole('button', { name: lang === 'ja' ? '銀行振込をシミュレートする（テストモード）' : 'Simulate bank transfer (test mode)' }).click();
      await invoicePage.close();
      await expect(async () => {
        await openPremium(page, lang);
        await expect(page.locator('video')).toBeVisible();
      }).toPass({ timeout: 30_000 });
    });

    test("a second member's card is declined, and the app says so in SPEC's words", async ({ page }) => {
      test.setTimeout(120_000);
      await newBuyer(page, lang, 'declined');
      await openPremium(page, lang);
      await offer(page, ONE_TIME).getByRole('button', { name: tp(lang, 'purchases:offer.buy') }).click();
      await payWithCard(page, lang, '4000 0000 0000 0002', 'pay');
      await expect(page.getByRole('alert')).toBeVisible();
      await page.getByRole('button', { name: stripePage[lang].cancel }).click();
      await expect(page).toHaveURL(/checkout=cancel/);
      await expect(page.getByRole('alert').filter({ hasText: tp(lang, 'errors:payment/card_declined') })).toBeVisible();
      await expect(page.locator('video')).toHaveCount(0);
      await page.screenshot({ path: `${SCREENS}/declined-${lang}.png`, fullPage: true });
    });

    test('a subscriber changes plan, cancels (scheduled) and restarts; past the cancelled period the video is refused again', async ({ page }) => {
      test.setTimeout(180_000);
      await newBuyer(page, lang, 'subscriber');
      await openPremium(page, lang);
      await offer(page, MONTHLY).getByRole('button', { name: tp(lang, 'purchases:offer.subscribe') }).click();
      await payWithCard(page, lang, '4242424242424242', 'subscribe');
      await expect(page.locator('video')).toBeVisible({ timeout: 30_000 });

      // Change plan, with Stripe's proration preview first.
      await page.goto(`/user/${DEMO_TEAM_ID}/purchased?lang=${lang}`);
      await expect(page.getByText(tp(lang, 'purchases:state.trialing'), { exact: true })).toBeVisible();
      await page.getByRole('link', { name: tp(lang, 'purchases:purchased.changePrice') }).click();
      await page.getByRole('radio', { name: new RegExp(MONTHLY_PLUS) }).check();
      await expect(page.getByText(tp(lang, 'purchases:changePrice.nextInvoice'))).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/change-price-${lang}.png`, fullPage: true });
      await page.getByRole('button', { name: tp(lang, 'purchases:changePrice.confirm') }).click();
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/purchased`));
      await expect(page.getByText(`${MONTHLY_PLUS} · ${yen(lang, 1980)}`, { exact: false })).toBeVisible();

      // Cancel (scheduled), restart, cancel again.
      const cancel = () => page.getByRole('button', { name: tp(lang, 'purchases:purchased.cancel') });
      await cancel().click();
      await page.getByRole('dialog').getByRole('button', { name: tp(lang, 'purchases:purchased.cancel') }).click();
      await expect(page.getByText(tp(lang, 'purchases:state.cancel_scheduled'), { exact: true })).toBeVisible();
      await page.getByRole('button', { name: tp(lang, 'purchases:purchased.restart') }).click();
      await expect(page.getByText(tp(lang, 'purchases:state.trialing'), { exact: true })).toBeVisible();
      await cancel().click();
      await page.getByRole('dialog').getByRole('button', { name: tp(lang, 'purchases:purchased.cancel') }).click();
      await expect(page.getByText(tp(lang, 'purchases:state.cancel_scheduled'), { exact: true })).toBeVisible();
      // Still watchable until the period ends.
      await openPremium(page, lang);
      await expect(page.locator('video')).toBeVisible();

      // Stripe's clock passes the period end: the subscription ends, its webhook arrives, the video is refused.
      await usePlatformEnv();
      const { stripeClient } = await import('../../lambdas/platform/payments');
      const stripe = await stripeClient();
      // The stand-in's one clock may already be ahead of real time (an earlier run): start from its own now.
      const standInNow = (await stripe.customers.create({ description: 'clock probe' })).created;
      const clock = await stripe.testHelpers.testClocks.create({ frozen_time: standInNow });
      await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: standInNow + 40 * 86_400 });
      await expect(async () => {
        await openPremium(page, lang);
        await expect(page.locator('video')).toHaveCount(0);
        await expect(offer(page, ONE_TIME)).toBeVisible();
      }).toPass({ timeout: 30_000 });
      await page.goto(`/user/${DEMO_TEAM_ID}/purchased?lang=${lang}`);
      await expect(page.getByText(tp(lang, 'purchases:state.canceled'), { exact: true })).toBeVisible();
    });
  });
}
