/**
 * Load figures (issue 29 point 4): members browsing and operators saving at once against the local platform, with
 * autocannon. Members (BENCH_LOAD_CONNECTIONS connections, default 100) loop through the calls their pages make, as
 * the web app makes them (captured from the pages in Chromium): the member home (design, member context, newer and
 * popular lists), the newer list page, a video page (design, /member_video/get, member context, saved status, comments,
 * then the player's progress calls `start` and `progress`) and a search. Each loop takes the next of
 * BENCH_LOAD_MEMBERS member accounts (default 20, made through the real calls: an invitation by the demo
 * administrator and /invite/join, each signed in once; tokens are reused across connections). Operators
 * (BENCH_LOAD_OPERATORS, default 20, joined through an administrator invitation) each read their own news item and
 * save it with the `version` read; two connections can hold the same operator at once, so a 409
 * common/concurrent_update is a deliberate outcome, counted apart from errors. BENCH_LOAD_DURATION seconds (60).
 *
 * The platform (the demo seed, its own ports and data dir) runs in a child process, so its memory is its own: RSS and
 * heap are read there before and after the load (and RSS sampled during it). The raw DynamoDB operations of each call
 * are counted there too, in the same run: every DynamoDB SDK request (the shared smithy Client.send) made while the
 * gateway handles an /api request is attributed to that request's path (AsyncLocalStorage entered at the HTTP
 * server's `request` event); the requests the table stream's reactions and the workers make outside any call are
 * counted apart. The app's code is not changed: both hooks are installed by this bench in the child only.
 * Alone: `npm run bench:load` (quick: BENCH_LOAD_DURATION=10 BENCH_LOAD_CONNECTIONS=20).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { DEMO_TEAM_ID, demoLogins } from '../local/seed';
import { signIn } from './support';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const PORT = Number(process.env.BENCH_LOAD_PORT ?? 3760);
const DURATION = Number(process.env.BENCH_LOAD_DURATION ?? 60);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 100);
const MEMBERS = Number(process.env.BENCH_LOAD_MEMBERS ?? 20);
const OPERATORS = Number(process.env.BENCH_LOAD_OPERATORS ?? 20);
/** The demo videos members may watch (local/seed-videos.ts: both public, free). */
const VIDEO_IDS = ['01DEMOVIDE0000000000000001', '01DEMOVIDE0000000000000002'];
const log = (line: string) => console.error(`[bench load] ${line}`);

interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
}
interface CallOps {
  requests: number;
  /** DynamoDB requests by operation; `items` of transactions and batches. */
  ops: Record<string, number>;
  items: Record<string, number>;
}
type ToChild = { type: 'memory' } | { type: 'ops' } | { type: 'reset' } | { type: 'stop' };
type FromChild =
  | { type: 'ready'; baseUrl: string; env: Record<string, string> }
  | { type: 'memory'; memory: Memory }
  | { type: 'ops'; ops: Record<string, CallOps> }
  | { type: 'reset' }
  | { type: 'stopped' };

const OUTSIDE = '(outside any call: stream reactions, workers)';

/** DynamoDB's operation names for the document client's commands. */
const operationOf = (command: string) =>
  ({ Get: 'GetItem', Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', BatchGet: 'BatchGetItem', BatchWrite: 'BatchWriteItem', TransactWrite: 'TransactWriteItems', TransactGet: 'TransactGetItems' })[
    command.replace(/Command$/, '')
  ] ?? command.replace(/Command$/, '');

/** The child: the platform, the two meters, and answers to the parent's questions. */
async function platformChild() {
  const calls = new AsyncLocalStorage<string>();
  let counts: Record<string, CallOps> = {};
  const entry = (path: string) => (counts[path] ??= { requests: 0, ops: {}, items: {} });

  // Every /api request of the gateway (on PORT) runs in a context naming its path.
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const url = (args[0] as { url?: string }).url ?? '';
      const address = this.address();
      if (url.startsWith('/api/') && address && typeof address === 'object' && address.port === PORT) {
        const path = url.split('?')[0];
        entry(path).requests++;
        return calls.run(path, () => Reflect.apply(emit, this, [event, ...args]) as boolean);
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof Server.prototype.emit;

  // Every SDK request goes through the one smithy Client.send (the document client's and the plain client's alike).
  const require = createRequire(import.meta.url);
  const { Client } = require('@smithy/core/client') as { Client: { prototype: { send: (command: object, ...rest: unknown[]) => unknown } } };
  const send = Client.prototype.send;
  Client.prototype.send = function (this: object, command: object, ...rest: unknown[]) {
    const client = this.constructor.name;
    if (client === 'DynamoDBDocumentClient' || client === 'DynamoDBClient') {
      const op = operationOf(command.constructor.name);
      const e = entry(calls.getStore() ?? OUTSIDE);
      e.ops[op] = (e.ops[op] ?? 0) + 1;
      const input = (command as { input?: { TransactItems?: unknown[]; RequestItems?: Record<string, unknown[] | { Keys?: unknown[] }> } }).input;
      const items =
        input?.TransactItems?.length ??
        (input?.RequestItems ? Object.values(input.RequestItems).reduce<number>((n, r) => n + (Array.isArray(r) ? r.length : (r.Keys?.length ?? 0)), 0) : undefined);
      if (items !== undefined) e.items[op] = (e.items[op] ?? 0) + items;
    }
    return send.call(this, command, ...rest);
  };

  const { startPlatform } = await import('../local/platform');
  const { demoVideoWhenReady } = await import('./first-frame');
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-load-'));
  const platform = await startPlatform({ port: PORT, dataDir, seed: true, log: () => undefined });
  await demoVideoWhenReady();
  const reply = (m: FromChild) => process.send!(m);
  process.on('message', (m: ToChild) => {
    if (m.type === 'memory') {
      const { rss, heapUsed, heapTotal } = process.memoryUsage();
      reply({ type: 'memory', memory: { rss, heapUsed, heapTotal } });
    } else if (m.type === 'ops') reply({ type: 'ops', ops: counts });
    else if (m.type === 'reset') {
      counts = {};
      reply({ type: 'reset' });
    } else if (m.type === 'stop') {
      void platform.stop().finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        reply({ type: 'stopped' });
        process.exit(0);
      });
    }
  });
  reply({ type: 'ready', baseUrl: platform.baseUrl, env: platform.env });
}

/** The child process and a way to ask it something and wait for its answer of that type. */
function startChild(): { child: ChildProcess; ask: <T extends FromChild['type']>(m: ToChild | undefined, answer: T) => Promise<Extract<FromChild, { type: T }>> } {
  const child = fork(fileURLToPath(import.meta.url), ['--platform'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const ask = <T extends FromChild['type']>(m: ToChild | undefined, answer: T) =>
    new Promise<Extract<FromChild, { type: T }>>((resolve, reject) => {
      const onMessage = (r: FromChild) => {
        if (r.type !== answer) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(r as Extract<FromChild, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`The platform process exited (${code}) before answering ${answer}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      if (m) child.send(m);
    });
  return { child, ask };
}

interface Person {
  teamId: string;
  userId: string;
  token: string;
}

async function post(baseUrl: string, path: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** `count` people of the demo team joined through an invitation of the demo administrator, each signed in once. */
async function joinPeople(baseUrl: string, env: Record<string, string>, admin: Person, kind: 'user' | 'admin', count: number): Promise<Person[]> {
  const as = { operatedTeamId: admin.teamId, operatedUserId: admin.userId };
  const { inviteId } = (await post(
    baseUrl,
    '/invite/create',
    { ...as, kind, title: `Bench load ${kind}`, maxRegistrations: null, ...(kind === 'admin' ? { categories: ['userManager'] } : {}) },
    admin.token,
  )) as { inviteId: string };
  const people: Person[] = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-load-${kind}-${i}-${Date.now()}@example.test`;
    const password = 'bench-pass1';
    const joined = (await post(baseUrl, '/invite/join', { inviteId, kind, email, password, passwordConfirmation: password, name: `Bench ${kind} ${i}`, language: 'en' })) as {
      teamId: string;
      userId: string;
    };
    people.push({ teamId: joined.teamId, userId: joined.userId, token: await signIn(env, email, password) });
  }
  return people;
}

const subOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;

type Req = Omit<autocannon.Request, 'setupRequest' | 'onResponse'> & {
  setupRequest?: (req: autocannon.Request, context: Ctx) => autocannon.Request | null;
  onResponse?: (status: number, body: string, context: Ctx) => void;
};
type Ctx = Record<string, unknown>;

/** What the last completed response was: set in onResponse, read synchronously by the 'response' listener after it. */
let last: { name: string; status: number; code?: string } | undefined;
const codeOf = (body: string) => {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

/** A call of the loop: its body from the loop's context (the person and the video it holds). */
function call(name: string, path: string, body: (ctx: Ctx) => Record<string, unknown> | undefined, after?: (status: number, body: string, ctx: Ctx) => void, first?: (ctx: Ctx) => void): Req {
  return {
    method: 'POST',
    path: `/api${path}`,
    setupRequest: (req, ctx) => {
      first?.(ctx);
      const person = ctx.person as Person;
      const b = body(ctx);
      if (!b) return null;
      const team = path.startsWith('/settings/design/public') ? {} : { operatedTeamId: person.teamId, operatedUserId: person.userId };
      return { ...req, headers: { 'content-type': 'application/json', authorization: `Bearer ${person.token}` }, body: JSON.stringify({ ...b, ...team }) };
    },
    onResponse: (status: number, resBody: string, ctx: Ctx) => {
      last = { name, status, code: status >= 400 ? codeOf(resBody) : undefined };
      after?.(status, resBody, ctx);
    },
  } as Req;
}

function memberLoop(members: Person[]): Req[] {
  let next = 0;
  const take = (ctx: Ctx) => {
    ctx.person = members[next % members.length];
    ctx.videoId = VIDEO_IDS[next % VIDEO_IDS.length];
    next++;
  };
  const design = (page: string) => call(`${page}: /settings/design/public`, '/settings/design/public', () => ({ teamId: DEMO_TEAM_ID }));
  const list = (label: string, input: Record<string, unknown>) => call(label, '/member_content/list', () => ({ type: 'video', limit: 20, ...input }));
  const context = call('/auth/member_context', '/auth/member_context', () => ({}));
  const video = (ctx: Ctx) => ({ videoId: ctx.videoId });
  return [
    // The member home.
    { ...design('home'), setupRequest: (req: autocannon.Request, ctx: Ctx) => (take(ctx), design('home').setupRequest!(req, ctx)) },
    context,
    list('/member_content/list newer (home, list page)', { order: 'newer' }),
    list('/member_content/list popular (home)', { order: 'popular' }),
    // The newer list page.
    design('list'),
    list('/member_content/list newer (home, list page)', { order: 'newer' }),
    context,
    // A video page, and the player's progress calls.
    design('video'),
    call('/member_video/get', '/member_video/get', video),
    context,
    call('/member_saved/status', '/member_saved/status', (ctx) => ({ type: 'video', id: ctx.videoId })),
    call('/member_comment/list', '/member_comment/list', (ctx) => ({ type: 'video', id: ctx.videoId, limit: 20 })),
    call('/member_video/progress', '/member_video/progress', (ctx) => ({ ...video(ctx), event: 'start', positionSeconds: 0 })),
    call('/member_video/progress', '/member_video/progress', (ctx) => ({ ...video(ctx), event: 'progress', positionSeconds: 2 })),
    // A search.
    design('search'),
    list('/member_content/list search', { query: 'Welcome' }),
    context,
  ];
}

function operatorLoop(operators: (Person & { newsId: string })[]): Req[] {
  let next = 0;
  return [
    call(
      '/news/get (operator)',
      '/news/get',
      (ctx) => ({ newsId: (ctx.person as { newsId: string }).newsId }),
      (status, body, ctx) => {
        ctx.version = status === 200 ? (JSON.parse(body) as { news: { version: number } }).news.version : undefined;
      },
      (ctx) => {
        ctx.person = operators[next++ % operators.length];
      },
    ),
    call('/news/update (operator)', '/news/update', (ctx) =>
      ctx.version === undefined
        ? undefined
        : { newsId: (ctx.person as { newsId: string }).newsId, version: ctx.version, title: `Bench news ${Date.now()}`, content: 'Saved under load.', groupIds: [] },
    ),
  ];
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

function table(head: string[], body: string[][]): string {
  const widths = head.map((_, i) => Math.max(...[head, ...body].map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

function opsText(o: CallOps | undefined, per: number): string {
  if (!o || !per) return '-';
  return Object.entries(o.ops)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([op, n]) => `${op} ${(n / per).toFixed(2)}${o.items[op] ? ` (${(o.items[op] / n).toFixed(1)} items)` : ''}`)
    .join(', ');
}

async function main() {
  const { buildWebIfStale } = await import('../local/web-build');
  await buildWebIfStale(log);
  log('starting the platform (demo seed) in a child process');
  const { child, ask } = startChild();
  try {
    const { baseUrl, env } = await ask(undefined, 'ready');
    const adminToken = await signIn(env, demoLogins.admin.email, demoLogins.admin.password);
    const admin: Person = { teamId: DEMO_TEAM_ID, userId: subOf(adminToken), token: adminToken };
    log(`joining ${MEMBERS} members and ${OPERATORS} operators through invitations`);
    const members = await joinPeople(baseUrl, env, admin, 'user', MEMBERS);
    const operators = await Promise.all(
      (await joinPeople(baseUrl, env, admin, 'admin', OPERATORS)).map(async (op, i) => {
        const { news } = (await post(baseUrl, '/news/create', { operatedTeamId: op.teamId, operatedUserId: op.userId, title: `Bench news ${i}`, content: 'Before the load.', groupIds: [] }, op.token)) as {
          news: { newsId: string };
        };
        return { ...op, newsId: news.newsId };
      }),
    );

    await ask({ type: 'reset' }, 'reset');
    const before = (await ask({ type: 'memory' }, 'memory')).memory;
    let peakRss = before.rss;
    const sampler = setInterval(() => void ask({ type: 'memory' }, 'memory').then((m) => (peakRss = Math.max(peakRss, m.memory.rss))), 2000);

    const samples = new Map<string, { ms: number[]; ok: number; deliberate: number; errors: Map<string, number> }>();
    const record = (ms: number) => {
      if (!last) return;
      const s = samples.get(last.name) ?? { ms: [], ok: 0, deliberate: 0, errors: new Map<string, number>() };
      samples.set(last.name, s);
      s.ms.push(ms);
      if (last.status === 200) s.ok++;
      else if (last.status === 409 && last.code === 'common/concurrent_update') s.deliberate++;
      else s.errors.set(`${last.status} ${last.code ?? ''}`.trim(), (s.errors.get(`${last.status} ${last.code ?? ''}`.trim()) ?? 0) + 1);
      last = undefined;
    };
    log(`load: ${CONNECTIONS} member connections (${MEMBERS} accounts) and ${OPERATORS} operators for ${DURATION} s`);
    const run = (connections: number, requests: Req[]) => {
      return new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon({ url: baseUrl, connections, duration: DURATION, requests: requests as autocannon.Request[], timeout: 30 }, (err, result) =>
          err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(result),
        );
        instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => record(ms));
      });
    };
    const [memberResult, operatorResult] = await Promise.all([run(CONNECTIONS, memberLoop(members)), run(OPERATORS, operatorLoop(operators))]);
    clearInterval(sampler);
    const after = (await ask({ type: 'memory' }, 'memory')).memory;
    peakRss = Math.max(peakRss, after.rss);
    const ops = (await ask({ type: 'ops' }, 'ops')).ops;

    const rows: string[][] = [];
    let unexpected = 0;
    const byPath = (name: string) => `/api${name.split(' ')[0].replace(/^[a-z]+: /, '')}`;
    for (const [name, s] of [...samples.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...s.ms].sort((a, b) => a - b);
      const errors = [...s.errors.values()].reduce((a, b) => a + b, 0);
      unexpected += errors;
      const path = name.includes(': ') ? `/api${name.split(': ')[1]}` : byPath(name);
      const o = ops[path];
      rows.push([
        name,
        String(s.ms.length),
        `${percentile(sorted, 50).toFixed(0)} / ${percentile(sorted, 95).toFixed(0)} / ${percentile(sorted, 99).toFixed(0)} ms`,
        errors ? `${errors} (${[...s.errors.entries()].map(([k, n]) => `${k} x${n}`).join(', ')})` : '0',
        String(s.deliberate),
        opsText(o, o?.requests ?? 0),
      ]);
    }
    const outside = ops[OUTSIDE];
    if (outside) rows.push([OUTSIDE, '-', '-', '-', '-', `${opsText(outside, 1)} (totals)`]);
    const transport = (r: autocannon.Result) => r.errors + r.timeouts;
    unexpected += transport(memberResult) + transport(operatorResult);

    console.log(
      `\nLoad: ${CONNECTIONS} member connections (${MEMBERS} accounts, demo team) + ${OPERATORS} operators saving, ${DURATION} s, one platform process (source handlers) on this machine\n`,
    );
    console.log(table(['call (page)', 'requests', 'p50 / p95 / p99', 'errors', '409 deliberate', 'DynamoDB requests per call of the path (avg, same run)'], rows));
    const total = memberResult.requests.total + operatorResult.requests.total;
    console.log(
      `\nthroughput ${(total / DURATION).toFixed(0)} req/s (members ${memberResult.requests.average.toFixed(0)}/s, operators ${operatorResult.requests.average.toFixed(0)}/s); transport errors ${memberResult.errors + operatorResult.errors}, timeouts ${memberResult.timeouts + operatorResult.timeouts}`,
    );
    console.log(`errors other than deliberate 409s: ${unexpected} (goal 0: ${unexpected === 0 ? 'pass' : 'MISS'})`);
    console.log(
      `platform process memory: RSS ${mb(before.rss)} -> ${mb(after.rss)} (peak sampled ${mb(peakRss)}), heap used ${mb(before.heapUsed)} -> ${mb(after.heapUsed)} (of ${mb(before.heapTotal)} -> ${mb(after.heapTotal)}); DynamoDB Local (Java) and the other stand-ins' own processes not included`,
    );
  } finally {
    await ask({ type: 'stop' }, 'stopped').catch(() => undefined);
    if (child.exitCode === null) child.kill();
  }
}

if (process.argv.includes('--platform')) {
  platformChild().catch((e: Error) => {
    console.error(e);
    process.exit(1);
  });
} else if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((e: Error) => {
    console.error(e);
    process.exit(1);
  });
}
