import { expect, test, type Page } from '@playwright/test';
import { languages, t, type Lang } from './support/i18n';
import { DEMO_TEAM_ID } from './support/platform';
import { newBuyer } from './support/shop';

/**
 * SPEC §2 /user/:teamId/bookmark and /user/:teamId/watchLater, both languages, on the demo team: a member bookmarks
 * a video and a PDF and puts the video on "watch later" from their pages, finds them on the two lists (both types on
 * the bookmark page), takes the video off "watch later", and it is gone from that list.
 */
const shots = '.local/e2e-saved-items/screenshots';
/** local/seed-videos.ts and local/seed-contents.ts: the members' colour bars and the public course text. */
const VIDEO = { id: '01DEMOVIDE0000000000000002', title: 'カラーバー / Colour bars' };
const PDF = { id: '01DEMOPDF00000000000000001', title: 'テキスト / Course text' };
const base = `/user/${DEMO_TEAM_ID}`;

/** The demo seed encodes its clips after the first start: reload until the members' video plays. */
async function openVideo(page: Page, lang: Lang) {
  for (let attempt = 0; ; attempt++) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/member_video/get'));
    await page.goto(`${base}/video/${VIDEO.id}?lang=${lang}`);
    const res = await answer;
    if (res.status() === 200 && ((await res.json()) as { playback?: unknown }).playback) break;
    if (attempt > 60) throw new Error('The demo video did not become ready');
    await page.waitForTimeout(2000);
  }
}

const button = (page: Page, lang: Lang, list: 'bookmark' | 'watchLater') => page.getByRole('button', { name: t(lang, `saved:buttons.${list}`), exact: true });

/** Presses the toggle and waits for the server's answer, so the next page reads the saved list. */
async function toggle(page: Page, lang: Lang, list: 'bookmark' | 'watchLater', pressed: boolean) {
  const b = button(page, lang, list);
  await expect(b).toHaveAttribute('aria-pressed', String(!pressed));
  const answered = page.waitForResponse((r) => /\/api\/member_saved\/(add|remove)$/.test(r.url()));
  await b.click();
  expect((await answered).status()).toBe(200);
  await expect(b).toHaveAttribute('aria-pressed', String(pressed));
}

async function openList(page: Page, lang: Lang, list: 'bookmark' | 'watchLater') {
  await page.getByRole('link', { name: t(lang, `member:nav.${list}`), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/${list}$`));
  await expect(page.getByRole('heading', { name: t(lang, `saved:${list}.title`), level: 1 })).toBeVisible();
}

for (const lang of languages) {
  test.describe(`saved items (${lang})`, () => {
    test('a member bookmarks a video and a PDF, saves the video to watch later, finds them on both lists and takes one off', async ({ page }) => {
      test.setTimeout(180_000);
      await newBuyer(page, lang, 'saved');

      await openVideo(page, lang);
      await toggle(page, lang, 'bookmark', true);
      await toggle(page, lang, 'watchLater', true);
      await page.screenshot({ path: `${shots}/video-saved-${lang}.png`, fullPage: true });

      await page.goto(`${base}/pdf/${PDF.id}?lang=${lang}`);
      await expect(page.getByRole('heading', { name: PDF.title, level: 1 })).toBeVisible();
      await toggle(page, lang, 'bookmark', true);
      await expect(button(page, lang, 'watchLater')).toHaveAttribute('aria-pressed', 'false');

      // Both types on the bookmark page, newest saved first; each card opens its page.
      await openList(page, lang, 'bookmark');
      const cards = page.getByRole('main').getByRole('listitem').getByRole('link');
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(0)).toContainText(PDF.title);
      await expect(cards.nth(0)).toHaveAttribute('href', `${base}/pdf/${PDF.id}`);
      await expect(cards.nth(1)).toContainText(VIDEO.title);
      await expect(cards.nth(1)).toHaveAttribute('href', `${base}/video/${VIDEO.id}`);
      await page.screenshot({ path: `${shots}/bookmark-${lang}.png`, fullPage: true });

      await openList(page, lang, 'watchLater');
      await expect(cards).toHaveCount(1);
      await expect(cards.nth(0)).toContainText(VIDEO.title);

      // Taken off "watch later" on the video's page, it is gone from the list; the bookmark stays.
      await cards.nth(0).click();
      await expect(page).toHaveURL(new RegExp(`${base}/video/${VIDEO.id}$`));
      await toggle(page, lang, 'watchLater', false);
      await expect(button(page, lang, 'bookmark')).toHaveAttribute('aria-pressed', 'true');
      await openList(page, lang, 'watchLater');
      await expect(page.getByText(t(lang, 'saved:watchLater.empty'))).toBeVisible();
      await expect(cards).toHaveCount(0);
      await openList(page, lang, 'bookmark');
      await expect(cards).toHaveCount(2);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/bookmark-phone-${lang}.png`, fullPage: true });
    });
  });
}
