import { expect, test, type Locator, type Page } from '@playwright/test';
import { languages, t, type Lang } from './support/i18n';
import { memberPage, operatorPage } from './support/operator';
import { joinAsMember, openCatalog, registerTeam } from './support/team-api';

/**
 * Issue 30: a long site name is never cut in a team's headers on a phone (it was "Demo …"). It wraps, in Japanese
 * between any two characters, and every character of it stays on screen beside the header's buttons.
 */
const shots = '.local/e2e-site-name/screenshots';
const LOAD = { timeout: 30_000 };
const PHONE = { width: 390, height: 844 };
const longNames: Record<Lang, string> = {
  ja: 'オンライン動画アカデミー・プレミアム会員サイト',
  en: 'Demo Video Academy for Professional Long-Form Training',
};

/** The name is whole: not clipped inside its box, and its box neither leaves the screen nor runs under the buttons. */
async function expectWhole(page: Page, name: Locator, buttons: Locator) {
  const box = await name.evaluate((el) => ({ clipped: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight, ellipsis: getComputedStyle(el).textOverflow }));
  expect(box).toEqual({ clipped: false, ellipsis: 'clip' });
  const [nameBox, buttonsBox] = [await name.boundingBox(), await buttons.boundingBox()];
  expect(nameBox!.x).toBeGreaterThanOrEqual(0);
  expect(nameBox!.x + nameBox!.width).toBeLessThanOrEqual(buttonsBox!.x);
  expect(nameBox!.x + nameBox!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

for (const lang of languages) {
  test.describe(`a long site name on a phone (${lang})`, () => {
    test('the member, catalog and admin headers show the whole name', async ({ page, request }) => {
      test.setTimeout(120_000);
      const siteName = longNames[lang];
      const team = await registerTeam(request, `site-name-${lang}`, { siteName });
      await openCatalog(request, team);
      const member = await joinAsMember(request, team, `site-name-${lang}`);
      await page.setViewportSize(PHONE);

      await memberPage(page, lang, team.teamId, member);
      const header = page.getByRole('banner');
      const memberName = header.getByRole('heading', { level: 2 }).getByText(siteName, { exact: true });
      await expect(memberName).toBeVisible(LOAD);
      // On a phone the search button is the first of the header's buttons.
      await expectWhole(page, memberName, header.getByRole('link', { name: t(lang, 'videolist:search.open') }));
      await page.screenshot({ path: `${shots}/member-header-${lang}.png` });
      // The language switch left the phone's header for the menu, where it still changes the language.
      const other = lang === 'en' ? 'ja' : 'en';
      await expect(header.getByRole('radiogroup', { name: t(lang, 'common:language.label') })).toBeHidden();
      await header.getByRole('button', { name: t(lang, 'member:nav.toggle') }).click();
      const menu = page.getByRole('navigation', { name: t(lang, 'member:nav.label') });
      await menu.getByRole('radiogroup', { name: t(lang, 'common:language.label') }).getByText(t(other, `common:language.${other}`)).click();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await page.screenshot({ path: `${shots}/member-menu-${lang}.png` });
      await page
        .getByRole('navigation', { name: t(other, 'member:nav.label') })
        .getByRole('radiogroup', { name: t(other, 'common:language.label') }).getByText(t(lang, `common:language.${lang}`)).click();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);

      await page.goto(`/catalog/${team.teamId}?lang=${lang}`);
      const catalogName = page.getByRole('link').getByText(siteName, { exact: true });
      await expect(catalogName).toBeVisible(LOAD);
      // The language switch is the first of the catalog header's controls.
      await expectWhole(page, catalogName, page.getByRole('banner').getByRole('radiogroup', { name: t(lang, 'common:language.label') }));
      await page.screenshot({ path: `${shots}/catalog-header-${lang}.png` });

      // The operator's own header on a phone: the same name, whole, with the language switch in the menu.
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await operatorPage(page, lang, team);
      const adminHeader = page.getByRole('banner');
      const adminName = adminHeader.getByRole('heading', { level: 2 }).getByText(siteName, { exact: true });
      await expect(adminName).toBeVisible(LOAD);
      await expectWhole(page, adminName, adminHeader.getByRole('button', { name: t(lang, 'admin:header.logout') }));
      await expect(adminHeader.getByRole('radiogroup', { name: t(lang, 'common:language.label') })).toBeHidden();
      await page.screenshot({ path: `${shots}/admin-header-${lang}.png` });

      // At laptop width the whole name sits beside the switch and the buttons.
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectWhole(page, adminName, adminHeader.getByRole('radiogroup', { name: t(lang, 'common:language.label') }));
      await page.screenshot({ path: `${shots}/admin-header-${lang}-laptop.png` });
    });
  });
}
