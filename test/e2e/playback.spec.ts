import { expect, test, type Page } from '@playwright/test';
import enMember from '../../web/src/i18n/en/member.json' with { type: 'json' };
import enPlayer from '../../web/src/i18n/en/player.json' with { type: 'json' };
import jaMember from '../../web/src/i18n/ja/member.json' with { type: 'json' };
import jaPlayer from '../../web/src/i18n/ja/player.json' with { type: 'json' };
import { languages, type Lang } from './support/i18n';
import { logIn } from './support/operator';

const DEMO_TEAM = '01DEMOTEAM0000000000000000';
const DEMO_VIDEO = '01DEMOVIDE0000000000000001';
const DEMO_TITLE = 'はじめての動画 / Welcome';
const demoMember = { email: 'member@demo.example', password: 'demo-password' };
/** Outside test-results, which another e2e run may clear meanwhile. */
const SCREENS = '.local/e2e-playback-screens';

/** This feature's own namespaces (the shared helper knows admin, auth, common and errors). */
const own = { en: { member: enMember, player: enPlayer }, ja: { member: jaMember, player: jaPlayer } } as const;
function tp(lang: Lang, nsKey: string): string {
  const [ns, key] = nsKey.split(':') as ['member' | 'player', string];
  let node: unknown = own[lang][ns];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No ${lang} string for ${nsKey}`);
  return node;
}


/** The video element, as the page's callbacks receive it (the root tsconfig has the DOM types). */
type Media = HTMLVideoElement;

/** The demo seed encodes its clips in the background after the first start: reload until this one plays. */
async function openWhenReady(page: Page, lang: Lang): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/member_video/get'));
    await page.goto(`/user/${DEMO_TEAM}/video/${DEMO_VIDEO}?lang=${lang}`);
    const res = await answer;
    if (res.status() === 200) return ((await res.json()) as { playback: { playlistUrl: string } }).playback.playlistUrl;
    if (attempt > 60) throw new Error(`The demo video did not become playable (${res.status()})`);
    await expect(page.getByRole('heading', { name: tp(lang, 'player:page.notFoundTitle') })).toBeVisible();
    await page.waitForTimeout(2000);
  }
}

for (const lang of languages) {
  test.describe(`Member playback (${lang})`, () => {
    test('the demo member finds a video, plays it, seeks by chapter; the playlist is refused without the grant', async ({ page, playwright }) => {
      test.setTimeout(180_000);
      await page.goto(`/login/${DEMO_TEAM}?lang=${lang}`);
      await logIn(page, lang, demoMember.email, demoMember.password);
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM}$`));

      const playlistUrl = await openWhenReady(page, lang);
      await page.goto(`/user/${DEMO_TEAM}?lang=${lang}`);
      await page.getByRole('navigation', { name: tp(lang, 'member:nav.label') }).getByRole('link', { name: tp(lang, 'member:nav.newer') }).click();
      await expect(page.getByRole('heading', { level: 1, name: tp(lang, 'player:list.newerTitle') })).toBeVisible();
      await expect(page.getByRole('link', { name: DEMO_TITLE })).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/newer-${lang}.png` });
      await page.getByRole('link', { name: DEMO_TITLE }).click();
      await expect(page.getByRole('heading', { level: 1, name: DEMO_TITLE })).toBeVisible();

      const video = page.getByLabel(tp(lang, 'player:player.label'));
      await expect(video).toBeVisible();
      await expect(page.getByLabel(tp(lang, 'player:player.quality'))).toBeVisible();
      await video.evaluate((v: Media) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => video.evaluate((v: Media) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);

      const chapters = page.getByRole('navigation', { name: tp(lang, 'player:player.chapters') });
      await video.evaluate((v: Media) => v.pause());
      await chapters.getByRole('button', { name: '0:00 Start' }).click();
      await expect.poll(() => video.evaluate((v: Media) => v.currentTime)).toBeLessThan(1.5);
      await chapters.getByRole('button', { name: '0:02 Middle' }).click();
      await expect.poll(() => video.evaluate((v: Media) => v.currentTime)).toBeGreaterThanOrEqual(2);
      await video.evaluate((v: Media) => v.pause());
      await page.screenshot({ path: `${SCREENS}/player-${lang}.png` });

      // With the member's cookie the playlist and a segment load; a logged-out client gets neither.
      const base = new URL(page.url()).origin;
      const master = await page.request.get(base + playlistUrl);
      expect(master.status()).toBe(200);
      const folder = playlistUrl.replace(/[^/]+$/, '');
      const variant = (await master.text()).split('\n').find((l) => l && !l.startsWith('#'))!;
      const segment = (await (await page.request.get(base + folder + variant)).text()).split('\n').find((l) => l && !l.startsWith('#'))!;
      expect((await page.request.get(base + folder + segment)).status()).toBe(200);
      const visitor = await playwright.request.newContext({ baseURL: base });
      expect((await visitor.get(playlistUrl)).status()).toBe(403);
      expect((await visitor.get(folder + segment)).status()).toBe(403);
      await visitor.dispose();
    });

    test('an unknown video shows the not found state', async ({ page }) => {
      await page.goto(`/login/${DEMO_TEAM}?lang=${lang}`);
      await logIn(page, lang, demoMember.email, demoMember.password);
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM}$`));
      await page.goto(`/user/${DEMO_TEAM}/video/01UNKNOWN00000000000000000?lang=${lang}`);
      await expect(page.getByRole('heading', { name: tp(lang, 'player:page.notFoundTitle') })).toBeVisible();
    });
  });
}
