import { expect, test, type Page } from '@playwright/test';
import { languages, t, type Lang } from './support/i18n';
import { logIn } from './support/operator';
import { separatePage } from './support/shop';
import { joinAsMember, openCatalog, registerTeam } from './support/team-api';

/**
 * SPEC §2 site_customize/color and SPEC §3 Design, both languages: an operator's low-contrast accent is refused
 * with the message naming the pair; the accent and the dark theme they then save show at once on the member home
 * and on /lp/:teamId (computed styles of known elements and of the page's body).
 */
const shots = '.local/e2e-site-design';

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const ACCENT = '#ff922b';
const TOO_DARK_ACCENT = '#25262b';
/** The dark theme's starting colours (shared/api/calls/site-design.ts themeDefaults.dark). */
const DARK = { text: '#c9c9c9', background: '#1a1b1e' };

const OVERVIEW = 'Learn at your own pace with our video lessons.';
/** A 1x1 PNG, as the banner. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const colourField = (page: Page, lang: Lang, key: string) => page.getByRole('textbox', { name: t(lang, `design:color.${key}`), exact: true });

for (const lang of languages) {
  test.describe(`site design (${lang})`, () => {
    test('an accent and the dark theme show on the member home and the LP; a low contrast is refused', async ({ page, request, browser }) => {
      test.setTimeout(150_000);
      const team = await registerTeam(request, `design-${lang}`);
      const member = await joinAsMember(request, team, `design-${lang}`);
      // Public access on, so the LP shows its content too.
      await openCatalog(request, team);

      // The operator opens the design's colour page from the admin menu.
      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, team.operator.email, team.operator.password);
      await expect(page).toHaveURL(/\/admin/);
      await page.getByRole('link', { name: t(lang, 'admin:nav.siteCustomize'), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/site_customize\/color$/);
      await expect(page.getByRole('heading', { name: t(lang, 'design:pageTitle') })).toBeVisible();

      // Dark theme: text and background start from the theme's colours; an accent too close to the background is refused.
      await page.getByRole('radio', { name: t(lang, 'design:color.themes.dark') }).check();
      await expect(colourField(page, lang, 'backgroundColor')).toHaveValue(DARK.background);
      await expect(colourField(page, lang, 'textColor')).toHaveValue(DARK.text);
      await colourField(page, lang, 'accentColor').fill(TOO_DARK_ACCENT);
      await page.getByRole('button', { name: t(lang, 'design:save'), exact: true }).click();
      const refusal = t(lang, 'errors:validation/low_contrast_accent', { min: 3 });
      await expect(page.getByText(refusal)).toBeVisible();
      await expect(colourField(page, lang, 'accentColor')).toHaveAttribute('aria-invalid', 'true');
      await page.screenshot({ path: `${shots}/refused-${lang}.png`, fullPage: true });

      await colourField(page, lang, 'accentColor').fill(ACCENT);
      await page.getByRole('button', { name: t(lang, 'design:save'), exact: true }).click();
      await expect(page.getByText(t(lang, 'design:saved')).last()).toBeVisible();
      await expect(page.getByText(refusal)).toHaveCount(0);
      // The admin area keeps the product's own look.
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

      // The LP's overview and banner (an image uploaded as the designer picks it).
      await page.getByRole('tab', { name: t(lang, 'design:tabs.lp') }).click();
      await expect(page).toHaveURL(/\/admin\/site_customize\/lp$/);
      await page.getByRole('textbox', { name: t(lang, 'design:lp.overview') }).fill(OVERVIEW);
      await page.getByRole('group', { name: t(lang, 'design:lp.banner') }).locator('input[type="file"]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByRole('group', { name: t(lang, 'design:lp.banner') }).getByText(t(lang, 'common:imageField.set'))).toBeVisible();
      await page.getByRole('button', { name: t(lang, 'design:save'), exact: true }).click();
      await expect(page.getByText(t(lang, 'design:saved')).last()).toBeVisible();

      // A member's home: dark scheme, the design's background and text, the accent on the current menu item.
      const memberPage = await separatePage(browser);
      await memberPage.goto(`/login/${team.teamId}?lang=${lang}`);
      await logIn(memberPage, lang, member.email, member.password);
      await expect(memberPage).toHaveURL(new RegExp(`/user/${team.teamId}$`));
      await expect(memberPage.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await expect(memberPage.locator('body')).toHaveCSS('background-color', rgb(DARK.background));
      await expect(memberPage.locator('body')).toHaveCSS('color', rgb(DARK.text));
      const home = memberPage.getByRole('navigation', { name: t(lang, 'member:nav.label') }).getByRole('link', { name: t(lang, 'member:nav.home') });
      await expect(home).toHaveAttribute('aria-current', 'page');
      await expect(home).toHaveCSS('color', rgb(ACCENT));
      await memberPage.screenshot({ path: `${shots}/member-home-${lang}.png`, fullPage: true });

      // The LP: same design; its login call to action is an accent button.
      await memberPage.goto(`/lp/${team.teamId}?lang=${lang}`);
      await expect(memberPage.getByRole('heading', { name: team.operator.siteName, level: 1 })).toBeVisible();
      await expect(memberPage.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await expect(memberPage.locator('body')).toHaveCSS('background-color', rgb(DARK.background));
      await expect(memberPage.getByText(OVERVIEW)).toBeVisible();
      const banner = memberPage.getByRole('img', { name: t(lang, 'design:lpPage.banner', { site: team.operator.siteName }) });
      await expect(banner).toBeVisible();
      await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
      const login = memberPage.getByRole('link', { name: t(lang, 'design:lpPage.login') });
      await expect(login).toHaveCSS('background-color', rgb(ACCENT));
      await expect(login).toHaveAttribute('href', `/login/${team.teamId}`);
      await memberPage.screenshot({ path: `${shots}/lp-${lang}.png`, fullPage: true });
      await memberPage.close();
    });

    test('header order by keyboard, the analytics tag from basic info and the after-login page from app settings reach members', async ({ page, request, browser }) => {
      test.setTimeout(150_000);
      const team = await registerTeam(request, `design-order-${lang}`);
      const member = await joinAsMember(request, team, `design-order-${lang}`);
      const GA = 'G-E2ETEST123';

      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, team.operator.email, team.operator.password);
      await expect(page).toHaveURL(/\/admin/);

      // Header menu order: "News" moved above "Home" with the keyboard (Space, ArrowUp, Space on its handle).
      await page.goto(`/admin/site_customize/header_item_order?lang=${lang}`);
      const list = page.getByRole('list', { name: t(lang, 'design:order.headerItemOrder') });
      const news = t(lang, 'member:nav.news');
      const home = t(lang, 'member:nav.home');
      await expect(list.getByRole('listitem').first()).toHaveAccessibleName(home);
      const handle = page.getByRole('button', { name: t(lang, 'design:order.drag', { item: news }), exact: true });
      await handle.focus();
      await page.keyboard.press('Space');
      // Picked up (dnd-kit marks the handle pressed) before it is moved and dropped.
      await expect(handle).toHaveAttribute('aria-pressed', 'true');
      // The arrow moves it once the list is measured: the (localised) live announcement says where it is.
      await expect(async () => {
        await page.keyboard.press('ArrowUp');
        await expect(page.getByText(t(lang, 'design:order.movedOver', { item: news, over: home }))).toHaveCount(1, { timeout: 1000 });
      }).toPass();
      await page.keyboard.press('Space');
      await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
      await expect(list.getByRole('listitem').first()).toHaveAccessibleName(news);
      await page.getByRole('button', { name: t(lang, 'design:save'), exact: true }).click();
      await expect(page.getByText(t(lang, 'design:saved')).last()).toBeVisible();

      // Basic info: a wrong tag id is refused by its shape, a right one saved.
      await page.getByRole('link', { name: t(lang, 'admin:nav.basicInfo'), exact: true }).click();
      const tagField = page.getByRole('textbox', { name: t(lang, 'basicinfo:fields.analyticsTagId') });
      await tagField.fill('UA-1234-1');
      await page.getByRole('button', { name: t(lang, 'basicinfo:submit'), exact: true }).click();
      await expect(page.getByText(t(lang, 'errors:validation/invalid_analytics_tag_id'))).toBeVisible();
      await tagField.fill(GA);
      await page.getByRole('button', { name: t(lang, 'basicinfo:submit'), exact: true }).click();
      await expect(page.getByText(t(lang, 'basicinfo:saved'))).toBeVisible();

      // App settings: members land on the news after logging in.
      await page.getByRole('link', { name: t(lang, 'admin:nav.appSetting'), exact: true }).click();
      await page.getByRole('combobox', { name: t(lang, 'appsettings:fields.afterLoginPath') }).click();
      await page.getByRole('option', { name: news, exact: true }).click();
      await page.getByRole('button', { name: t(lang, 'appsettings:submit'), exact: true }).click();
      await expect(page.getByText(t(lang, 'appsettings:saved'))).toBeVisible();

      // The member's menu starts with News; the page loads the tag once (the request itself is kept offline).
      const memberPage = await separatePage(browser);
      await memberPage.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
      await memberPage.goto(`/login/${team.teamId}?lang=${lang}`);
      await logIn(memberPage, lang, member.email, member.password);
      await expect(memberPage).toHaveURL(new RegExp(`/user/${team.teamId}/news$`));
      const nav = memberPage.getByRole('navigation', { name: t(lang, 'member:nav.label') });
      await expect(nav.getByRole('link').first()).toHaveAccessibleName(news);
      await expect(memberPage.locator(`script[src="https://www.googletagmanager.com/gtag/js?id=${GA}"]`)).toHaveCount(1);
      await nav.getByRole('link', { name: home, exact: true }).click();
      await expect(memberPage).toHaveURL(new RegExp(`/user/${team.teamId}$`));
      await expect(memberPage.locator('script[src*="googletagmanager.com"]')).toHaveCount(1);
      await memberPage.close();
    });

    test("basic info's logo, favicon, footer and social links show on the member area, the catalog and the LP", async ({ page, request, browser }) => {
      test.setTimeout(150_000);
      const team = await registerTeam(request, `design-brand-${lang}`);
      const member = await joinAsMember(request, team, `design-brand-${lang}`);
      await openCatalog(request, team);
      const FOOTER = { label: 'Terms of use', url: 'https://example.com/terms' };
      const SOCIAL = 'https://www.youtube.com/@e2e-academy';

      await page.goto(`/login?lang=${lang}`);
      await logIn(page, lang, team.operator.email, team.operator.password);
      await expect(page).toHaveURL(/\/admin/);
      await page.goto(`/admin/general_setting/basic_info?lang=${lang}`);
      for (const field of ['logoKey', 'faviconKey']) {
        const group = page.getByRole('group', { name: t(lang, `basicinfo:fields.${field}`), exact: true });
        await group.locator('input[type="file"]').setInputFiles({ name: `${field}.png`, mimeType: 'image/png', buffer: PNG });
        await expect(group.getByText(t(lang, 'common:imageField.set'))).toBeVisible();
      }
      await page.getByRole('button', { name: t(lang, 'basicinfo:addFooterLink') }).click();
      await page.getByRole('textbox', { name: t(lang, 'basicinfo:fields.linkLabel', { n: 1 }) }).fill(FOOTER.label);
      await page.getByRole('group', { name: t(lang, 'basicinfo:fields.footerLinks') }).getByRole('textbox', { name: t(lang, 'basicinfo:fields.linkUrl', { n: 1 }) }).fill(FOOTER.url);
      await page.getByRole('button', { name: t(lang, 'basicinfo:addSocialLink') }).click();
      const social = page.getByRole('group', { name: t(lang, 'basicinfo:fields.socialLinks') });
      await social.getByRole('combobox', { name: t(lang, 'basicinfo:fields.socialKind', { n: 1 }) }).click();
      await page.getByRole('option', { name: t(lang, 'common:siteFooter.social.youtube'), exact: true }).click();
      await social.getByRole('textbox', { name: t(lang, 'basicinfo:fields.linkUrl', { n: 1 }) }).fill(SOCIAL);
      await page.getByRole('button', { name: t(lang, 'basicinfo:submit'), exact: true }).click();
      await expect(page.getByText(t(lang, 'basicinfo:saved'))).toBeVisible();

      /** The header's logo has loaded, the document's icon is the site's, and the footer holds both links. */
      const expectBrand = async (visitor: Page, shot: string) => {
        const logo = visitor.locator('header img').first();
        await expect(logo).toBeVisible();
        await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
        // The product's own icon (web/index.html) is replaced by the uploaded favicon, a different image than the logo.
        const icon = visitor.locator('link[rel~="icon"]');
        await expect(icon).not.toHaveAttribute('href', '/favicon.svg');
        const iconHref = await icon.getAttribute('href');
        expect(iconHref).not.toBe(await logo.getAttribute('src'));
        expect((await visitor.request.get(iconHref!)).status()).toBe(200);
        const footer = visitor.getByRole('contentinfo').getByRole('navigation', { name: t(lang, 'common:siteFooter.label') });
        await expect(footer.getByRole('link', { name: FOOTER.label })).toHaveAttribute('href', FOOTER.url);
        await expect(footer.getByRole('link', { name: t(lang, 'common:siteFooter.social.youtube') })).toHaveAttribute('href', SOCIAL);
        await visitor.screenshot({ path: `${shots}/${shot}-${lang}.png`, fullPage: true });
      };

      const memberPage = await separatePage(browser);
      await memberPage.goto(`/login/${team.teamId}?lang=${lang}`);
      await logIn(memberPage, lang, member.email, member.password);
      await expect(memberPage).toHaveURL(new RegExp(`/user/${team.teamId}$`));
      await expectBrand(memberPage, 'brand-member');
      await memberPage.close();

      const visitor = await separatePage(browser);
      await visitor.goto(`/catalog/${team.teamId}?lang=${lang}`);
      await expect(visitor.getByRole('link', { name: team.operator.siteName })).toBeVisible();
      await expectBrand(visitor, 'brand-catalog');
      await visitor.goto(`/lp/${team.teamId}?lang=${lang}`);
      await expect(visitor.getByRole('heading', { name: team.operator.siteName, level: 1 })).toBeVisible();
      await expectBrand(visitor, 'brand-lp');
      await visitor.close();
    });
  });
}
