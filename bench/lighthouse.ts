/**
 * Lighthouse figures (issue 29 point 3): the catalog home, a public catalog video page, the LP, the member login and
 * the signed-in member home of the demo team, each run 3 times with Lighthouse's defaults (mobile form factor,
 * simulated slow 4G and 4x CPU slowdown) in Debian's Chromium, the median run (by performance score) printed beside
 * the issue's goals. Reports only: a missed goal is marked, never a failure.
 *
 * A platform of its own (the demo seed, its own ports and data dir, BENCH_LIGHTHOUSE_PORT), run in this process as
 * `npm start` runs it; the figures are taken once the demo videos are encoded. Each run is a fresh Chromium
 * (chrome-launcher); for the member home the demo member first signs in through the login form in that browser
 * (Playwright over CDP, in the default context Lighthouse's tab shares), the HTTP cache is cleared, and Lighthouse keeps
 * the storage (the session).
 * Alone: `npm run bench:lighthouse` (BENCH_LIGHTHOUSE_RUNS changes the 3).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium } from '@playwright/test';
import auth from '../web/src/i18n/en/auth.json' with { type: 'json' };
import { startPlatform } from '../local/platform';
import { buildWebIfStale } from '../local/web-build';
import { DEMO_TEAM_ID, demoLogins } from '../local/seed';
import { demoVideoWhenReady } from './first-frame';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3750);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** A public demo video (local/seed-videos.ts: public and shown in the catalog). */
const CATALOG_VIDEO_ID = '01DEMOVIDE0000000000000001';
const log = (line: string) => console.error(`[bench lighthouse] ${line}`);

interface Target {
  name: string;
  path: string;
  signedIn?: boolean;
}

const TARGETS: Target[] = [
  { name: 'catalog home', path: `/catalog/${DEMO_TEAM_ID}` },
  { name: 'catalog video', path: `/catalog/${DEMO_TEAM_ID}/video/${CATALOG_VIDEO_ID}` },
  { name: 'LP', path: `/lp/${DEMO_TEAM_ID}` },
  { name: 'member login', path: `/login/${DEMO_TEAM_ID}` },
  { name: 'member home (signed in)', path: `/user/${DEMO_TEAM_ID}`, signedIn: true },
];

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  requests: number;
  /** The weighted audits of the accessibility, best-practices and SEO categories that did not pass. */
  missed: string[];
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? NaN) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;

function runOf(lhr: Result): LighthouseRun {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const requests = lhr.audits['network-requests']?.details;
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    requests: requests && 'items' in requests ? requests.items.length : NaN,
    missed: ['accessibility', 'best-practices', 'seo'].flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${c}: ${ref.id}`),
    ),
  };
}

/** The demo member signed in through the login form, in the browser's default context (the one Lighthouse's tab uses). */
async function signInDemoMember(chrome: LaunchedChrome, baseUrl: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${baseUrl}/login/${DEMO_TEAM_ID}`);
    await page.getByRole('textbox', { name: /E-mail address|メールアドレス/ }).fill(demoLogins.member.email);
    await page.getByRole('textbox', { name: /^(Password|パスワード)$/ }).fill(demoLogins.member.password);
    await page.getByRole('button', { name: new RegExp(`^(${auth.login.submit}|ログイン)$`) }).click();
    await page.waitForURL(new RegExp(`/user/${DEMO_TEAM_ID}$`));
    await page.waitForLoadState('networkidle');
    // A cold HTTP cache as for the other pages (Lighthouse keeps it with the storage): only the session stays.
    const cdp = await browser.contexts()[0].newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Over CDP this only disconnects: the browser and its default context (the session) stay.
    await browser.close();
  }
}

async function oneRun(baseUrl: string, target: Target): Promise<LighthouseRun> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-chrome-'));
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'silent' });
  try {
    if (target.signedIn) await signInDemoMember(chrome, baseUrl);
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // The signed-in page keeps the session just made; the others start from empty storage (Lighthouse's default).
      disableStorageReset: Boolean(target.signedIn),
    };
    const result = await lighthouse(`${baseUrl}${target.path}`, flags);
    if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
    const run = runOf(result.lhr);
    if (target.signedIn && !result.lhr.finalDisplayedUrl.endsWith(target.path)) {
      throw new Error(`The member home redirected to ${result.lhr.finalDisplayedUrl}: the sign-in did not hold`);
    }
    return run;
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** The median run by performance score (then LCP): one run's figures, not a mix of runs. */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const mark = (ok: boolean) => (ok ? 'pass' : 'MISS');

/** The table: one row per page, each figure with the issue's goal and a pass/miss mark. */
export function lighthouseTable(rows: { target: Target; median: LighthouseRun; runs: LighthouseRun[] }[]): string {
  const head = ['page', 'perf (≥90)', 'a11y (100)', 'best pr. (100)', 'SEO (100)', 'FCP', 'LCP (≤2.5 s)', 'TBT', 'CLS', 'requests', 'perf of runs'];
  const body = rows.map(({ target, median: m, runs }) => [
    target.name,
    `${m.performance} ${mark(m.performance >= 90)}`,
    `${m.accessibility} ${mark(m.accessibility === 100)}`,
    `${m.bestPractices} ${mark(m.bestPractices === 100)}`,
    `${m.seo} ${mark(m.seo === 100)}`,
    `${(m.fcpMs / 1000).toFixed(2)} s`,
    `${(m.lcpMs / 1000).toFixed(2)} s ${mark(m.lcpMs <= 2500)}`,
    `${m.tbtMs.toFixed(0)} ms`,
    m.cls.toFixed(3),
    String(m.requests),
    runs.map((r) => r.performance).join('/'),
  ]);
  const widths = head.map((_, i) => Math.max(...[head, ...body].map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
  const missed = rows.filter((r) => r.median.missed.length).map((r) => `${r.target.name}: ${r.median.missed.join(', ')}`);
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line), ...(missed.length ? ['', 'audits missed (median run):', ...missed] : [])].join('\n');
}

async function main() {
  await buildWebIfStale(log);
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-lighthouse-'));
  const platform = await startPlatform({ port: PORT, dataDir, seed: true, log: () => undefined });
  try {
    log('waiting for the demo videos to be encoded');
    await demoVideoWhenReady();
    const rows: { target: Target; median: LighthouseRun; runs: LighthouseRun[] }[] = [];
    for (const target of TARGETS) {
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < RUNS; i++) {
        log(`${target.path} run ${i + 1}/${RUNS}`);
        runs.push(await oneRun(platform.baseUrl, target));
      }
      rows.push({ target, median: medianRun(runs), runs });
    }
    console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'} per page (mobile, simulated slow 4G, 4x CPU; Chromium ${CHROMIUM}; goals in brackets)\n`);
    console.log(lighthouseTable(rows));
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((e: Error) => {
    console.error(e);
    process.exit(1);
  });
}
