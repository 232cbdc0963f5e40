import { expect, test } from '@playwright/test';
import { languages, t } from './support/i18n';
import { DEMO_TEAM_ID } from './support/platform';
import { logInAdmin, MONTHLY, newBuyer, offer, ONE_TIME, openPremium, payWithCard, PREMIUM_VIDEO, PRODUCT, separatePage, stripePage, yen } from './support/shop';

/** Issue 27: payment records that tell the truth, and a price picker whose chosen prices each have a named remove button. */
const SCREENS = 'test-results/e2e-payment-records';

for (const lang of languages) {
  test.describe(`Payment records (${lang})`, () => {
    test('after declined cards, the history lists only the payment that was made, for the member and the operator', async ({ page }) => {
      test.setTimeout(240_000);
      const buyer = await newBuyer(page, lang, 'records');
      await openPremium(page, lang);
      await offer(page, ONE_TIME.nickname).getByRole('button', { name: t(lang, 'purchases:offer.buy') }).click();
      await payWithCard(page, lang, '4000 0000 0000 0002', 'pay');
      await expect(page.getByRole('alert')).toBeVisible();
      await page.getByRole('button', { name: stripePage[lang].cancel }).click();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'errors:payment/card_declined') })).toBeVisible();

      // Nothing was charged: the history has no payment, not a "Processing" one.
      await page.goto(`/user/${DEMO_TEAM_ID}/setting/paid_history?lang=${lang}`);
      await expect(page.getByText(t(lang, 'purchases:history.noPayments'))).toBeVisible();
      await expect(page.getByText(t(lang, 'purchases:state.pending'), { exact: true })).toHaveCount(0);

      // Then a good card: one payment, named by its product and price.
      await openPremium(page, lang);
      await offer(page, ONE_TIME.nickname).getByRole('button', { name: t(lang, 'purchases:offer.buy') }).click();
      await payWithCard(page, lang, '4242 4242 4242 4242', 'pay');
      await expect(page).toHaveURL(/checkout=success/);
      await page.goto(`/user/${DEMO_TEAM_ID}/setting/paid_history?lang=${lang}`);
      const rows = page.getByRole('table').first().getByRole('row').filter({ hasText: PRODUCT });
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(ONE_TIME.nickname);
      await expect(rows.first()).toContainText(t(lang, 'purchases:state.success'));
      await expect(page.getByText(t(lang, 'purchases:state.pending'), { exact: true })).toHaveCount(0);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENS}/member-history-phone-${lang}.png`, fullPage: true });

      // The operator's one-time purchases list of that member says the same.
      const admin = await separatePage(page.context().browser()!);
      await logInAdmin(admin, lang);
      await admin.goto(`/admin/user/${buyer.userId}/paid_history/one_time?lang=${lang}`);
      const adminRows = admin.getByRole('row').filter({ hasText: PRODUCT });
      await expect(adminRows).toHaveCount(1);
      await expect(adminRows.first()).toContainText(ONE_TIME.nickname);
      await expect(adminRows.first()).toContainText(t(lang, 'payments:memberHistory.state.success'));
      await admin.close();
    });

    test("each price chosen on the video form has a remove button named for it, usable from the keyboard", async ({ page }) => {
      test.setTimeout(120_000);
      await logInAdmin(page, lang);
      await page.goto(`/admin/video/${PREMIUM_VIDEO}/edit?lang=${lang}`);
      const label = (nickname: string, amount: number) => t(lang, 'payments:videoPrices.option', { product: PRODUCT, nickname, amount: yen(lang, amount) });
      const removeOneTime = page.getByRole('button', { name: t(lang, 'payments:videoPrices.remove', { price: label(ONE_TIME.nickname, ONE_TIME.amount) }), exact: true });
      const removeMonthly = page.getByRole('button', { name: t(lang, 'payments:videoPrices.remove', { price: label(MONTHLY.nickname, MONTHLY.amount) }), exact: true });
      await expect(removeOneTime).toBeVisible();
      await expect(removeMonthly).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await removeOneTime.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENS}/price-picker-phone-${lang}.png`, fullPage: true });
      // By click, and by the keyboard.
      await removeOneTime.click();
      await expect(removeOneTime).toHaveCount(0);
      await removeMonthly.focus();
      await page.keyboard.press('Enter');
      await expect(removeMonthly).toHaveCount(0);
      // Left unsaved: the demo video keeps its prices for the other specs.
    });
  });
}
