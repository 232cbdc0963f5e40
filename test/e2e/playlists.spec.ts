import { expect, test, type Page } from '@playwright/test';
import type { Video } from '../../shared/api/calls/videos';
import { languages, matching, t, type Lang } from './support/i18n';
import { DEMO_TEAM_ID } from './support/platform';
import { usePlatformEnv } from './support/ports';
import { logInAdmin, newBuyer, separatePage } from './support/shop';

/**
 * Playlists in both languages, on the demo team of `npm start` (its generated clips are real encoded videos, so
 * no upload is made here): the demo administrator builds a playlist of two videos, reorders them with the keyboard
 * and the move buttons, and saves; a member plays it and the player goes on to the next video in the playlist's
 * order; a visitor sees only its catalog videos; a video in a playlist cannot be deleted (SPEC §8).
 */
const shots = '.local/e2e-playlists/screenshots';
/** local/seed-videos.ts: the public welcome clip (in the catalog; its own next video is the colour bars) and the members-only colour bars. */
const WELCOME = { id: '01DEMOVIDE0000000000000001', title: 'はじめての動画 / Welcome', search: 'Welcome' };
const BARS = { id: '01DEMOVIDE0000000000000002', title: 'カラーバー / Colour bars', search: 'Colour' };

/** The video element, as the page's callbacks receive it (the root tsconfig has the DOM types). */
type Media = HTMLVideoElement;

/** The seed encodes its clips in the background after the first start: wait until both have a playable version. */
async function waitUntilPlayable(videoIds: string[]) {
  await usePlatformEnv();
  const { getVideos } = await import('../../lambdas/core/entities/video');
  await expect
    .poll(async () => (await getVideos(DEMO_TEAM_ID, videoIds)).filter((v: Video) => v.currentVersion !== undefined).length, {
      timeout: 240_000,
      intervals: [2000],
    })
    .toBe(videoIds.length);
}

/** Plays the page's video muted from near its end, so it ends within a second or two. */
async function playToEnd(page: Page, lang: Lang) {
  const video = page.getByLabel(t(lang, 'player:player.label'));
  await expect(video).toBeVisible();
  await video.evaluate((v: Media) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: Media) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.2);
  await video.evaluate((v: Media) => {
    v.currentTime = Math.max(0, v.duration - 1);
  });
  await expect(page.getByText(t(lang, 'player:player.finished'))).toBeVisible({ timeout: 20_000 });
}

const playlistRows = (page: Page) => page.getByTestId('playlist-video');

for (const lang of languages) {
  test.describe(`playlists (${lang})`, () => {
    test('an operator orders two videos into a playlist; a member plays it through in that order', async ({ page, browser }) => {
      test.setTimeout(300_000);
      await waitUntilPlayable([WELCOME.id, BARS.id]);
      await logInAdmin(page, lang);
      const title = `Course ${lang} ${Date.now().toString(36)}`;

      // Create: find each video by title and add it (the welcome clip first).
      await page.getByRole('link', { name: t(lang, 'admin:nav.playlists') }).click();
      await expect(page.getByRole('heading', { name: t(lang, 'contents:types.playlist.list') })).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'contents:types.playlist.create') }).click();
      await page.getByRole('textbox', { name: t(lang, 'contents:fields.title') }).fill(title);
      const search = page.getByRole('textbox', { name: t(lang, 'playlists:admin.search') });
      const results = page.getByRole('list', { name: t(lang, 'playlists:admin.results') });

      // Saving with no video names the missing videos.
      await page.getByRole('button', { name: t(lang, 'contents:actions.create'), exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'errors:validation/required') })).toBeVisible();

      for (const video of [WELCOME, BARS]) {
        await search.fill(video.search);
        // Enter in the search box does not submit the form.
        await search.press('Enter');
        await results.getByRole('button', { name: t(lang, 'playlists:admin.addNamed', { title: video.title }) }).click();
        await expect(results.getByRole('button', { name: t(lang, 'playlists:admin.alreadyAdded', { title: video.title }) })).toBeDisabled();
      }
      await expect(page).toHaveURL(/\/admin\/playlist\/create$/);
      await expect(playlistRows(page)).toHaveCount(2);
      await expect(playlistRows(page).nth(0)).toContainText(WELCOME.title);
      await expect(playlistRows(page).nth(1)).toContainText(BARS.title);

      // Reorder with the keyboard: the colour bars' handle, Space, up, Space (dnd-kit's keyboard sensor).
      const barsHandle = page.getByRole('button', { name: t(lang, 'playlists:admin.drag', { title: BARS.title }) });
      await barsHandle.focus();
      await page.keyboard.press('Space');
      await page.waitForTimeout(200);
      await page.keyboard.press('ArrowUp');
      await page.waitForTimeout(200);
      await page.keyboard.press('Space');
      await expect(playlistRows(page).nth(0)).toContainText(BARS.title);
      await expect(playlistRows(page).nth(1)).toContainText(WELCOME.title);

      // And with the buttons a screen reader reaches: up and back down; the moved video's button keeps the focus
      // (at the bottom its "down" is disabled, so "up" takes it) and the move is announced.
      await page.getByRole('button', { name: t(lang, 'playlists:admin.moveUp', { title: WELCOME.title }) }).click();
      await expect(playlistRows(page).nth(0)).toContainText(WELCOME.title);
      await expect(page.getByRole('status').filter({ hasText: t(lang, 'playlists:admin.moved', { title: WELCOME.title, position: 1, count: 2 }) })).toBeAttached();
      await page.getByRole('button', { name: t(lang, 'playlists:admin.moveDown', { title: WELCOME.title }) }).click();
      await expect(playlistRows(page).nth(0)).toContainText(BARS.title);
      await expect(playlistRows(page).nth(1)).toContainText(WELCOME.title);
      await expect(page.getByRole('button', { name: t(lang, 'playlists:admin.moveUp', { title: WELCOME.title }) })).toBeFocused();

      // Published to members and in the catalog, then saved.
      const publicStatus = page.getByRole('radio', { name: t(lang, 'contentfields:status.public'), exact: true });
      await page.locator(`label[for="${await publicStatus.getAttribute('id')}"]`).click();
      await page.getByRole('checkbox', { name: t(lang, 'contentfields:fields.isPublic') }).check();
      await page.getByRole('button', { name: t(lang, 'contents:actions.create'), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/playlist\/[0-9A-Z]+\/edit$/);
      const playlistId = /\/admin\/playlist\/([0-9A-Z]+)\/edit$/.exec(page.url())![1]!;

      // The saved order comes back with each video's title (read from the videos).
      await page.reload();
      await expect(playlistRows(page)).toHaveCount(2);
      await expect(playlistRows(page).nth(0)).toContainText(BARS.title);
      await expect(playlistRows(page).nth(1)).toContainText(WELCOME.title);
      await page.screenshot({ path: `${shots}/admin-edit-${lang}.png`, fullPage: true });
      await page.getByRole('link', { name: t(lang, 'contents:types.playlist.back') }).click();
      await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText(t(lang, 'playlists:admin.count', { count: 2 }));

      // A video in a playlist is not deleted: the video list says why (SPEC §8).
      await page.getByRole('link', { name: t(lang, 'admin:nav.videos') }).click();
      const barsRow = page.getByRole('row').filter({ hasText: BARS.title });
      await barsRow.getByRole('checkbox').check();
      await page.getByRole('button', { name: t(lang, 'videos:bulkDelete.button', { count: 1 }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: t(lang, 'videos:bulkDelete.typeCount', { count: 1 }) }).fill('1');
      await dialog.getByRole('button', { name: t(lang, 'videos:actions.delete') }).click();
      await expect(page.getByRole('alert').filter({ hasText: t(lang, 'errors:deletion/video_in_playlist') })).toBeVisible();
      await expect(barsRow).toBeVisible();

      // A member opens the playlist: its videos in order, "play all" starts the first.
      const member = await separatePage(browser);
      await newBuyer(member, lang, 'playlist');
      const base = `/user/${DEMO_TEAM_ID}`;
      await member.goto(`${base}/playlist/${playlistId}?lang=${lang}`);
      await expect(member.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      const cards = member.getByRole('list', { name: t(lang, 'playlists:view.videos') }).getByRole('link');
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(0)).toContainText(BARS.title);
      await expect(cards.nth(1)).toContainText(WELCOME.title);
      await expect(cards.nth(0)).toHaveAttribute('href', `${base}/playlist/${playlistId}/${BARS.id}`);
      await member.screenshot({ path: `${shots}/member-playlist-${lang}.png`, fullPage: true });
      await member.setViewportSize({ width: 390, height: 844 });
      await member.screenshot({ path: `${shots}/member-playlist-phone-${lang}.png`, fullPage: true });
      await member.setViewportSize({ width: 1280, height: 800 });
      await member.getByRole('link', { name: t(lang, 'playlists:view.playAll') }).click();
      await expect(member).toHaveURL(new RegExp(`${base}/playlist/${playlistId}/${BARS.id}$`));
      await expect(member.getByRole('heading', { name: BARS.title, level: 1 })).toBeVisible();
      const where = member.getByRole('navigation', { name: t(lang, 'playlists:watch.label') });
      await expect(where.getByRole('link', { name: title })).toHaveAttribute('href', `${base}/playlist/${playlistId}`);
      await expect(where).toContainText(t(lang, 'playlists:watch.position', { position: 1, count: 2 }));

      // The colour bars have no next video of their own: the playlist's order goes on to the welcome clip.
      await playToEnd(member, lang);
      await expect(member.getByRole('status').filter({ hasText: matching(lang, 'player:player.nextIn') })).toBeVisible();
      await member.screenshot({ path: `${shots}/member-watch-countdown-${lang}.png` });
      await member.getByRole('button', { name: t(lang, 'player:player.playNow') }).click();
      await expect(member).toHaveURL(new RegExp(`${base}/playlist/${playlistId}/${WELCOME.id}$`));
      await expect(member.getByRole('heading', { name: WELCOME.title, level: 1 })).toBeVisible();
      await expect(where).toContainText(t(lang, 'playlists:watch.position', { position: 2, count: 2 }));

      // The welcome clip's own next video is the colour bars; inside the playlist it is the last, so nothing follows.
      await playToEnd(member, lang);
      await expect(member.getByRole('button', { name: t(lang, 'player:player.playNow') })).toHaveCount(0);
      await member.setViewportSize({ width: 390, height: 844 });
      await member.screenshot({ path: `${shots}/member-watch-phone-${lang}.png`, fullPage: true });
      await member.close();

      // A visitor sees the catalog's part of it: the members-only colour bars are left out.
      const visitor = await separatePage(browser);
      await visitor.goto(`/catalog/${DEMO_TEAM_ID}/playlist/${playlistId}?lang=${lang}`);
      const visitorCards = visitor.getByRole('list', { name: t(lang, 'playlists:view.videos') }).getByRole('link');
      await expect(visitorCards).toHaveCount(1);
      await expect(visitorCards.nth(0)).toContainText(WELCOME.title);
      await visitor.getByRole('link', { name: t(lang, 'playlists:view.playAll') }).click();
      await expect(visitor).toHaveURL(new RegExp(`/catalog/${DEMO_TEAM_ID}/playlist/${playlistId}/${WELCOME.id}$`));
      await expect(visitor.getByRole('navigation', { name: t(lang, 'playlists:watch.label') })).toContainText(
        t(lang, 'playlists:watch.position', { position: 1, count: 1 }),
      );
      await visitor.screenshot({ path: `${shots}/catalog-watch-${lang}.png`, fullPage: true });
      await visitor.close();
    });
  });
}
