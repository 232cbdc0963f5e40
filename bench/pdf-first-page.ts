/**
 * PDF first page in Chromium on localhost: the demo member, logged in through the web app, opens the demo PDF's
 * page; the figure is the time from the navigation's start to the first page drawn on the viewer's canvas (the
 * page's own `performance.now()` when `canvas[data-page="1"]` appears: the app, the answer with its short-lived
 * URL, pdf.js and its worker, the PDF's bytes and the drawing). One warm-up run first (the chunks in the HTTP
 * cache, as for a returning member).
 */
import type { Page } from '@playwright/test';
import { DEMO_PDF_ID } from '../local/seed-contents';
import { DEMO_TEAM_ID } from '../local/seed';
import { demoMemberPage, launchChromium, median, type Figure } from './support';

async function oneRun(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.locator('canvas[data-page="1"]').waitFor({ state: 'attached', timeout: 30_000 });
  return page.evaluate(() => performance.now());
}

export async function pdfFirstPageFigures(ctx: { baseUrl: string; runs: number }): Promise<Figure[]> {
  const browser = await launchChromium();
  try {
    const page = await demoMemberPage(browser, ctx.baseUrl);
    const url = `${ctx.baseUrl}/user/${DEMO_TEAM_ID}/pdf/${DEMO_PDF_ID}?lang=en`;
    await oneRun(page, url);
    const samples: number[] = [];
    for (let i = 0; i < ctx.runs; i++) samples.push(await oneRun(page, url));
    return [[`PDF first page drawn, Chromium on localhost (navigation to canvas, median of ${ctx.runs})`, `${median(samples).toFixed(0)} ms`, 'reported']];
  } finally {
    await browser.close();
  }
}
