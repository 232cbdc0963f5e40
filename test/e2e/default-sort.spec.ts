import { expect, test, type Page } from '@playwright/test';
import { languages, t, type Lang } from './support/i18n';
import { demoAdminPage, memberPage } from './support/operator';

const DEMO_TEAM = '01DEMOTEAM0000000000000000';
const DEMO_CATEGORY = '01DEMOCATEGORY000000000001';
/** local/seed-videos.ts: released 2024/04/01 and 2024/04/02. */
const WELCOME = 'はじめての動画 / Welcome';
const COLOUR_BARS = 'カラーバー / Colour bars';
const demoMember = { email: 'member@demo.example', password: 'demo-password' };

/** Picks an option of a Mantine select by its label and option text. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function setDefaultSort(page: Page, lang: Lang, order: string, direction: 'asc' | 'desc') {
  await page.goto(`/admin/general_setting/basic_info?lang=${lang}`);
  await choose(page, t(lang, 'basicinfo:fields.sortOrder'), t(lang, `basicinfo:sorts.${order}`));
  await choose(page, t(lang, 'basicinfo:fields.sortDirection'), t(lang, `basicinfo:directions.${direction}`));
  await page.getByRole('button', { name: t(lang, 'basicinfo:submit'), exact: true }).click();
  await expect(page.getByText(t(lang, 'basicinfo:saved'))).toBeVisible();
}

/** Which of the two demo videos the category list shows first ('loading' while it has not both). */
async function firstOfTwo(page: Page): Promise<string> {
  const titles = await page.getByRole('main').getByRole('listitem').allInnerTexts();
  const at = (title: string) => titles.findIndex((text) => text.includes(title));
  if (at(WELCOME) < 0 || at(COLOUR_BARS) < 0) return 'loading';
  return at(WELCOME) < at(COLOUR_BARS) ? 'welcome' : 'colour bars';
}

for (const lang of languages) {
  test.describe(`Default sort order (${lang})`, () => {
    test('the operator sets the member lists to title, descending; a member list naming no order follows it', async ({ browser }) => {
      test.setTimeout(180_000);
      const admin = await browser.newPage();
      await demoAdminPage(admin, lang);
      const member = await browser.newPage();
      await memberPage(member, lang, DEMO_TEAM, demoMember);
      const category = `/user/${DEMO_TEAM}/videos/category/${DEMO_CATEGORY}?lang=${lang}`;
      try {
        // Newest release first (the default): the colour bars (2024/04/02) before the welcome (2024/04/01).
        await member.goto(category);
        await expect.poll(() => firstOfTwo(member)).toBe('colour bars');
        await setDefaultSort(admin, lang, 'title', 'desc');
        // Title descending: はじめて after からー in kana order, so the welcome comes first.
        await member.goto(category);
        await expect.poll(() => firstOfTwo(member)).toBe('welcome');
        await expect(member.getByLabel(t(lang, 'videolist:sort.label'))).toHaveValue('');
      } finally {
        await setDefaultSort(admin, lang, 'releaseDate', 'desc');
      }
      await member.goto(category);
      await expect.poll(() => firstOfTwo(member)).toBe('colour bars');
    });
  });
}
