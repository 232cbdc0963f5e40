import { expect, test } from '@playwright/test';
import { languages, t } from './support/i18n';
import { logInAdmin, newBuyer, openPremium, PRODUCT, separatePage } from './support/shop';

const shots = '.local/e2e-product-thumbnail';
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** SPEC §3 Product thumbnail: uploaded on the product form, shown with the product's offers (alt = its name). */
for (const lang of languages) {
  test.describe(`Product thumbnail (${lang})`, () => {
    test('an operator uploads a product thumbnail; a member sees it with the offers, until it is removed', async ({ page }) => {
      test.setTimeout(240_000);
      await logInAdmin(page, lang);
      await page.goto(`/admin/stripe/product?lang=${lang}`);
      await page.getByRole('link', { name: PRODUCT, exact: true }).click();
      const imageField = page.getByRole('group', { name: t(lang, 'payments:product.fields.image') });
      await expect(imageField.getByText(t(lang, 'common:imageField.none'))).toBeVisible();
      await imageField.locator('input[type=file]').setInputFiles({ name: 'course.png', mimeType: 'image/png', buffer: PNG });
      await expect(imageField.getByText(t(lang, 'common:imageField.set'))).toBeVisible();
      await expect(page.getByRole('img', { name: PRODUCT })).toBeVisible();
      await page.getByRole('button', { name: t(lang, 'payments:actions.save') }).click();
      await expect(page.getByText(t(lang, 'payments:product.saved', { name: PRODUCT }))).toBeVisible();

      const member = await separatePage(page.context().browser()!, { viewport: { width: 390, height: 844 } });
      await newBuyer(member, lang, 'thumbnail');
      await openPremium(member, lang);
      const thumbnail = member.getByRole('img', { name: PRODUCT }).first();
      await expect(thumbnail).toBeVisible();
      // The signed address serves the image.
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
      await member.screenshot({ path: `${shots}/offer-phone-${lang}.png`, fullPage: true });

      // Removed again (the demo shop is shared by the other specs): the offers show no image.
      await page.getByRole('link', { name: PRODUCT, exact: true }).click();
      await page.getByRole('button', { name: t(lang, 'common:imageField.remove', { name: t(lang, 'payments:product.fields.image') }) }).click();
      await page.getByRole('button', { name: t(lang, 'payments:actions.save') }).click();
      await expect(page.getByText(t(lang, 'payments:product.saved', { name: PRODUCT }))).toBeVisible();
      await openPremium(member, lang);
      await expect(member.getByRole('button', { name: t(lang, 'purchases:offer.buy') }).first()).toBeVisible();
      await expect(member.getByRole('img', { name: PRODUCT })).toHaveCount(0);
      await member.close();
    });
  });
}
