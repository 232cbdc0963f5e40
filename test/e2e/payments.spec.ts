import { expect, test } from '@playwright/test';
import { languages, matching, t } from './support/i18n';
import { DEMO_TEAM_ID } from './support/platform';
import {
  demoShopStripe,
  logInAdmin,
  MONTHLY,
  MONTHLY_PLUS,
  newBuyer,
  offer,
  ONE_TIME,
  openPremium,
  payWithCard,
  PREMIUM_TITLE,
  PREMIUM_VIDEO,
  PRODUCT,
  separatePage,
  simulateBankTransfer,
  stripePage,
  yen,
} from './support/shop';

const SCREENS = '.local/e2e-payments-screens';

for (const lang of languages) {
  test.describe(`Selling access (${lang})`, () => {
    test('an operator creates a product, a price and a coupon, and puts the price on a video members then see', async ({ page }) => {
      test.setTimeout(180_000);
      const stamp = `${lang}-${Date.now()}`;
      const productName = `E2E course ${stamp}`;
      const nickname = `Lifetime ${stamp}`;
      const code = `E2E${lang.toUpperCase()}${Date.now()}`;
      await logInAdmin(page, lang);

      // Product.
      await page.goto(`/admin/stripe/product/create?lang=${lang}`);
      await page.getByLabel(t(lang, 'payments:product.fields.name')).fill(productName);
      await page.getByRole('button', { name: t(lang, 'payments:actions.create') }).click();
      await expect(page.getByText(t(lang, 'payments:product.created', { name: productName }))).toBeVisible();
      await page.goto(`/admin/stripe/product?lang=${lang}`);
      await page.getByRole('link', { name: t(lang, 'payments:product.pricesOf', { name: productName }) }).click();

      // A one-time price of ¥1,500, bought for good.
      await page.getByRole('link', { name: t(lang, 'payments:price.create') }).click();
      await page.getByLabel(t(lang, 'payments:price.fields.nickname')).fill(nickname);
      await page.getByLabel(t(lang, 'payments:price.fields.amount')).fill('1500');
      await page.getByRole('button', { name: t(lang, 'payments:actions.create') }).click();
      await expect(page.getByText(t(lang, 'payments:price.created', { name: nickname }))).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/admin-price-${lang}.png`, fullPage: true });

      // A 10% coupon members can type.
      await page.goto(`/admin/stripe/coupon/create?lang=${lang}`);
      await page.getByLabel(t(lang, 'payments:coupon.fields.code')).fill(code);
      await page.getByLabel(t(lang, 'payments:coupon.fields.name')).fill(`Ten ${stamp}`);
      await page.getByLabel(t(lang, 'payments:coupon.fields.percentOff')).fill('10');
      await page.getByRole('button', { name: t(lang, 'payments:actions.create') }).click();
      await expect(page.getByText(t(lang, 'payments:coupon.created', { name: `Ten ${stamp}` }))).toBeVisible();
      await page.goto(`/admin/stripe/coupon?lang=${lang}`);
      await expect(page.getByText(code)).toBeVisible();

      // The price goes on the priced demo video, next to the shop's own.
      await page.goto(`/admin/video/${PREMIUM_VIDEO}/edit?lang=${lang}`);
      const prices = page.getByRole('combobox', { name: t(lang, 'payments:videoPrices.label') });
      await prices.click();
      await page.getByRole('option', { name: new RegExp(nickname) }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: t(lang, 'videos:actions.save') }).click();
      await expect(page.getByText(t(lang, 'videos:edit.saved', { title: PREMIUM_TITLE }))).toBeVisible();

      // A member sees it among the video's prices, and the coupon is taken at checkout.
      const member = await separatePage(page.context().browser()!);
      await newBuyer(member, lang, 'coupon');
      await openPremium(member, lang);
      const ours = offer(member, nickname);
      await expect(ours.getByText(yen(lang, 1500), { exact: true })).toBeVisible();
      await member.getByLabel(t(lang, 'purchases:offer.coupon')).fill(code);
      await ours.getByRole('button', { name: t(lang, 'purchases:offer.buy') }).click();
      await expect(member).toHaveURL(/\/checkout\/pay\/cs_/);
      // ¥1,500 less 10%.
      await expect(member.getByText(yen(lang, 1350))).toBeVisible();
      await member.close();
    });

    test('a member sees the priced video unpurchased, pays with 4242… and plays it once the webhook grants it', async ({ page }) => {
      test.setTimeout(180_000);
      await newBuyer(page, lang, 'buyer');
      await openPremium(page, lang);
      await expect(page.getByRole('heading', { name: PREMIUM_TITLE })).toBeVisible();
      await expect(page.locator('video')).toHaveCount(0);
      // The prices, with the tax added at checkout: ¥1,000 + 10% and ¥980 + 10%.
      await expect(offer(page, ONE_TIME.nickname).getByText(yen(lang, 1100), { exact: true })).toBeVisible();
      await expect(offer(page, MONTHLY.nickname).getByText(yen(lang, 1078), { exact: true })).toBeVisible();
      await expect(offer(page, MONTHLY.nickname).getByText(t(lang, 'purchases:offer.trial', { days: 7 }))).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/unpurchased-${lang}.png`, fullPage: true });

      await offer(page, ONE_TIME.nickname).getByRole('button', { name: t(lang, 'purchases:offer.buy') }).click();
      await payWithCard(page, lang, '4242 4242 4242 4242', 'pay');
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/video/${PREMIUM_VIDEO}\\?checkout=success`));
      // Access comes from the webhook, and the page opens the player when it has.
      await expect(page.locator('video')).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: `${SCREENS}/purchased-playing-${lang}.png`, fullPage: true });

      await page.goto(`/user/${DEMO_TEAM_ID}/purchased?lang=${lang}`);
      await expect(page.getByRole('heading', { name: PRODUCT })).toBeVisible();
      await expect(page.getByText(t(lang, 'purchases:state.success'), { exact: true })).toBeVisible();
    });

    test('a member pays by bank transfer: an invoice is issued, the transfer arrives, and the video opens', async ({ page }) => {
      test.setTimeout(240_000);
      await newBuyer(page, lang, 'transfer');
      await openPremium(page, lang);
      await offer(page, ONE_TIME.nickname).getByRole('button', { name: t(lang, 'purchases:bankTransfer.open') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t(lang, 'purchases:bankTransfer.name')).fill('Taro Yamada');
      await dialog.getByLabel(t(lang, 'purchases:bankTransfer.email')).fill('taro@example.test');
      await dialog.getByRole('button', { name: t(lang, 'purchases:bankTransfer.submit') }).click();
      const invoiceLink = dialog.getByRole('link', { name: t(lang, 'purchases:bankTransfer.openInvoice') });
      await expect(invoiceLink).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/bank-transfer-${lang}.png`, fullPage: true });
      // Stripe's invoice page (the stand-in's) shows the transfer details; its test button makes the transfer arrive.
      await simulateBankTransfer(await page.context().newPage(), (await invoiceLink.getAttribute('href'))!, lang);
      await expect(async () => {
        await openPremium(page, lang);
        await expect(page.locator('video')).toBeVisible();
      }).toPass({ timeout: 30_000 });
    });

    test("a second member's card is declined, and the app says so in SPEC's words", async ({ page }) => {
      test.setTimeout(240_000);
      await newBuyer(page, lang, 'declined');
      await openPremium(page, lang);
      await offer(page, ONE_TIME.nickname).getByRole('button', { name: t(lang, 'purchases:offer.buy') }).click();
      await payWithCard(page, lang, '4000 0000 0000 0002', 'pay');
      await expect(page.getByRole('alert')).toBeVisible();
      await page.getByRole('button', { name: stripePage[lang].cancel }).click();
      await expect(page).toHaveURL(/checkout=cancel/);
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'errors:payment/card_declined') })).toBeVisible();
      await expect(page.locator('video')).toHaveCount(0);
      await page.screenshot({ path: `${SCREENS}/declined-${lang}.png`, fullPage: true });
    });

    test('a plan with a minimum term cannot be cancelled before it ends, and the operator is told of the first payment', async ({ page, browser }) => {
      test.setTimeout(180_000);
      await newBuyer(page, lang, 'committed');
      await openPremium(page, lang);
      await expect(offer(page, MONTHLY_PLUS.nickname).getByText(t(lang, 'purchases:offer.minimumUsage', { months: 3 }))).toBeVisible();
      await offer(page, MONTHLY_PLUS.nickname).getByRole('button', { name: t(lang, 'purchases:offer.subscribe') }).click();
      await payWithCard(page, lang, '4242424242424242', 'subscribe');
      await expect(page.locator('video')).toBeVisible({ timeout: 30_000 });

      await page.goto(`/user/${DEMO_TEAM_ID}/purchased?lang=${lang}`);
      await expect(page.getByText(t(lang, 'purchases:state.active'), { exact: true })).toBeVisible();
      // The date is three months after the start, in the stand-in's clock: the text before it is enough here.
      await expect(page.getByText(matching(lang, 'purchases:purchased.cancellableFrom'))).toBeVisible();
      await page.getByRole('button', { name: t(lang, 'purchases:purchased.cancel') }).click();
      await page.getByRole('dialog').getByRole('button', { name: t(lang, 'purchases:purchased.cancel') }).click();
      // SPEC §8's message with the date it lifts, in SPEC §9's format.
      const refused = page.getByText(matching(lang, 'errors:subscription/minimum_usage_period')).first();
      await expect(refused).toBeVisible();
      await expect(refused).toContainText(/\d{4}\/\d{2}\/\d{2}/);
      await page.screenshot({ path: `${SCREENS}/minimum-term-${lang}.png`, fullPage: true });
      await page.reload();
      await expect(page.getByText(t(lang, 'purchases:state.active'), { exact: true })).toBeVisible();
      await expect(page.getByText(t(lang, 'purchases:state.cancel_scheduled'), { exact: true })).toHaveCount(0);

      // The operator's /admin/payment lists the payment as the subscription's first, linked to the member's history.
      const operator = await separatePage(browser);
      await logInAdmin(operator, lang);
      await operator.goto(`/admin/payment?lang=${lang}`);
      await expect(operator.getByRole('heading', { name: t(lang, 'payments:notices.title') })).toBeVisible();
      const row = operator.getByRole('row', { name: new RegExp(`Buyer committed`) }).first();
      await expect(row).toBeVisible();
      await expect(row.getByText(t(lang, 'payments:notices.events.firstSubscriptionPayment'))).toBeVisible();
      await expect(row.getByText(yen(lang, 2178))).toBeVisible();
      await operator.screenshot({ path: `${SCREENS}/payment-notices-${lang}.png`, fullPage: true });
      await operator.close();
    });

    test("a subscriber changes the card on Stripe's page, and it becomes the subscription's and the customer's default", async ({ page }) => {
      test.setTimeout(180_000);
      const buyer = await newBuyer(page, lang, 'card');
      await openPremium(page, lang);
      await offer(page, MONTHLY.nickname).getByRole('button', { name: t(lang, 'purchases:offer.subscribe') }).click();
      await payWithCard(page, lang, '4242424242424242', 'subscribe');
      await expect(page.locator('video')).toBeVisible({ timeout: 30_000 });

      await page.goto(`/user/${DEMO_TEAM_ID}/purchased?lang=${lang}`);
      await page.getByRole('button', { name: t(lang, 'purchases:purchased.changeCard') }).click();
      await payWithCard(page, lang, '5555 5555 5555 4444', 'save');
      // Back on the purchases page, which applies the session Stripe names in the address, then drops it.
      await expect(page.getByText(t(lang, 'purchases:purchased.cardChanged'))).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/purchased$`));
      await page.screenshot({ path: `${SCREENS}/card-changed-${lang}.png`, fullPage: true });

      const { stripe, stripeAccount } = await demoShopStripe();
      const [customer] = (await stripe.customers.list({ email: buyer.email }, { stripeAccount })).data;
      const [subscription] = (await stripe.subscriptions.list({ customer: customer!.id }, { stripeAccount })).data;
      const method = await stripe.paymentMethods.retrieve(String(subscription!.default_payment_method), {}, { stripeAccount });
      expect(method.card?.last4).toBe('4444');
      expect((await stripe.customers.retrieve(customer!.id, {}, { stripeAccount })) as { invoice_settings: { default_payment_method: unknown } }).toMatchObject({
        invoice_settings: { default_payment_method: method.id },
      });
    });

    test('a subscriber changes plan, cancels (scheduled) and restarts; past the cancelled period the video is refused again', async ({ page }) => {
      test.setTimeout(180_000);
      await newBuyer(page, lang, 'subscriber');
      await openPremium(page, lang);
      await offer(page, MONTHLY.nickname).getByRole('button', { name: t(lang, 'purchases:offer.subscribe') }).click();
      await payWithCard(page, lang, '4242424242424242', 'subscribe');
      await expect(page.locator('video')).toBeVisible({ timeout: 30_000 });

      // Change plan, with Stripe's proration preview first.
      await page.goto(`/user/${DEMO_TEAM_ID}/purchased?lang=${lang}`);
      await expect(page.getByText(t(lang, 'purchases:state.trialing'), { exact: true })).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'purchases:purchased.changePrice') }).click();
      await page.getByRole('radio', { name: new RegExp(MONTHLY_PLUS.nickname) }).check();
      await expect(page.getByText(t(lang, 'purchases:changePrice.nextInvoice'))).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/change-price-${lang}.png`, fullPage: true });
      await page.getByRole('button', { name: t(lang, 'purchases:changePrice.confirm') }).click();
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/purchased`));
      await expect(page.getByText(`${MONTHLY_PLUS.nickname} · ${yen(lang, 1980)}`, { exact: false })).toBeVisible();

      // Cancel (scheduled), restart, cancel again.
      const cancel = () => page.getByRole('button', { name: t(lang, 'purchases:purchased.cancel') });
      await cancel().click();
      await page.getByRole('dialog').getByRole('button', { name: t(lang, 'purchases:purchased.cancel') }).click();
      await expect(page.getByText(t(lang, 'purchases:state.cancel_scheduled'), { exact: true })).toBeVisible();
      await page.getByRole('button', { name: t(lang, 'purchases:purchased.restart') }).click();
      await expect(page.getByText(t(lang, 'purchases:state.trialing'), { exact: true })).toBeVisible();
      await cancel().click();
      await page.getByRole('dialog').getByRole('button', { name: t(lang, 'purchases:purchased.cancel') }).click();
      await expect(page.getByText(t(lang, 'purchases:state.cancel_scheduled'), { exact: true })).toBeVisible();
      // Still watchable until the period ends.
      await openPremium(page, lang);
      await expect(page.locator('video')).toBeVisible();

      // Stripe's clock passes the period end: the subscription ends, its webhook arrives, the video is refused.
      const { stripe } = await demoShopStripe();
      // The stand-in's one clock may already be ahead of real time (an earlier run): start from its own now.
      const standInNow = (await stripe.customers.create({ description: 'clock probe' })).created;
      const clock = await stripe.testHelpers.testClocks.create({ frozen_time: standInNow });
      await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: standInNow + 40 * 86_400 });
      await expect(async () => {
        await openPremium(page, lang);
        await expect(page.locator('video')).toHaveCount(0);
        await expect(offer(page, ONE_TIME.nickname)).toBeVisible();
      }).toPass({ timeout: 30_000 });
      await page.goto(`/user/${DEMO_TEAM_ID}/purchased?lang=${lang}`);
      await expect(page.getByText(t(lang, 'purchases:state.canceled'), { exact: true })).toBeVisible();
    });
  });
}
