import '../support/platform-env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '../../../shared/api/registry';
import { ruleOf, type CallDef } from '../../../shared/api/define';
import { isErrorCode } from '../../../shared/errors';
import { newPerson, type Caller } from '../content/people';
import { post, type Answer } from '../support/api';
import { buildInput } from './support/call-inputs';
import { isWrite, readsLookingLikeWrites } from './support/call-kinds';
import { buildFixture, type Fixture } from './support/fixture-team';

/**
 * Concurrency over every write call, generated from the registry (issue 16): 16 requests at once for one item of a
 * fixture team, as its own administrator (or member, for member calls). None may answer 5xx; a refusal is a
 * catalogued SPEC §8 code; a lost race is 409, and any other refusal is the one the same request gets sent alone. Targeted cases
 * below check that the final state is one of the writes and that counters stay exact.
 */

const AT_ONCE = 16;

/** Sent after every other write: they remove the callers or the connection the other writes need. */
const destructiveLast = ['/profile/delete_account', '/administrator/delete', '/stripe/connect/disconnect', '/plan/cancel', '/member/delete'];
/** The verbs that remove an item: sent after the other writes, so those find their item. */
const removing = /(^|[/_])(delete|remove|reject|abort|cancel|disconnect)([/_]|$)/;

const writes = allCalls.filter(isWrite);
const ordered = [
  ...writes.filter((c) => !removing.test(c.path) && !destructiveLast.includes(c.path)),
  ...writes.filter((c) => removing.test(c.path) && !destructiveLast.includes(c.path)),
  ...destructiveLast.map((p) => writes.find((c) => c.path === p)).filter((c): c is CallDef => !!c),
];

let fx: Fixture;
const tally = { calls: 0, requests: 0, ok: 0, refused: 0, conflicts: 0, failed: 0, limited: 0 };
/** Refusals by status and code, printed: what the 4xx answers were. */
const refusals = new Map<string, number>();

beforeAll(async () => {
  fx = await buildFixture();
}, 240_000);

afterAll(() => {
  console.log(
    `concurrency: ${tally.calls}/${writes.length} write calls, ${tally.requests} requests (${AT_ONCE} at once): ${tally.ok} ok, ${tally.conflicts} 409, ${tally.refused} other 4xx, ${tally.failed} 5xx; ${tally.limited} calls whose burst used up a limit`,
  );
  console.log(`concurrency: refusals ${[...refusals].sort((x, y) => y[1] - x[1]).map(([k, n]) => `${k} x${n}`).join(', ')}`);
});

const at = (who: Caller, body: Record<string, unknown>) => ({ ...body, ...who.ctx });

/** Sends `bodies` at once; answers them in order. */
const burst = (path: string, token: string, bodies: Record<string, unknown>[]) => Promise.all(bodies.map((b) => post<Record<string, unknown>>(path, b, token)));

/** Every answer is a success or a catalogued refusal, never a 5xx. */
function problemsOf(answers: Answer<Record<string, unknown>>[]): string[] {
  return answers.flatMap((a, i) => {
    if (a.status >= 500) return [`request ${i}: ${a.status} ${JSON.stringify(a.body)}`];
    if (a.status >= 400 && !(typeof a.body.error?.code === 'string' && isErrorCode(a.body.error.code)))
      return [`request ${i}: ${a.status} without a catalogued code: ${JSON.stringify(a.body)}`];
    return [];
  });
}

function count(answers: Answer<Record<string, unknown>>[]) {
  tally.requests += answers.length;
  for (const a of answers) {
    if (a.status >= 400) refusals.set(`${a.status} ${a.body.error?.code}`, (refusals.get(`${a.status} ${a.body.error?.code}`) ?? 0) + 1);
    if (a.status < 300) tally.ok++;
    else if (a.status === 409) tally.conflicts++;
    else if (a.status >= 500) tally.failed++;
    else tally.refused++;
  }
}

describe('the write calls', () => {
  it('are classified explicitly', () => {
    expect(writes.length).toBeGreaterThan(100);
    for (const p of [...readsLookingLikeWrites, ...destructiveLast]) expect(allCalls.some((c) => c.path === p), p).toBe(true);
    console.log(`concurrency: writes = ${writes.map((c) => c.path).join(' ')}`);
  });
});

describe('targeted: final state is one of the writes, counters stay exact', () => {
  it('/profile/update: 16 names at once, one of them stays (updateTeamUser retries, then 409)', async () => {
    const m = fx.a.member;
    const names = Array.from({ length: AT_ONCE }, (_, i) => `Racer ${i}`);
    const answers = await burst('/profile/update', m.token, names.map((name) => at(m, { name })));
    count(answers);
    expect(problemsOf(answers)).toEqual([]);
    for (const a of answers) if (a.status !== 200) expect([a.status, a.body.error?.code]).toEqual([409, 'common/concurrent_update']);
    const got = JSON.stringify((await post('/profile/get', m.ctx, m.token)).body);
    expect(names.filter((n) => got.includes(`"${n}"`))).toHaveLength(1);
  });

  it('/news/update with one version: exactly one wins, the others answer 409', async () => {
    const a = fx.a.admin;
    const before = (await post<{ news: { version: number } }>('/news/get', at(a, { newsId: fx.a.ids.newsId }), a.token)).body.news;
    const titles = Array.from({ length: AT_ONCE }, (_, i) => `Edition ${i}`);
    const answers = await burst('/news/update', a.token, titles.map((title) => at(a, { newsId: fx.a.ids.newsId, version: before.version, title, content: 'c' })));
    count(answers);
    expect(problemsOf(answers)).toEqual([]);
    const won = answers.flatMap((r, i) => (r.status === 200 ? [titles[i]] : []));
    expect(won).toHaveLength(1);
    // A stale version is a 409 naming the version field (the form reloads the item).
    for (const r of answers) if (r.status !== 200) expect(r.body).toEqual({ error: { code: 'common/concurrent_update', fields: { version: 'validation/invalid_value' } } });
    const after = (await post<{ news: { title: string; version: number } }>('/news/get', at(a, { newsId: fx.a.ids.newsId }), a.token)).body.news;
    expect(after.title).toBe(won[0]);
    expect(after.version).toBe(before.version + 1);
  });

  it('/group/update: 16 names at once, one of them stays', async () => {
    const a = fx.a.admin;
    const names = Array.from({ length: AT_ONCE }, (_, i) => `Cohort ${i}`);
    const answers = await burst('/group/update', a.token, names.map((name) => at(a, { groupId: fx.a.ids.groupId, name })));
    count(answers);
    expect(problemsOf(answers)).toEqual([]);
    const got = JSON.stringify((await post('/group/get', at(a, { groupId: fx.a.ids.groupId }), a.token)).body);
    expect(names.filter((n) => got.includes(`"${n}"`))).toHaveLength(1);
  });

  it('a group member count stays exact when 16 members join it at once, and when one joins 16 times', async () => {
    const a = fx.a.admin;
    const group = (await post<{ group: { groupId: string } }>('/group/create', at(a, { name: 'Counted' }), a.token)).body.group.groupId;
    const people = await Promise.all(Array.from({ length: AT_ONCE }, () => newPerson(a.teamId, 'member')));
    const join = (p: Caller, i: number) => at(a, { userId: p.userId, name: `Joiner ${i}`, disabled: false, groupIds: [group] });
    const answers = await burst('/member/update', a.token, people.map(join));
    count(answers);
    expect(problemsOf(answers)).toEqual([]);
    const joined = answers.filter((r) => r.status === 200).length;
    const again = await burst('/member/update', a.token, Array.from({ length: AT_ONCE }, () => join(people[0], 0)));
    count(again);
    expect(problemsOf(again)).toEqual([]);
    const memberCount = (await post<{ group: { memberCount: number } }>('/group/get', at(a, { groupId: group }), a.token)).body.group.memberCount;
    const listed = (await post<{ items: unknown[] }>('/group/members', at(a, { groupId: group, limit: 100 }), a.token)).body.items.length;
    expect(memberCount).toBe(listed);
    expect(memberCount).toBe(joined + (answers[0].status === 200 ? 0 : again.some((r) => r.status === 200) ? 1 : 0));
  });

  it("/member_chat/send: 16 messages at once, the administrators' unread count is exact", async () => {
    const { admin: a, member: m } = fx.a;
    const unread = async () =>
      (await post<{ items: { conversationId: string; unread: number }[] }>('/chat/list', at(a, { limit: 100 }), a.token)).body.items.find((c) => c.conversationId === fx.a.ids.conversationId)!
        .unread;
    const before = await unread();
    const answers = await burst('/member_chat/send', m.token, Array.from({ length: AT_ONCE }, (_, i) => at(m, { conversationId: fx.a.ids.conversationId, body: `Ping ${i}` })));
    count(answers);
    expect(problemsOf(answers)).toEqual([]);
    expect(await unread()).toBe(before + answers.filter((r) => r.status === 200).length);
  });

  it('/member_saved/add: the same item 16 times at once is saved once', async () => {
    const m = fx.a.member;
    const answers = await burst('/member_saved/add', m.token, Array.from({ length: AT_ONCE }, () => at(m, { list: 'watchLater', type: 'video', id: fx.a.ids.video })));
    count(answers);
    expect(problemsOf(answers)).toEqual([]);
    const listed = await post<{ items: unknown[] }>('/member_saved/list', at(m, { list: 'watchLater', limit: 20 }), m.token);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.items).toHaveLength(1);
  });
});

describe('every write call, 16 identical requests at once on the fixture team', () => {
  it.each(ordered.map((c) => [c.path, c] as const))('%s', async (_path, def) => {
    const { input, problems } = buildInput(def, fx.idsOf);
    expect(problems).toEqual([]);
    const kind = ruleOf(def).kind;
    const who = kind === 'member' || def.path === '/profile/delete_account' ? fx.a.member : fx.a.admin;
    const body = kind === 'signedIn' ? input : at(who, input);
    const answers = await burst(def.path, who.token, Array.from({ length: AT_ONCE }, () => body));
    count(answers);
    tally.calls++;
    expect(problemsOf(answers)).toEqual([]);
    // A lost race is a 409; any other refusal is the one the same request gets sent alone afterwards (the item another
    // request just removed, a name another just took), never one only the race produced. When the burst itself used
    // up a limit (the request alone answers 429: wrong codes counted), that answer says nothing of the burst's own.
    const alone = await post<Record<string, unknown>>(def.path, body, who.token);
    const solo = `${alone.status} ${alone.body.error?.code ?? ''}`;
    const raceOnly = answers.filter((a) => a.status >= 400 && a.status !== 409).map((a) => `${a.status} ${a.body.error?.code}`).filter((k) => k !== solo);
    if (alone.status !== 429) expect(raceOnly, `refusals that the request sent alone (${solo}) does not get`).toEqual([]);
    else tally.limited++;
  });
});
