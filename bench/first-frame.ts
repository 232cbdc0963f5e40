/**
 * Play to first frame in Chromium on localhost: the demo member logs in through the web app, opens the demo
 * video's watch page, and once the player has its first data buffered (hls.js attached, readyState >= 2, the
 * paused frame on screen), video.play() is called; the figure is the time to the first frame presented by
 * playback (requestVideoFrameCallback's presentationTime; the `playing` event where that API is missing).
 */
import type { Page } from '@playwright/test';
import player from '../web/src/i18n/en/player.json' with { type: 'json' };
import { listRows } from '../lambdas/core/entities/list-rows';
import { listVideos } from '../lambdas/core/entities/video';
import { DEMO_TEAM_ID } from '../local/seed';
import { PREMIUM_VIDEO_ID } from '../local/seed-videos';
import { demoMemberPage, launchChromium, median, type Figure } from './support';

/**
 * Runs in the page on the video element. Plain JavaScript in a string: the bench's TypeScript transpiler would
 * add helpers the page does not have. Resolves { ms, via }.
 */
const measureFirstFrame = (label: string) => `new Promise((resolve, reject) => {
  const video = document.querySelector('video[aria-label=${JSON.stringify(label)}]');
  const failed = setTimeout(() => reject(new Error('no frame within 30 s')), 30000);
  function done(ms, via) {
    clearTimeout(failed);
    video.pause();
    resolve({ ms, via });
  }
  function start() {
    video.muted = true;
    const started = performance.now();
    if (video.requestVideoFrameCallback) {
      video.requestVideoFrameCallback((now, meta) => done(meta.presentationTime - started, 'requestVideoFrameCallback'));
    } else {
      video.addEventListener('playing', () => done(performance.now() - started, 'playing event'), { once: true });
    }
    video.play().catch(reject);
  }
  function whenBuffered() {
    if (video.readyState < 2) return setTimeout(whenBuffered, 20);
    // Two animation frames: the paused first frame is on screen before play, so it is not the one counted.
    requestAnimationFrame(() => requestAnimationFrame(start));
  }
  whenBuffered();
})`;

/**
 * The demo seed encodes its clips in the background once the platform has started: waits until every demo
 * video is encoded (so no transcode runs during the figures), and answers the newest listed one that is free (the
 * priced demo video is unpurchased for the demo member).
 */
export async function demoVideoWhenReady(timeoutMs = 300_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { items } = await listVideos(DEMO_TEAM_ID, { query: '', sort: 'newest', direction: 'desc', limit: 50 });
    const states = items.map((v) => v.uploadState);
    if (states.includes('failed')) throw new Error('A demo video failed to encode');
    const listed =
      states.length && states.every((s) => s === 'ready')
        ? (await listRows(DEMO_TEAM_ID, { area: 'member', type: 'video', scope: 'all', audiences: ['all'], limit: 50, now: new Date() })).items.find((row) => row.id !== PREMIUM_VIDEO_ID)
        : undefined;
    if (listed) return listed.id;
    if (Date.now() > until) throw new Error(`The demo videos are not ready (${states.join(', ') || 'none yet'})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function oneRun(page: Page, watchUrl: string): Promise<{ ms: number; via: string }> {
  await page.goto(watchUrl);
  await page.getByLabel(player.player.label).waitFor();
  return (await page.evaluate(measureFirstFrame(player.player.label))) as { ms: number; via: string };
}

export async function firstFrameFigures(ctx: { baseUrl: string; runs: number }): Promise<Figure[]> {
  const browser = await launchChromium();
  try {
    const videoId = await demoVideoWhenReady();
    const page = await demoMemberPage(browser, ctx.baseUrl);
    const watchUrl = `${ctx.baseUrl}/user/${DEMO_TEAM_ID}/video/${videoId}?lang=en`;
    await oneRun(page, watchUrl); // warm-up: the player's chunk and hls.js in the HTTP cache, as for a returning member
    const samples: number[] = [];
    const via = new Set<string>();
    for (let i = 0; i < ctx.runs; i++) {
      const run = await oneRun(page, watchUrl);
      samples.push(run.ms);
      via.add(run.via);
    }
    return [[`play to first frame, Chromium on localhost (median of ${ctx.runs}, ${[...via].join(' / ')})`, `${median(samples).toFixed(0)} ms`, 'reported']];
  } finally {
    await browser.close();
  }
}
