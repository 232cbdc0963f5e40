import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { languages, t, type Lang } from './support/i18n';
import { logIn } from './support/operator';
import { DEMO_TEAM_ID } from './support/platform';
import { usePlatformEnv } from './support/ports';

/**
 * SPEC §3 real-time premiere in both languages, on the demo team of `npm start`: a two-minute generated clip (made and
 * encoded once, like the demo seed's) is a premiere. Starting in two days, the member's watch page counts down; starting
 * in seconds, the countdown gives way to the player; started a minute ago, it opens at about a minute in, refuses a seek
 * ahead of where the premiere is, and a pause resumes there; once over, the normal player.
 */
const VIDEO_ID = '01DEMOPREMIERE000000000001';
const TITLE = 'プレミア / Premiere';
const CLIP_SECONDS = 120;
const demoMember = { email: 'member@demo.example', password: 'demo-password' };
const SCREENS = '.local/e2e-premiere-screens';
type Media = HTMLVideoElement;

const run = promisify(execFile);

/** The premiere clip on the demo team: made, uploaded and handed to the local transcoder once; then waited for. */
async function ensureClip() {
  await usePlatformEnv();
  const [{ videoFormSchema }, entity, { putVersionOp }, upload, { uploadFile }, { ConditionFailedError }, { findIdentity }] = await Promise.all([
    import('../../shared/api/calls/videos'),
    import('../../lambdas/core/entities/video'),
    import('../../lambdas/core/entities/video-version'),
    import('../../lambdas/media/video-upload'),
    import('../../lambdas/platform/storage'),
    import('../../lambdas/platform/db'),
    import('../../lambdas/platform/identity'),
  ]);
  if (!(await entity.getVideo(DEMO_TEAM_ID, VIDEO_ID))) {
    const now = new Date();
    const dir = await mkdtemp(join(tmpdir(), 'premiere-'));
    try {
      const path = join(dir, 'premiere.mp4');
      await run('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=10'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=330', '-t', String(CLIP_SECONDS), '-c:v', 'libx264', '-preset', 'ultrafast'],
        ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', path],
      ]);
      const form = videoFormSchema({ now: () => now }).parse({ title: TITLE, overview: 'A two-minute premiere.', status: 'public', releasedAt: now.toISOString() });
      const video = entity.applyVideoForm(entity.newVideoBase(VIDEO_ID, now), form, now);
      try {
        await entity.commitVideo(DEMO_TEAM_ID, undefined, video, [putVersionOp(DEMO_TEAM_ID, { videoId: VIDEO_ID, number: 1, state: 'waiting', createdAt: now.toISOString() })]);
        const key = upload.sourceKey(DEMO_TEAM_ID, VIDEO_ID, 1, 'mp4');
        await uploadFile({ bucket: 'uploads', key, path, contentType: 'video/mp4' });
        const adminId = (await findIdentity('admin@demo.example')) ?? '';
        await upload.encodeStoredSource(DEMO_TEAM_ID, adminId, { videoId: VIDEO_ID, versionNumber: 1, key }, now);
      } catch (e) {
        if (!(e instanceof ConditionFailedError)) throw e;
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  await expect
    .poll(async () => (await entity.getVideo(DEMO_TEAM_ID, VIDEO_ID))?.uploadState, { timeout: 240_000, intervals: [2000] })
    .toBe('ready');
  /** Makes the clip a premiere starting `offsetMs` from now. */
  return (offsetMs: number) =>
    entity.rewriteVideo(DEMO_TEAM_ID, VIDEO_ID, (v) => ({
      video: { ...v, playablePeriod: { start: new Date(Date.now() + offsetMs).toISOString(), realtimePremiere: true } },
    }));
}

async function openPage(page: Page, lang: Lang) {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/member_video/get'));
  await page.goto(`/user/${DEMO_TEAM_ID}/video/${VIDEO_ID}?lang=${lang}`);
  expect((await answer).status()).toBe(200);
}

for (const lang of languages) {
  test.describe(`real-time premiere (${lang})`, () => {
    test('counts down before the start and opens at it; a minute in it plays where the premiere is and refuses a seek ahead', async ({ page }) => {
      test.setTimeout(360_000);
      const startIn = await ensureClip();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/login/${DEMO_TEAM_ID}?lang=${lang}`);
      await logIn(page, lang, demoMember.email, demoMember.password);
      await expect(page).toHaveURL(new RegExp(`/user/${DEMO_TEAM_ID}$`));

      // Two days, three hours ahead: the countdown, in days, hours, minutes and seconds, and no player.
      await startIn((2 * 86_400 + 3 * 3600 + 4 * 60 + 30) * 1000);
      await openPage(page, lang);
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      await expect(page.getByRole('heading', { name: t(lang, 'player:premiere.countdownTitle') })).toBeVisible();
      const timer = page.getByRole('timer');
      await expect(timer).toContainText(t(lang, 'player:premiere.days'));
      await expect(timer).toContainText(t(lang, 'player:premiere.seconds'));
      await expect(timer).toContainText(/02.*03.*04/);
      await expect(timer).not.toHaveAttribute('aria-live', 'polite');
      await expect(page.getByLabel(t(lang, 'player:player.label'))).toHaveCount(0);
      const before = await timer.innerText();
      await expect.poll(() => timer.innerText(), { timeout: 5000 }).not.toBe(before);
      await page.screenshot({ path: `${SCREENS}/countdown-${lang}.png` });

      // Seconds ahead: the countdown runs out and the page asks again, now for the player.
      await startIn(6000);
      await openPage(page, lang);
      await expect(page.getByRole('timer')).toBeVisible();
      await expect(page.getByLabel(t(lang, 'player:player.label'))).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(t(lang, 'player:premiere.live'))).toBeVisible();

      // Started a minute ago: the player opens at about a minute in, whatever the member's resume point.
      await startIn(-60_000);
      await openPage(page, lang);
      const video = page.getByLabel(t(lang, 'player:player.label'));
      await expect(video).toBeVisible();
      await expect(page.getByText(t(lang, 'player:premiere.live'))).toBeVisible();
      await expect(page.getByLabel(t(lang, 'player:player.speed'))).toHaveCount(0);
      await video.evaluate((v: Media) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => video.evaluate((v: Media) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(58);
      expect(await video.evaluate((v: Media) => v.currentTime)).toBeLessThan(90);

      // A seek ahead of the premiere snaps back to where it is; going back is allowed.
      await video.evaluate((v: Media) => {
        v.currentTime = 110;
      });
      await expect.poll(() => video.evaluate((v: Media) => v.currentTime), { timeout: 10_000 }).toBeLessThan(90);
      await video.evaluate((v: Media) => {
        v.currentTime = 20;
      });
      await expect.poll(() => video.evaluate((v: Media) => v.currentTime), { timeout: 10_000 }).toBeLessThan(40);
      // A pause resumes where the premiere is.
      await video.evaluate((v: Media) => {
        v.pause();
        return v.play();
      });
      await expect.poll(() => video.evaluate((v: Media) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(58);
      await video.evaluate((v: Media) => v.pause());
      await page.screenshot({ path: `${SCREENS}/live-${lang}.png` });

      // Once over (started long ago), the video's normal rules: no premiere note, the speed is free again.
      await startIn(-86_400_000);
      await openPage(page, lang);
      await expect(page.getByLabel(t(lang, 'player:player.speed'))).toBeVisible();
      await expect(page.getByText(t(lang, 'player:premiere.live'))).toHaveCount(0);
    });
  });
}
