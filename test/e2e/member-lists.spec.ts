import { expect, test, type Locator, type Page } from '@playwright/test';
import enMember from '../../web/src/i18n/en/member.json' with { type: 'json' };
import enPlayer from '../../web/src/i18n/en/player.json' with { type: 'json' };
import enVideolist from '../../web/src/i18n/en/videolist.json' with { type: 'json' };
import jaMember from '../../web/src/i18n/ja/member.json' with { type: 'json' };
import jaPlayer from '../../web/src/i18n/ja/player.json' with { type: 'json' };
import jaVideolist from '../../web/src/i18n/ja/videolist.json' with { type: 'json' };
import { languages, type Lang } from './support/i18n';
import { logIn } from './support/operator';

const DEMO_TEAM = '01DEMOTEAM0000000000000000';
const DEMO_CATEGORY = 'デモ / Demo';
const DEMO_CREATOR = 'Demo Studio';
/** local/seed-videos.ts: both listed demo videos are in the demo category; the draft is private. */
const WELCOME = 'はじめての動画 / Welcome';
const COLOUR_BARS = 'カラーバー / Colour bars';
const DRAFT = '下書き / Draft';
const demoMember = { email: 'member@demo.example', password: 'demo-password' };
/** Outside test-results, which another e2e run may clear meanwhile. */
const SCREENS = '.local/e2e-member-lists-screens';

/** This feature's own namespaces (the shared helper knows admin, auth, common and errors). */
const own = {
  en: { member: enMember, player: enPlayer, videolist: enVideolist },
  ja: { member: jaMember, player: jaPlayer, videolist: jaVideolist },
} as const;
function tl(lang: Lang, nsKey: string, values: Record<string, string> = {}): string {
  const [ns, key] = nsKey.split(':') as [keyof (typeof own)['en'], string];
  let node: unknown = own[lang][ns];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No ${lang} string for ${nsKey}`);
  return node.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');
}

const nav = (page: Page, lang: Lang, key: string) =>
  page.getByRole('navigation', { name: tl(lang, 'member:nav.label') }).getByRole('link', { name: tl(lang, `member:nav.${key}`), exact: true });

type Img = HTMLImageElement;
const loadedWidth = (img: Locator) => img.evaluate((i: Img) => (i.complete ? i.naturalWidth : 0));

/**
 * The demo seed encodes its clips (and so their thumbnails) in the background after the first start:
 * reload the category list until the video's card shows a loaded thumbnail.
 */
async function waitForThumbnail(page: Page, card: Locator) {
  for (let attempt = 0; ; attempt++) {
    await expect(card).toBeVisible();
    const img = card.locator('img');
    if ((await img.count()) > 0) {
      await expect.poll(() => loadedWidth(img), { timeout: 10_000 }).toBeGreaterThan(0);
      return;
    }
    if (attempt > 60) throw new Error('The demo video has no thumbnail yet');
    await page.waitForTimeout(2000);
    await page.reload();
  }
}

for (const lang of languages) {
  test.describe(`Member video lists (${lang})`, () => {
    test('the demo member browses a category, searches in Japanese and opens the popular list', async ({ page }) => {
      test.setTimeout(240_000);
      await page.goto(`/login/${DEMO_TEAM}?lang=${lang}`);
      await logIn(page, lang, demoMember.email, demoMember.password);
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM}$`));
      const main = page.getByRole('main');

      // Categories -> the demo category -> its videos, with thumbnails.
      await nav(page, lang, 'categories').click();
      await expect(page.getByRole('heading', { level: 1, name: tl(lang, 'videolist:titles.categories') })).toBeVisible();
      await main.getByRole('link', { name: DEMO_CATEGORY }).click();
      await expect(page).toHaveURL(/\/videos\/category\/01DEMOCATEGORY000000000001$/);
      await expect(page.getByRole('heading', { level: 1, name: DEMO_CATEGORY })).toBeVisible();
      const welcome = main.getByRole('listitem').filter({ hasText: WELCOME });
      await waitForThumbnail(page, welcome);
      await expect(main.getByRole('listitem').filter({ hasText: COLOUR_BARS })).toBeVisible();
      await expect(main.getByText(DRAFT)).toHaveCount(0);
      await page.screenshot({ path: `${SCREENS}/category-desktop-${lang}.png`, fullPage: true });
      await welcome.getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();

      // Search from the header by a Japanese word of the title; kana finds it, the other video is not listed.
      const headerSearch = page.getByRole('banner').getByRole('searchbox', { name: tl(lang, 'videolist:search.label') });
      await headerSearch.fill('はじめて');
      await headerSearch.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/videos/search/${encodeURIComponent('はじめて')}$`));
      await expect(page.getByRole('heading', { level: 1, name: tl(lang, 'videolist:search.resultsFor', { query: 'はじめて' }) })).toBeVisible();
      await expect(main.getByRole('link', { name: WELCOME })).toBeVisible();
      await expect(main.getByText(COLOUR_BARS)).toHaveCount(0);
      await expect(headerSearch).toHaveValue('はじめて');
      await page.screenshot({ path: `${SCREENS}/search-desktop-${lang}.png`, fullPage: true });

      // A search with no match says so; the search form on the page takes the next query.
      const pageSearch = main.getByRole('searchbox', { name: tl(lang, 'videolist:search.label') });
      await expect(pageSearch).toHaveValue('はじめて');
      await pageSearch.fill('存在しない動画xyz');
      await main.getByRole('button', { name: tl(lang, 'videolist:search.submit') }).click();
      await expect(main.getByText(tl(lang, 'videolist:search.noMatch', { query: '存在しない動画xyz' }))).toBeVisible();

      // Popular opens (empty or not, depending on what was played in the last 30 days).
      await nav(page, lang, 'popular').click();
      await expect(page.getByRole('heading', { level: 1, name: tl(lang, 'videolist:titles.popular') })).toBeVisible();
      await expect(headerSearch).toHaveValue('');
      await page.screenshot({ path: `${SCREENS}/popular-desktop-${lang}.png`, fullPage: true });
      await expect(main.getByText(tl(lang, 'videolist:list.popularEmpty')).or(main.getByRole('list'))).toBeVisible();

      // Creators -> the demo creator's profile and videos.
      await nav(page, lang, 'creators').click();
      await main.getByRole('link', { name: DEMO_CREATOR }).click();
      await expect(page.getByRole('heading', { level: 1, name: DEMO_CREATOR })).toBeVisible();
      await expect(main.getByText('Makes test patterns.')).toBeVisible();
      await expect(main.getByRole('link', { name: WELCOME })).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/creator-desktop-${lang}.png`, fullPage: true });

      // An unknown category is a not-found page with a way back.
      await page.goto(`/user/${DEMO_TEAM}/videos/category/01UNKNOWNCATEGORY000000000?lang=${lang}`);
      await expect(page.getByRole('heading', { name: tl(lang, 'videolist:notFound.category') })).toBeVisible();
      await main.getByRole('link', { name: tl(lang, 'videolist:notFound.back') }).click();
      await expect(page.getByRole('heading', { level: 1, name: tl(lang, 'videolist:titles.categories') })).toBeVisible();
    });

    test('the member sorts a category by title both ways, and the address keeps the sort', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto(`/login/${DEMO_TEAM}?lang=${lang}`);
      await logIn(page, lang, demoMember.email, demoMember.password);
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM}$`));
      await page.goto(`/user/${DEMO_TEAM}/videos/category/01DEMOCATEGORY000000000001`);
      const main = page.getByRole('main');
      const order = async () => {
        const titles = await main.getByRole('listitem').allInnerTexts();
        const at = (title: string) => titles.findIndex((t) => t.includes(title));
        // While a page loads the two cards may not both be there yet.
        if (at(WELCOME) < 0 || at(COLOUR_BARS) < 0) return 'loading';
        return at(COLOUR_BARS) < at(WELCOME) ? 'colour bars first' : 'welcome first';
      };
      const sort = page.getByLabel(tl(lang, 'videolist:sort.label'));
      await expect(sort).toHaveValue('');
      // Titles as search folds them: カラーバー reads as からーばー, before はじめて.
      await sort.selectOption(tl(lang, 'videolist:sort.orders.titleAsc'));
      await expect(page).toHaveURL(/[?&]sort=titleAsc$/);
      await expect.poll(order).toBe('colour bars first');
      await sort.selectOption(tl(lang, 'videolist:sort.orders.titleDesc'));
      await expect(page).toHaveURL(/[?&]sort=titleDesc$/);
      await expect.poll(order).toBe('welcome first');
      await page.reload();
      await expect(sort).toHaveValue('titleDesc');
      await expect.poll(order).toBe('welcome first');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENS}/category-sorted-phone-${lang}.png`, fullPage: true });
      // Back to the team's default order.
      await sort.selectOption(tl(lang, 'videolist:sort.default'));
      await expect(page).not.toHaveURL(/sort=/);
    });

    test('on a phone the search is one tap away from the header and an empty search makes no call', async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/login/${DEMO_TEAM}?lang=${lang}`);
      await logIn(page, lang, demoMember.email, demoMember.password);
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM}$`));
      const main = page.getByRole('main');

      let searchCalls = 0;
      page.on('request', (r) => {
        // A search is the list call with a query.
        if (r.url().endsWith('/api/member_content/list') && 'query' in (r.postDataJSON() ?? {})) searchCalls += 1;
      });
      await page.getByRole('link', { name: tl(lang, 'videolist:search.open') }).click();
      await expect(page.getByRole('heading', { level: 1, name: tl(lang, 'videolist:titles.search') })).toBeVisible();
      await expect(main.getByText(tl(lang, 'videolist:search.enterQuery'))).toBeVisible();
      expect(searchCalls).toBe(0);

      await main.getByRole('searchbox', { name: tl(lang, 'videolist:search.label') }).fill('カラー');
      await main.getByRole('button', { name: tl(lang, 'videolist:search.submit') }).click();
      await expect(main.getByRole('link', { name: COLOUR_BARS })).toBeVisible();
      expect(searchCalls).toBe(1);
      await page.screenshot({ path: `${SCREENS}/search-phone-${lang}.png`, fullPage: true });

      for (const key of ['newer', 'categories', 'creators', 'popular'] as const) {
        await page.getByRole('button', { name: tl(lang, 'member:nav.toggle') }).click();
        await nav(page, lang, key).click();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(main.getByText(tl(lang, 'videolist:list.loading'))).toHaveCount(0);
        // Let the menu finish sliding away before the picture.
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${SCREENS}/${key}-phone-${lang}.png`, fullPage: true });
      }
    });
    test('a visitor browses the same lists in the catalog and sees only the public video', async ({ page }) => {
      test.setTimeout(180_000);
      const catalog = `/catalog/${DEMO_TEAM}`;
      const main = page.getByRole('main');
      await page.goto(`${catalog}/videos/categories?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: tl(lang, 'videolist:titles.categories') })).toBeVisible();
      await main.getByRole('link', { name: DEMO_CATEGORY }).click();
      await expect(page).toHaveURL(new RegExp(`${catalog}/videos/category/01DEMOCATEGORY000000000001$`));
      await expect(page.getByRole('heading', { level: 1, name: DEMO_CATEGORY })).toBeVisible();
      await waitForThumbnail(page, main.getByRole('listitem').filter({ hasText: WELCOME }));
      await expect(main.getByText(COLOUR_BARS)).toHaveCount(0);
      await page.screenshot({ path: `${SCREENS}/catalog-category-desktop-${lang}.png`, fullPage: true });

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${catalog}/videos/search/${encodeURIComponent('カラー')}?lang=${lang}`);
      await expect(main.getByText(tl(lang, 'videolist:search.noMatch', { query: 'カラー' }))).toBeVisible();
      await page.goto(`${catalog}/videos/search/${encodeURIComponent('はじめて')}?lang=${lang}`);
      await expect(main.getByRole('link', { name: WELCOME })).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/catalog-search-phone-${lang}.png`, fullPage: true });

      await page.goto(`${catalog}/creator/01UNKNOWNCREATOR0000000000?lang=${lang}`);
      await expect(page.getByRole('heading', { name: tl(lang, 'videolist:notFound.creator') })).toBeVisible();
      await main.getByRole('link', { name: tl(lang, 'videolist:notFound.back') }).click();
      await expect(page).toHaveURL(new RegExp(`${catalog}/videos/creators$`));
      await expect(main.getByRole('link', { name: DEMO_CREATOR })).toBeVisible();
    });
  });
}
