import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { languages, t } from './support/i18n';
import { logIn } from './support/operator';
import { DEMO_TEAM_ID } from './support/platform';
import { newBuyer, offer, ONE_TIME, openPremium, separatePage } from './support/shop';

/**
 * SPEC §2 not-found pages for a product and a price, in both languages: a member whose chosen price the server
 * answers `price/not_found` (SPEC §8) gets the price's not-found page with the way back to the item; a catalog
 * visitor on a not-found page logs in and lands on the member area's same page (lib/catalog-path.ts).
 */
const shots = '.local/e2e-purchase-not-found/screenshots';
mkdirSync(shots, { recursive: true });
const PHONE = { width: 390, height: 844 };
const demoMember = { email: 'member@demo.example', password: 'demo-password' };
/** A price id no Stripe account of the demo team has. */
const MISSING_PRICE = 'price_e2enotfound0000000';

for (const lang of languages) {
  test.describe(`product and price not-found pages (${lang})`, () => {
    test('a member buying a price the shop does not have gets the price not-found page and goes back to the video', async ({ page }) => {
      test.setTimeout(180_000);
      await newBuyer(page, lang, 'price-not-found');
      await openPremium(page, lang);
      const videoUrl = page.url();
      // The price as if withdrawn after the page showed it: the checkout request names an id Stripe does not have,
      // and the real server answers it.
      await page.route('**/api/stripe/create_session', (route) =>
        route.continue({ postData: JSON.stringify({ ...(route.request().postDataJSON() as Record<string, unknown>), price: MISSING_PRICE }) }),
      );
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/stripe/create_session'));
      await offer(page, ONE_TIME.nickname).getByRole('button', { name: t(lang, 'purchases:offer.buy') }).click();
      const res = await answer;
      expect(res.status()).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('price/not_found');

      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/not_found/price$`));
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'purchases:notFound.price') })).toBeVisible();
      await expect(page.getByText(t(lang, 'purchases:notFound.body'))).toBeVisible();
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: `${shots}/member-price-${lang}-phone.png`, fullPage: true });
      await page.getByRole('link', { name: t(lang, 'purchases:notFound.back') }).click();
      await expect(page).toHaveURL(videoUrl.replace(/\?.*$/, ''));
    });

    test('a catalog visitor on the product not-found page logs in and lands on the member area’s same page', async ({ browser }) => {
      test.setTimeout(120_000);
      const visitor = await separatePage(browser);
      await visitor.goto(`/catalog/${DEMO_TEAM_ID}/not_found/product?lang=${lang}`);
      await expect(visitor.getByRole('heading', { level: 1, name: t(lang, 'purchases:notFound.product') })).toBeVisible();
      await visitor.screenshot({ path: `${shots}/catalog-product-${lang}.png`, fullPage: true });
      await visitor.getByRole('link', { name: t(lang, 'purchases:notFound.back') }).click();
      await expect(visitor).toHaveURL(new RegExp(`/catalog/${DEMO_TEAM_ID}$`));

      await visitor.goBack();
      await expect(visitor.getByRole('heading', { level: 1, name: t(lang, 'purchases:notFound.product') })).toBeVisible();
      await visitor.getByRole('link', { name: t(lang, 'catalog:header.memberLogin') }).click();
      await logIn(visitor, lang, demoMember.email, demoMember.password);
      await expect(visitor).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}/not_found/product`));
      await expect(visitor.getByRole('heading', { level: 1, name: t(lang, 'purchases:notFound.product') })).toBeVisible();
      await visitor.setViewportSize(PHONE);
      await visitor.screenshot({ path: `${shots}/member-product-${lang}-phone.png`, fullPage: true });
      await visitor.close();
    });
  });
}
