import { expect, test } from '@playwright/test';
import { languages, t } from './support/i18n';
import { logIn } from './support/operator';
import { newDemoAdministrator } from './support/platform';

/** A normal administrator of the demo team holding only the user-manager category (no contents manager). */
async function newUserManager(lang: string) {
  const email = `e2e-user-manager-${lang}-${Date.now().toString(36)}@example.com`;
  const password = 'e2e-password-1';
  await newDemoAdministrator({ email, password, name: `User manager ${lang}`, categories: ['userManager'] });
  return { email, password };
}

for (const lang of languages) {
  test(`an administrator without the contents-manager category sees the no-authority page on /admin/video (${lang})`, async ({ page }) => {
    const admin = await newUserManager(lang);
    await page.goto(`/login?lang=${lang}`);
    await logIn(page, lang, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    const nav = page.getByRole('navigation', { name: t(lang, 'admin:nav.label') });
    await expect(nav.getByRole('link', { name: t(lang, 'admin:nav.users'), exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: t(lang, 'admin:nav.videos'), exact: true })).toHaveCount(0);

    await page.goto(`/admin/video?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'common:noAuthority.title') })).toBeVisible();
    await expect(page.getByText(t(lang, 'common:noAuthority.body'))).toBeVisible();
    // The page itself never mounted: no video list heading, no failed call toast.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.screenshot({ path: `test-results/e2e-admin-authority/video-${lang}.png`, fullPage: true });

    await page.getByRole('link', { name: t(lang, 'common:noAuthority.toDashboard') }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
}
