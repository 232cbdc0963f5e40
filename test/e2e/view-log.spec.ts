import { expect, test, type Page } from '@playwright/test';
import { languages, t, type Lang } from './support/i18n';
import { DEMO_TEAM_ID } from './support/platform';
import { newBuyer } from './support/shop';

/**
 * SPEC §2 /user/:teamId/view_log, both languages, on the demo team: a new member opens the demo article, then
 * plays the members' colour bars; the viewing history lists both, the video (most recent) first, each with its
 * type and viewed time, and each entry opens its page.
 */
const shots = '.local/e2e-view-log/screenshots';
/** local/seed-contents.ts and local/seed-videos.ts. */
const ARTICLE = { id: '01DEMOARTICLE0000000000001', title: 'はじめに / Getting started' };
const VIDEO = { id: '01DEMOVIDE0000000000000002', title: 'カラーバー / Colour bars' };
const base = `/user/${DEMO_TEAM_ID}`;

/** The video element, as the page's callbacks receive it (the root tsconfig has the DOM types). */
type Media = HTMLVideoElement;

/** The demo seed encodes its clips after the first start: reload until the video has playback. */
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

for (const lang of languages) {
  test.describe(`view log (${lang})`, () => {
    test('a member reads an article and plays a video, then finds both in the viewing history, most recent first', async ({ page }) => {
      // The seed's encoding and several page loads on a loaded machine.
      test.setTimeout(180_000);
      await newBuyer(page, lang, 'viewlog');

      // Nothing viewed yet.
      await page.getByRole('link', { name: t(lang, 'member:nav.viewLog'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${base}/view_log$`));
      await expect(page.getByRole('heading', { name: t(lang, 'viewlog:title'), level: 1 })).toBeVisible();
      await expect(page.getByText(t(lang, 'viewlog:empty'))).toBeVisible();

      // The article's page answers visible: that is a view.
      const opened = page.waitForResponse((r) => r.url().endsWith('/api/member_content/get'));
      await page.goto(`${base}/article/${ARTICLE.id}?lang=${lang}`);
      expect((await opened).status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: ARTICLE.title })).toBeVisible();

      // A video counts once it starts playing.
      await openVideo(page, lang);
      const video = page.getByLabel(t(lang, 'player:player.label'));
      await expect(video).toBeVisible();
      const started = page.waitForResponse((r) => r.url().endsWith('/api/member_video/progress') && r.request().postData()?.includes('"start"') === true);
      await video.evaluate((v: Media) => {
        v.muted = true;
        return v.play();
      });
      expect((await started).status()).toBe(200);

      await page.goto(`${base}/view_log?lang=${lang}`);
      await expect(page.getByRole('heading', { name: t(lang, 'viewlog:title'), level: 1 })).toBeVisible();
      const entries = page.getByTestId('view-log-entry');
      await expect(entries).toHaveCount(2);
      await expect(entries.nth(0)).toContainText(VIDEO.title);
      await expect(entries.nth(0)).toContainText(t(lang, 'viewlog:types.video'));
      await expect(entries.nth(1)).toContainText(ARTICLE.title);
      await expect(entries.nth(1)).toContainText(t(lang, 'viewlog:types.article'));
      const viewed = t(lang, 'viewlog:viewedAt', { at: '' }).trim();
      await expect(entries.nth(0)).toContainText(viewed);
      await expect(entries.nth(0).getByText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/)).toBeVisible();
      await page.screenshot({ path: `${shots}/view-log-${lang}.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/view-log-phone-${lang}.png`, fullPage: true });

      // An entry opens the item's page.
      await entries.nth(1).getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`${base}/article/${ARTICLE.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: ARTICLE.title })).toBeVisible();
    });
  });
}
