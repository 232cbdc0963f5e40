import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { languages, type Lang } from './support/i18n';
import { DEMO_TEAM_ID } from './support/platform';
import { memberListCall } from '../../shared/api/calls/members';
import { demoAdminCaller, demoItemsForAxe } from './support/axe-items';
import { demoAdmin, logInAdmin, newBuyer, PREMIUM_VIDEO } from './support/shop';

/**
 * axe-core on every route of the web, in both languages: 0 serious or critical WCAG 2 A/AA violations.
 * Routes are enumerated from the web's own route tables (admin features' entries, the member and catalog list and
 * content tables, and the router's own paths), so a new route without a sample below fails this spec.
 */
// One test walks every route of a role (about 120 for administrators): minutes on a loaded machine.
test.describe.configure({ timeout: 20 * 60_000 });

type Role = 'visitor' | 'member' | 'admin';
interface RouteCheck {
  pattern: string;
  role: Role;
}

/**
 * The web's route tables, loaded when the test runs (by specifier, so the server tsconfig, which has no JSX, does not
 * type-check the web's pages through them; web/tsconfig.json does).
 */
interface WebRouteTables {
  adminRouteEntries: readonly { path: string }[];
  contentItemRoutes: (element: () => null) => { path?: string }[];
  areaListPages: readonly { path: string }[];
}
async function webRouteTables(): Promise<WebRouteTables> {
  const web = (path: string) => import(/* @vite-ignore */ fileURLToPath(new URL(`../../web/src/${path}`, import.meta.url)));
  const [admin, content, area] = await Promise.all([
    web('routes/admin/admin-routes.ts'),
    web('features/member-contents/content-routes.ts'),
    web('features/member-videos/area-routes.ts'),
  ]);
  return { adminRouteEntries: admin.adminRouteEntries, contentItemRoutes: content.contentItemRoutes, areaListPages: area.areaListPages };
}

const routerSource = readFileSync(fileURLToPath(new URL('../../web/src/router.tsx', import.meta.url)), 'utf8');

/** The paths the router declares itself, in one of its blocks (public children, member area, catalog). */
function routerPaths(from: string, to: string | undefined): string[] {
  const start = routerSource.indexOf(from);
  const end = to ? routerSource.indexOf(to, start + from.length) : routerSource.length;
  expect(start, from).toBeGreaterThanOrEqual(0);
  const block = routerSource.slice(start + from.length, end);
  const paths = [...block.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!);
  for (const m of block.matchAll(/\.\.\.\[((?:\s*'[^']+',?)+)\s*\]\.map\(\(path\)/g)) paths.push(...[...m[1]!.matchAll(/'([^']+)'/g)].map((x) => x[1]!));
  if (/index: true/.test(block)) paths.push('');
  return paths;
}

/** Every route pattern of the web, with who sees it. */
function allRoutes({ adminRouteEntries, contentItemRoutes, areaListPages }: WebRouteTables): RouteCheck[] {
  const publicPaths = routerPaths("import('./routes/public/public-layout')", "path: 'lp/:teamId'").filter((p) => p !== 'admin/*' && p !== 'lp/:teamId');
  const memberPaths = routerPaths("path: 'user/:teamId'", "path: 'catalog/:teamId'");
  const catalogPaths = routerPaths("path: 'catalog/:teamId'", undefined);
  const generated = [...contentItemRoutes(() => null).map((r) => r.path!), ...areaListPages.map((p) => p.path)];
  const under = (base: string, p: string) => (p ? `${base}/${p}` : base);
  return [
    ...publicPaths.map((p) => ({ pattern: `/${p}`, role: 'visitor' as const })),
    { pattern: '/lp/:teamId', role: 'visitor' },
    ...adminRouteEntries.map((e) => ({ pattern: `/admin/${e.path}`, role: 'admin' as const })),
    ...[...new Set([...memberPaths, ...generated])].map((p) => ({ pattern: under('/user/:teamId', p), role: 'member' as const })),
    ...[...new Set([...catalogPaths, ...generated])].map((p) => ({ pattern: under('/catalog/:teamId', p), role: 'visitor' as const })),
  ];
}

/** An id of the right shape that names nothing: used only where the demo team has no such item (reported). */
const NO_ITEM = '01AXENOITEM000000000000000';

interface Fixture {
  ids: Record<string, string | undefined>;
  /** Demo items the fixture could not make, with why. */
  skipped: string[];
}

/**
 * The ids the pages open: the demo seed's own items, and the items the seed lacks (a group, a tag, news, a survey, a
 * test and its answer, a workflow, a bulk mail, a custom mail, a comment), made through the API (support/axe-items.ts
 * says why no later spec can notice them).
 */
async function demoFixture(request: APIRequestContext): Promise<Fixture> {
  const admin = await demoAdminCaller(request, demoAdmin);
  const items = await demoItemsForAxe(request, admin);
  const memberList = await request.post(`/api${memberListCall.path}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { tab: 'member', operatedTeamId: DEMO_TEAM_ID, operatedUserId: admin.userId },
  });
  expect(memberList.status()).toBe(200);
  const memberId = ((await memberList.json()) as { items: { userId: string }[] }).items[0]?.userId;
  return {
    ids: {
      teamId: DEMO_TEAM_ID,
      videoId: PREMIUM_VIDEO,
      article: '01DEMOARTICLE0000000000001',
      pdf: '01DEMOPDF00000000000000001',
      live: '01DEMO11VE0000000000000001',
      playlist: '01DEMOP1AY11ST000000000001',
      event: '01DEMOEVENT000000000000001',
      category: '01DEMOCATEGORY000000000001',
      creator: '01DEMOCREATOR0000000000001',
      ...items.ids,
      userId: memberId,
    },
    skipped: items.skipped,
  };
}

/** The sample address of a route pattern; throws when the pattern has a parameter this table does not know. */
function samplePath(pattern: string, f: Fixture, missing: Set<string>): string {
  const id = (key: string) => {
    const v = f.ids[key];
    if (!v) missing.add(`${pattern} (${key})`);
    return v ?? NO_ITEM;
  };
  const typeOf = (p: string) => /\/(article|pdf|live|playlist|event|group|category|tag|creator)(?:\/|$)/.exec(p)?.[1];
  return pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    switch (name) {
      case 'teamId':
        return DEMO_TEAM_ID;
      case 'videoId':
        return PREMIUM_VIDEO;
      case 'parentId':
        return pattern.includes('/playlist/') ? id('playlist') : id('event');
      case 'eventId':
      case 'liveId':
      case 'pdfId':
      case 'categoryId':
      case 'tagId':
      case 'creatorId':
        // The item of that type: `eventId` -> the event.
        return id(name.slice(0, -2));
      case 'query':
        return 'lesson';
      case 'message':
        return 'expired';
      case 'token':
        return 'not-a-valid-token';
      case 'type':
        return pattern.startsWith('/entry/admin') ? 'unpaid_admin' : 'not_subscribe';
      case 'id': {
        // A subscription's price change: the demo member has none, so the page's own not-found state.
        if (pattern.includes('/change_price/')) {
          missing.add(`${pattern} (subscription)`);
          return 'sub_none';
        }
        const type = typeOf(pattern);
        if (!type) throw new Error(`No sample for :id in ${pattern}`);
        return id(type);
      }
      case 'newsId':
      case 'inviteId':
      case 'enqueteId':
      case 'testId':
      case 'workflowId':
      case 'sendEmailId':
      case 'customMailTemplateId':
      case 'commentId':
      case 'mailTemplateName':
      case 'userId':
      case 'productId':
      case 'priceId':
      case 'taxRateId':
      case 'answerId':
        return id(name);
      default:
        throw new Error(`No sample for :${name} in ${pattern}: add it to test/e2e/accessibility.spec.ts`);
    }
  });
}

/** Waits until the page has made no request for a moment (SWR loads after the chunk), at most 3 s (a player keeps fetching). */
async function settle(page: Page, inFlight: () => number) {
  const deadline = Date.now() + 3000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(50);
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 200) return;
  }
}

interface Finding {
  route: string;
  lang: Lang;
  rule: string;
  impact: string;
  targets: string[];
  /** axe's own words for the first node (for contrast: the two colours and the ratio). */
  detail: string;
}

async function checkRoutes(browser: Browser, role: Role, lang: Lang, routes: RouteCheck[], f: Fixture, missing: Set<string>, byImpact: Record<string, number>, findings: Finding[]): Promise<string[]> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  let pending = 0;
  page.on('request', () => pending++);
  page.on('requestfinished', () => pending--);
  page.on('requestfailed', () => pending--);
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  try {
    {
      if (role === 'admin') await logInAdmin(page, lang);
      else if (role === 'member') await newBuyer(page, lang, 'axe');
      await page.goto(`/?lang=${lang}`);
      for (const route of routes) {
        const path = samplePath(route.pattern, f, missing);
        // Client-side navigation: the app is loaded once per role and language.
        await page.evaluate((p) => {
          window.history.pushState({}, '', p);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, path);
        await settle(page, () => pending);
        const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
        for (const v of result.violations) {
          const impact = v.impact ?? 'unknown';
          byImpact[impact] = (byImpact[impact] ?? 0) + 1;
          if (impact === 'serious' || impact === 'critical') {
            const first = v.nodes[0];
            findings.push({
              route: route.pattern,
              lang,
              rule: v.id,
              impact,
              targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
              detail: [...(first?.any ?? []), ...(first?.all ?? [])].map((c) => c.message).join(' ') || (first?.failureSummary ?? ''),
            });
          }
        }
      }
    }
  } finally {
    await context.close();
  }
  return cspViolations;
}

const state = {
  routes: [] as RouteCheck[],
  fixture: undefined as Fixture | undefined,
  missing: new Set<string>(),
  byImpact: {} as Record<string, number>,
  findings: [] as Finding[],
  csp: [] as string[],
  checked: [] as string[],
};

/** The routes and their samples, once per worker. */
async function ensureSamples(request: APIRequestContext) {
  if (state.fixture) return;
  state.routes = allRoutes(await webRouteTables());
  state.fixture = await demoFixture(request);
  // Every route has a sample before any page is opened: a new parameter fails here, naming the route.
  for (const r of state.routes) samplePath(r.pattern, state.fixture, state.missing);
}

// One test per role and language (each loads the app once and moves through its routes client-side); the last one
// asserts over all of them, so a role with violations does not hide the others'.
test.describe('axe on every route', () => {
  test('every route of the web has a sample address', async ({ request }) => {
    await ensureSamples(request);
    const patterns = state.routes.map((r) => r.pattern);
    expect(new Set(patterns).size, 'each route once').toBe(patterns.length);
    expect(state.routes.length).toBeGreaterThan(150);
  });

  for (const role of ['visitor', 'member', 'admin'] as const) {
    for (const lang of languages) {
      test(`${role} routes (${lang})`, async ({ browser, request }) => {
        await ensureSamples(request);
        // AXE_ROUTES (a regular expression) narrows the run to some routes while fixing them; the figures say so.
        const only = process.env.AXE_ROUTES ? new RegExp(process.env.AXE_ROUTES) : undefined;
        const own = state.routes.filter((r) => r.role === role && (!only || only.test(r.pattern)));
        expect(only || own.length > 0).toBeTruthy();
        const started = Date.now();
        const findings: Finding[] = [];
        state.csp.push(...(await checkRoutes(browser, role, lang, own, state.fixture!, new Set(), state.byImpact, findings)));
        state.findings.push(...findings);
        state.checked.push(`${role}/${lang}`);
        console.log(`axe: ${role} ${lang}: ${own.length} routes in ${Math.round((Date.now() - started) / 1000)} s, ${findings.length} serious or critical`);
      });
    }
  }

  test('no serious or critical violation and no CSP violation on any of them', () => {
    const only = process.env.AXE_ROUTES ? ` (only those matching ${process.env.AXE_ROUTES})` : '';
    console.log(`axe: ${state.routes.length} routes x ${languages.length} languages${only}, violations by impact: ${JSON.stringify(state.byImpact)}`);
    for (const x of state.findings) console.log(`axe: ${x.lang} ${x.route} ${x.rule}: ${x.detail}`);
    if (state.missing.size) console.log(`axe: routes opened with an id naming no item (their not-found state): ${[...state.missing].join(', ')}`);
    if (state.fixture?.skipped.length) console.log(`axe: demo items not made: ${state.fixture.skipped.join('; ')}`);
    expect(state.checked).toHaveLength(3 * languages.length);
    const summary = [...new Set(state.findings.map((x) => `${x.impact} ${x.rule} ${x.lang} ${x.route} [${x.targets.join(' | ')}]`))];
    expect(state.csp, 'Content Security Policy violations').toEqual([]);
    expect(summary, `${state.findings.length} serious or critical violations`).toEqual([]);
  });
});
