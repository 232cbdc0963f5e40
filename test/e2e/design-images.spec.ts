import { expect, test, type Page } from '@playwright/test';
import { getDesignCall, type DesignAnswer } from '../../shared/api/calls/site-design';
import { languages, t } from './support/i18n';
import { memberPage, operatorPage } from './support/operator';
import { separatePage } from './support/shop';
import { asOperator, joinAsMember, registerTeam } from './support/team-api';

/**
 * SPEC §2 site_customize/image and SPEC §3 page kinds, both languages: the designer uploads an image for the
 * password reset page and the member home on the admin page; the reset page (/request_reset_password?tid=…) and the
 * member home (/user/:teamId) then show it, and a page whose kind has no image (the login page) shows none.
 * Each run registers its own team, so nothing of the shared demo team changes.
 */
const shots = '.local/e2e-design-images';
const PHONE = { width: 390, height: 844 };
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The page kind's image (components/design-page-image.tsx: decorative, so not an `img` role). */
const designImage = (page: Page) => page.locator('img[data-design-page-image]');

/** The page shows the image stored under `key` and it has loaded. */
async function expectDesignImage(page: Page, key: string) {
  const image = designImage(page);
  await expect(image).toHaveCount(1);
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('alt', '');
  await expect(image).toHaveAttribute('src', new RegExp(key.split('/').pop()!.replace(/\./g, '\\.')));
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
}

for (const lang of languages) {
  test.describe(`design page images (${lang})`, () => {
    test('the password reset and member home images the designer uploads show on those pages', async ({ page, request, browser }) => {
      test.setTimeout(150_000);
      const team = await registerTeam(request, `design-images-${lang}`);
      const member = await joinAsMember(request, team, `design-images-${lang}`);

      // The designer's page lists every kind, grouped, each with where it shows.
      await operatorPage(page, lang, team);
      await page.goto(`/admin/site_customize/image?lang=${lang}`);
      for (const group of ['signIn', 'joining', 'site']) await expect(page.getByRole('heading', { name: t(lang, `design:image.groups.${group}`), level: 2 })).toBeVisible();
      for (const kind of ['login', 'invite', 'resetPassword', 'twoFactor', 'emailVerification', 'unapproved', 'enquete', 'entry', 'memberTop', 'catalogTop']) {
        await expect(page.getByRole('group', { name: t(lang, `design:image.kinds.${kind}`), exact: true })).toBeVisible();
        await expect(page.getByText(t(lang, `design:image.hints.${kind}`), { exact: true })).toBeVisible();
      }
      for (const kind of ['resetPassword', 'memberTop']) {
        const group = page.getByRole('group', { name: t(lang, `design:image.kinds.${kind}`), exact: true });
        await group.locator('input[type="file"]').setInputFiles({ name: `${kind}.png`, mimeType: 'image/png', buffer: PNG });
        await expect(group.getByText(t(lang, 'common:imageField.set'))).toBeVisible();
      }
      await page.getByRole('button', { name: t(lang, 'design:save'), exact: true }).click();
      await expect(page.getByText(t(lang, 'design:saved')).last()).toBeVisible();
      const { design } = await asOperator<DesignAnswer>(request, team, getDesignCall.path, {});
      const { resetPassword, memberTop, login } = design.pageImages;
      expect(resetPassword).toBeTruthy();
      expect(memberTop).toBeTruthy();
      expect(memberTop).not.toBe(resetPassword);
      expect(login).toBeNull();

      // At phone width the form stays one readable column.
      await page.setViewportSize(PHONE);
      await page.reload();
      await expect(page.getByRole('group', { name: t(lang, 'design:image.kinds.resetPassword'), exact: true }).getByText(t(lang, 'common:imageField.set'))).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: `${shots}/admin-phone-${lang}.png`, fullPage: true });

      // A visitor who forgot their password: the team's reset page shows its image (phone width).
      const visitor = await separatePage(browser, { viewport: PHONE });
      await visitor.goto(`/request_reset_password?tid=${team.teamId}&lang=${lang}`);
      await expect(visitor.getByRole('heading', { name: t(lang, 'member:reset.requestTitle') })).toBeVisible();
      await expectDesignImage(visitor, resetPassword!);
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await visitor.screenshot({ path: `${shots}/reset-phone-${lang}.png`, fullPage: true });
      // Without the team in the link there is no team image.
      await visitor.goto(`/request_reset_password?lang=${lang}`);
      await expect(visitor.getByRole('heading', { name: t(lang, 'member:reset.requestTitle') })).toBeVisible();
      await expect(designImage(visitor)).toHaveCount(0);
      await visitor.close();

      // The member: the login page (no image of its own kind) shows none; the home shows its image.
      const memberTab = await separatePage(browser);
      await memberTab.goto(`/login/${team.teamId}?lang=${lang}`);
      await expect(memberTab.getByRole('button', { name: t(lang, 'auth:login.submit'), exact: true })).toBeVisible();
      await expect(designImage(memberTab)).toHaveCount(0);
      await memberPage(memberTab, lang, team.teamId, member);
      await expectDesignImage(memberTab, memberTop!);
      await memberTab.screenshot({ path: `${shots}/member-home-${lang}.png`, fullPage: true });
      await memberTab.close();
    });
  });
}
