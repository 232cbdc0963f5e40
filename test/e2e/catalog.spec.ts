import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test';
import enCatalog from '../../web/src/i18n/en/catalog.json' with { type: 'json' };
import enPlayer from '../../web/src/i18n/en/player.json' with { type: 'json' };
import jaCatalog from '../../web/src/i18n/ja/catalog.json' with { type: 'json' };
import jaPlayer from '../../web/src/i18n/ja/player.json' with { type: 'json' };
import { languages, type Lang } from './support/i18n';
import { logIn } from './support/operator';

const DEMO_TEAM = '01DEMOTEAM0000000000000000';
const SITE_NAME = 'Demo Video Academy';
/** Public (in the catalog), completion action: next video = the members-only one. */
const PUBLIC_VIDEO = { id: '01DEMOVIDE0000000000000001', title: 'はじめての動画 / Welcome' };
const MEMBERS_VIDEO = { id: '01DEMOVIDE0000000000000002', title: 'カラーバー / Colour bars' };
const DRAFT_TITLE = '下書き / Draft';
const demoMember = { email: 'member@demo.example', password: 'demo-password' };
/** Outside test-results, which another e2e run may clear meanwhile. */
const SCREENS = '.local/e2e-catalog-screens';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** This feature's own namespaces (the shared helper knows admin, auth, common and errors). */
const own = { en: { catalog: enCatalog, player: enPlayer }, ja: { catalog: jaCatalog, player: jaPlayer } } as const;
function tc(lang: Lang, nsKey: string): string {
  const [ns, key] = nsKey.split(':') as ['catalog' | 'player', string];
  let node: unknown = own[lang][ns];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No ${lang} string for ${nsKey}`);
  return node;
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A message with `{{values}}` as any text. */
const pattern = (text: string) => new RegExp(text.split(/{{\s*\w+\s*}}/).map(escape).join('.+?'));

/** The video element, as the page's callbacks receive it (the root tsconfig has the DOM types). */
type Media = HTMLVideoElement;

/** The demo seed encodes its clips in the background after the first start: wait until the public one plays. */
async function waitUntilPublicVideoPlays(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await request.post('/api/catalog/video/get', { data: { teamId: DEMO_TEAM, videoId: PUBLIC_VIDEO.id } });
        return res.ok() && 'playback' in ((await res.json()) as object);
      },
      { timeout: 180_000, intervals: [2000] },
    )
    .toBe(true);
}

/** Plays the last half second, so the video ends. */
async function playToTheEnd(page: Page, lang: Lang) {
  const video = page.getByLabel(tc(lang, 'player:player.label'));
  await expect.poll(() => video.evaluate((v: Media) => v.duration || 0)).toBeGreaterThan(1);
  await video.evaluate((v: Media) => {
    v.muted = true;
    v.currentTime = v.duration - 0.5;
    return v.play();
  });
}

/** The member page's playlist once its answer carries one (encoding may still run after a fresh start). */
async function memberPlaylistOf(page: Page, first: Response): Promise<string> {
  let answer = first;
  for (let attempt = 0; ; attempt++) {
    const body = (await answer.json()) as { playback?: { playlistUrl: string } };
    if (body.playback) return body.playback.playlistUrl;
    if (attempt > 60) throw new Error('The members-only demo video did not become playable');
    await page.waitForTimeout(2000);
    const next = page.waitForResponse((r) => r.url().endsWith('/api/member_video/get'));
    await page.reload();
    answer = await next;
  }
}

for (const lang of languages) {
  test.describe(`Public catalog (${lang})`, () => {
    test('a visitor sees only public videos, plays one, and goes on to watch it as a member; next video counts down', async ({
      page,
      playwright,
    }) => {
      test.setTimeout(300_000);
      await waitUntilPublicVideoPlays(page.request);
      await page.setViewportSize(DESKTOP);
      await page.goto(`/catalog/${DEMO_TEAM}?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: SITE_NAME })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: SITE_NAME })).toBeVisible();
      const card = page.getByRole('link', { name: new RegExp(escape(PUBLIC_VIDEO.title)) });
      await expect(card).toBeVisible();
      await expect(page.getByText(MEMBERS_VIDEO.title)).toHaveCount(0);
      await expect(page.getByText(DRAFT_TITLE)).toHaveCount(0);
      const nav = page.getByRole('navigation', { name: tc(lang, 'catalog:nav.label') });
      for (const key of ['newer', 'popular', 'categories', 'creators']) await expect(nav.getByRole('link', { name: tc(lang, `catalog:nav.${key}`) })).toBeVisible();
      await expect(page.getByRole('searchbox', { name: tc(lang, 'catalog:search.label') })).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/top-desktop-${lang}.png`, fullPage: true });
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: `${SCREENS}/top-phone-${lang}.png`, fullPage: true });
      await page.setViewportSize(DESKTOP);

      // The visitor plays the public video: no member record, so no resume or view calls.
      const memberCalls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/member_video/') || r.url().includes('/api/member_content/')) memberCalls.push(r.url());
      });
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/catalog/video/get') && r.request().postData()?.includes(PUBLIC_VIDEO.id) === true);
      await card.click();
      await expect(page).toHaveURL(new RegExp(`/catalog/${DEMO_TEAM}/video/${PUBLIC_VIDEO.id}$`));
      // Its next video is for members only: the catalog answer does not name it.
      const answer = (await (await answered).json()) as { video: { completionAction: string; nextVideoId?: string } };
      expect(answer.video.completionAction).toBe('nextVideo');
      expect(answer.video.nextVideoId).toBeUndefined();
      await expect(page.getByRole('heading', { level: 1, name: PUBLIC_VIDEO.title })).toBeVisible();
      await expect(page.getByRole('link', { name: tc(lang, 'catalog:video.watchAsMember') })).toHaveAttribute(
        'href',
        `/user/${DEMO_TEAM}/video/${PUBLIC_VIDEO.id}`,
      );
      const video = page.getByLabel(tc(lang, 'player:player.label'));
      await video.evaluate((v: Media) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => video.evaluate((v: Media) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
      await video.evaluate((v: Media) => v.pause());
      await page.screenshot({ path: `${SCREENS}/video-desktop-${lang}.png`, fullPage: true });
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: `${SCREENS}/video-phone-${lang}.png`, fullPage: true });
      await page.setViewportSize(DESKTOP);

      // So the end of the video counts down to nothing.
      await playToTheEnd(page, lang);
      await expect(page.getByText(tc(lang, 'player:player.finished'))).toBeVisible();
      await expect(page.getByRole('button', { name: tc(lang, 'player:player.playNow') })).toHaveCount(0);
      expect(memberCalls).toEqual([]);

      // Member login from the video page: back to the member page of the same video.
      await page.getByRole('link', { name: tc(lang, 'catalog:header.memberLogin'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/login/${DEMO_TEAM}\\?`));
      expect(new URL(page.url()).searchParams.get('redirectPath')).toBe(`/user/${DEMO_TEAM}/video/${PUBLIC_VIDEO.id}`);
      await logIn(page, lang, demoMember.email, demoMember.password);
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM}/video/${PUBLIC_VIDEO.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: PUBLIC_VIDEO.title })).toBeVisible();

      // Next video: the countdown takes the focus; Cancel is next to it by keyboard and stops it.
      await playToTheEnd(page, lang);
      const countdown = page.getByRole('status').filter({ hasText: pattern(tc(lang, 'player:player.nextIn')) });
      await expect(countdown).toBeVisible();
      await expect(page.getByRole('button', { name: tc(lang, 'player:player.playNow') })).toBeFocused();
      await page.screenshot({ path: `${SCREENS}/countdown-${lang}.png`, fullPage: true });
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: tc(lang, 'player:player.cancelNext') })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(countdown).toHaveCount(0);
      await expect(page.getByRole('link', { name: tc(lang, 'player:player.nextVideo') })).toBeVisible();
      await page.waitForTimeout(6000);
      await expect(page).toHaveURL(new RegExp(`/video/${PUBLIC_VIDEO.id}$`));

      // Ended again: left alone, the countdown opens the next video in the member area.
      await playToTheEnd(page, lang);
      await expect(countdown).toBeVisible();
      const nextAnswer = page.waitForResponse((r) => r.url().endsWith('/api/member_video/get'));
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM}/video/${MEMBERS_VIDEO.id}$`), { timeout: 10_000 });
      const playlistUrl = await memberPlaylistOf(page, await nextAnswer);
      await expect(page.getByRole('heading', { level: 1, name: MEMBERS_VIDEO.title })).toBeVisible();

      // The members-only video's playlist is refused to a visitor, even one holding the public video's grant.
      const base = new URL(page.url()).origin;
      const visitor = await playwright.request.newContext({ baseURL: base });
      const publicAnswer = await visitor.post('/api/catalog/video/get', { data: { teamId: DEMO_TEAM, videoId: PUBLIC_VIDEO.id } });
      expect(publicAnswer.status()).toBe(200);
      const publicPlaylist = ((await publicAnswer.json()) as { playback: { playlistUrl: string } }).playback.playlistUrl;
      expect((await visitor.get(publicPlaylist)).status()).toBe(200);
      expect((await visitor.get(playlistUrl)).status()).toBe(403);
      expect((await visitor.post('/api/catalog/video/get', { data: { teamId: DEMO_TEAM, videoId: MEMBERS_VIDEO.id } })).status()).toBe(404);
      await visitor.dispose();
    });

    test('an unknown team and a members-only video are not found in the catalog', async ({ page }) => {
      await page.goto(`/catalog/01UNKNOWNTEAM0000000000000?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: tc(lang, 'catalog:notFound.title') })).toBeVisible();
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: `${SCREENS}/no-catalog-phone-${lang}.png`, fullPage: true });

      await page.goto(`/catalog/${DEMO_TEAM}/video/${MEMBERS_VIDEO.id}?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: tc(lang, 'player:page.notFoundTitle') })).toBeVisible();
      await expect(page.getByText(MEMBERS_VIDEO.title)).toHaveCount(0);
      await expect(page.getByRole('banner').getByRole('link', { name: SITE_NAME })).toBeVisible();
    });
  });
}
