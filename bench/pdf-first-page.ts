/**
 * PDF first page in Chromium on localhost: the demo member, logged in through the web app, opens the demo PDF's
 * page; the figure is the time from the navigation's start to the first page drawn on the viewer's canvas (the
 * page's own `performance.now()` when `canvas[data-page="1"]` appears: the app, the answer with its short-lived
 * URL, pdf.js and its worker, the PDF's bytes and the drawing). One warm-up run first (the chunks in the HTTP
 * cache, as for a returning member).
 */
import { chromium, type Page } from '@playwright/test';
import auth from '../web/src/i18n/en/auth.json' with { type: 'json' };
import { DEMO_PDF_ID } from '../local/seed-contents';
import { DEMO_TEAM_ID, demoLogins } from '../local/seed';
import { median, type Figure } from './support';

async function oneRun(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.locator('canvas[data-page="1"]').waitFor({ state: 'attached', timeout: 30_000 });
  return page.evaluate(() => performance.now());
}

export async function pdfFirstPageFigures(ctx: { baseUrl: string; runs: number }): Promise<Figure[]> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${ctx.baseUrl}/login/${DEMO_TEAM_ID}?lang=en`);
    await page.getByRole('textbox', { name: auth.fields.email, exact: true }).fill(demoLogins.member.email);
    await page.getByRole('textbox', { name: auth.fields.password, exact: true }).fill(demoLogins.member.password);
    await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
    await page.waitForURL(new RegExp(`/user/${DEMO_TEAM_ID}$`));
    const url = `${ctx.baseUrl}/user/${DEMO_TEAM_ID}/pdf/${DEMO_PDF_ID}?lang=en`;
    await oneRun(page, url);
    const samples: number[] = [];
    for (let i = 0; i < ctx.runs; i++) samples.push(await oneRun(page, url));
    return [[`PDF first page drawn, Chromium on localhost (navigation to canvas, median of ${ctx.runs})`, `${median(samples).toFixed(0)} ms`, 'reported']];
  } finally {
    await browser.close();
  }
}
