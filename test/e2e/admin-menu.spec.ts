import { expect, test, type Page } from '@playwright/test';
import { ADMIN_MENU_OPEN_STORAGE_KEY, adminMenuSectionKeys, type AdminMenuSectionKey } from '../../web/src/routes/admin/admin-menu';
import { languages, t, type Lang } from './support/i18n';
import { logIn } from './support/operator';
import { newDemoAdministrator } from './support/platform';
import { demoAdmin } from './support/shop';

const shots = 'test-results/e2e-admin-menu';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function menu(page: Page, lang: Lang) {
  const nav = page.getByRole('navigation', { name: t(lang, 'admin:nav.label') });
  return {
    nav,
    section: (key: AdminMenuSectionKey) => nav.getByRole('button', { name: t(lang, `admin:menu.sections.${key}`), exact: true }),
    entry: (key: string) => nav.getByRole('link', { name: t(lang, `admin:nav.${key}`), exact: true }),
    /** A search result: the entry's label, then its section's name. */
    result: (key: string) => nav.getByRole('link', { name: new RegExp(`^${escape(t(lang, `admin:nav.${key}`))}`) }),
    search: nav.getByRole('searchbox', { name: t(lang, 'admin:menu.search') }),
  };
}

/** Signs the demo super administrator in with nothing remembered: the menu as it first shows. */
async function freshLogIn(page: Page, lang: Lang) {
  await page.goto(`/login?lang=${lang}`);
  await logIn(page, lang, demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.evaluate((key) => localStorage.removeItem(key), ADMIN_MENU_OPEN_STORAGE_KEY);
  await page.reload();
}

for (const lang of languages) {
  test.describe(`Admin menu (${lang})`, () => {
    test('sections, the current one open, search across both scripts, and navigation', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await freshLogIn(page, lang);
      const { nav, section, entry, result, search } = menu(page, lang);

      // The dashboard alone on top, then every section closed: the whole menu fits a laptop's screen.
      await expect(entry('dashboard')).toHaveAttribute('aria-current', 'page');
      for (const key of adminMenuSectionKeys) await expect(section(key)).toHaveAttribute('aria-expanded', 'false');
      await expect(entry('videos')).toBeHidden();
      await expect(section('site')).toBeInViewport();
      // The dashboard's start guide is untouched.
      await expect(page.getByRole('main').getByText(t(lang, 'admin:dashboard.guide.title'))).toBeVisible();
      await page.screenshot({ path: `${shots}/dashboard-${lang}.png` });

      // Opening a section shows its entries, Videos first among the contents.
      await section('contents').click();
      await expect(section('contents')).toHaveAttribute('aria-expanded', 'true');
      await entry('videos').click();
      await expect(page).toHaveURL(/\/admin\/video$/);
      await expect(entry('videos')).toHaveAttribute('aria-current', 'page');

      // A page opened by its address opens its section (a price page belongs to the products' section).
      await page.goto('/admin/stripe/product');
      await expect(section('sales')).toHaveAttribute('aria-expanded', 'true');
      await expect(entry('stripe')).toHaveAttribute('aria-current', 'page');
      await expect(section('members')).toHaveAttribute('aria-expanded', 'false');
      // The section the administrator opened is remembered.
      await expect(section('contents')).toHaveAttribute('aria-expanded', 'true');
      await section('contents').click();
      await expect(entry('videos')).toBeHidden();

      // Search: matching entries flat, each with its section's name; a section's name finds its entries too.
      await search.fill(lang === 'ja' ? 'メール' : 'mail');
      await expect(result('emailLog')).toContainText(t(lang, 'admin:menu.sections.mail'));
      await expect(result('inviteEmailLog')).toContainText(t(lang, 'admin:menu.sections.members'));
      await expect(result('workflows')).toBeVisible();
      await expect(result('videos')).toHaveCount(0);
      await expect(section('contents')).toHaveCount(0);
      await page.screenshot({ path: `${shots}/search-${lang}.png` });
      await result('emailLog').click();
      await expect(page).toHaveURL(/\/admin\/email_log_show$/);
      // Picking a result clears the search, and the page's section is open.
      await expect(search).toHaveValue('');
      await expect(section('mail')).toHaveAttribute('aria-expanded', 'true');
      await expect(entry('emailLog')).toHaveAttribute('aria-current', 'page');

      // Japanese typed in hiragana finds the katakana label; English is case-insensitive. Enter opens the first match.
      await search.fill(lang === 'ja' ? 'わーくふろー' : 'WORKFLOW');
      await expect(result('workflows')).toBeVisible();
      await search.press('Enter');
      await expect(page).toHaveURL(/\/admin\/workflow$/);
      await expect(entry('workflows')).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

      // Nothing found says so; Escape clears; so does the clear button.
      await search.fill('zzzz');
      await expect(search).toHaveValue('zzzz');
      await expect(nav.getByText(t(lang, 'admin:menu.noResults'))).toBeVisible();
      await search.press('Escape');
      await expect(search).toHaveValue('');
      await expect(section('contents')).toBeVisible();
      await search.fill(lang === 'ja' ? 'タグ' : 'tag');
      await expect(result('tags')).toBeVisible();
      await nav.getByRole('button', { name: t(lang, 'admin:menu.clear') }).click();
      await expect(search).toHaveValue('');
      await expect(section('contents')).toBeVisible();

      // Sections are opened and closed by keyboard too.
      await section('members').focus();
      await page.keyboard.press('Enter');
      await expect(section('members')).toHaveAttribute('aria-expanded', 'true');
      await expect(entry('users')).toBeVisible();
      await page.waitForTimeout(300); // the section's opening animation, for the picture only
      await page.screenshot({ path: `${shots}/sections-${lang}.png` });
    });

    test('on a phone the menu is a drawer that closes after picking an entry', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await freshLogIn(page, lang);
      const { nav, section, entry } = menu(page, lang);
      const burger = page.getByRole('banner').getByRole('button', { name: t(lang, 'admin:nav.toggle') });

      await expect(nav).not.toBeInViewport();
      await burger.click();
      await expect(nav).toBeInViewport();
      await section('feedback').click();
      await expect(entry('analytics')).toBeVisible();
      await page.waitForTimeout(300); // the section's opening animation, for the picture only
      await page.screenshot({ path: `${shots}/phone-drawer-${lang}.png` });
      await entry('enquete').click();
      await expect(page).toHaveURL(/\/admin\/enquete$/);
      await expect(nav).not.toBeInViewport();

      // Opened again, the drawer shows the current page's section open.
      await burger.click();
      await expect(nav).toBeInViewport();
      await expect(section('feedback')).toHaveAttribute('aria-expanded', 'true');
      await expect(entry('enquete')).toHaveAttribute('aria-current', 'page');
      await page.screenshot({ path: `${shots}/phone-drawer-current-${lang}.png` });
    });

    test('an administrator sees only the sections their categories fill', async ({ page }) => {
      const email = `e2e-menu-designer-${lang}-${Date.now().toString(36)}@example.com`;
      const password = 'e2e-password-1';
      await newDemoAdministrator({ email, password, name: `Designer ${lang}`, categories: ['designer'] });
      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, email, password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      const { nav, section, entry, search } = menu(page, lang);

      await expect(section('site')).toBeVisible();
      await expect(nav.getByRole('button')).toHaveCount(1);
      await expect(entry('siteCustomize')).toBeVisible();
      await expect(entry('profile')).toBeVisible();
      await expect(entry('basicInfo')).toHaveCount(0);
      // Three entries need no search box.
      await expect(search).toHaveCount(0);
    });
  });
}
