import '../support/platform-env';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { LOGIN_SESSION_HEADER } from '../../../shared/api/calls/auth';
import { ruleOf, isTeamCall, type CallDef } from '../../../shared/api/define';
import { allCalls } from '../../../shared/api/registry';
import { signIn } from '../support/api';
import { MEMBER_PASSWORD, memberLogin, newMember, newOperator } from '../auth/support';
import { badBodies, notJsonBodies, refusedBy, type BadBody } from './support/bad-inputs';

/**
 * Every declared call, called by a suitable caller (public calls anonymously, member calls as a member,
 * everything else as the team's first administrator, who has every right), with generated bad bodies
 * from its zod input: each must be answered 4xx with `{ error: { code, fields? } }`, never 5xx, never hang.
 * `FUZZ_RUNS` generated bodies per call (`npm run fuzz`: 1000); by default a bounded sample for `npm test`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Requests in flight at once (the platform is one process; more only queues). */
const PARALLEL = 6;
/** Generated bodies sampled at once. */
const BATCH = 48;
const HANG_MS = 25_000;

interface Caller {
  token?: string;
  context: Record<string, string>;
  headers: Record<string, string>;
}

interface Finding {
  path: string;
  kind: string;
  status: number;
  body: string;
  input: string;
}

const findings: Finding[] = [];
let inputsPerCall = 0;
let sent = 0;
let fiveXx = 0;

async function send(def: CallDef, caller: Caller, body: BadBody): Promise<void> {
  let status = 0;
  let text = '';
  try {
    const res = await fetch(`${inject('baseUrl')}/api${def.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}), ...caller.headers },
      body: body.text,
      signal: AbortSignal.timeout(HANG_MS),
    });
    status = res.status;
    text = await res.text();
  } catch (e) {
    text = `no answer: ${(e as Error).name}`;
  }
  sent++;
  if (status >= 500) fiveXx++;
  if (!wellRefused(status, text)) findings.push({ path: def.path, kind: body.kind, status, body: text.slice(0, 300), input: body.text.slice(0, 200) });
}

/** 4xx and the platform's error shape. */
function wellRefused(status: number, text: string): boolean {
  if (status < 400 || status >= 500) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  const error = (parsed as { error?: { code?: unknown; fields?: unknown } }).error;
  if (!error || typeof error.code !== 'string' || !/^[a-z_]+\/[a-z_]+$/.test(error.code)) return false;
  if (error.fields === undefined) return true;
  return typeof error.fields === 'object' && error.fields !== null && Object.values(error.fields).every((v) => typeof v === 'string');
}

async function pool<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

describe('fuzz: bad inputs to every declared call', () => {
  let admin: Caller;
  let member: Caller;
  let signedIn: Caller;

  beforeAll(async () => {
    const team = await newOperator('Fuzz Site');
    admin = { token: team.token, context: { operatedTeamId: team.teamId, operatedUserId: team.userId }, headers: {} };
    signedIn = { token: team.token, context: {}, headers: {} };
    const m = await newMember(team.teamId, { emailVerified: true });
    const token = await signIn(m.email, MEMBER_PASSWORD);
    const login = await memberLogin(team.teamId, token);
    if (login.outcome !== 'login') throw new Error(`the fuzz member cannot log in: ${login.outcome}`);
    member = {
      token,
      context: { operatedTeamId: team.teamId, operatedUserId: m.userId },
      headers: { [LOGIN_SESSION_HEADER]: login.loginSessionId },
    };
  });

  afterAll(() => {
    console.log(`fuzz: ${allCalls.length} calls, ${inputsPerCall} inputs per call, ${fiveXx} 5xx (${sent} requests, seed ${SEED})`);
  });

  const callerOf = (def: CallDef): Caller => {
    const kind = ruleOf(def).kind;
    if (kind === 'public') return { context: {}, headers: {} };
    if (kind === 'signedIn') return signedIn;
    return kind === 'member' ? member : admin;
  };

  it(`answers 4xx with the error shape to ${RUNS} generated bad bodies per call, plus non-JSON and huge bodies`, { timeout: Math.max(60, RUNS / 4) * 60_000 }, async () => {
    expect(allCalls.length).toBeGreaterThan(0);
    inputsPerCall = RUNS + notJsonBodies.length + 1;
    // Generated and sent a batch at a time: at 1,000 runs per call the bodies (many of 1 MB) do not fit in memory at once.
    for (const [i, def] of allCalls.entries()) {
      const caller = callerOf(def);
      // Generated bodies the call's schema refuses; a schema that accepts nearly anything gets fewer
      // generated ones and more of the plain bad bodies, so every call still gets `RUNS`.
      let generated = 0;
      for (let tried = 0, batch = 0; generated < RUNS && tried < RUNS * 4; batch++) {
        const size = Math.min(BATCH, RUNS * 4 - tried);
        tried += size;
        const bodies = fc
          .sample(badBodies(def.input, caller.context), { numRuns: size, seed: (SEED + i * 7919 + batch * 104_729) % 2 ** 31 })
          .filter((b) => refusedBy(def.input, b.text))
          .slice(0, RUNS - generated);
        generated += bodies.length;
        await pool(bodies, (body) => send(def, caller, body));
      }
      const plain = Array.from({ length: RUNS - generated }, (_, n) => notJsonBodies[n % notJsonBodies.length]!);
      // A team call without its team context; any other call with an array for a body.
      const last: BadBody = isTeamCall(def) ? { kind: 'missingTeamContext', text: '{}' } : { kind: 'arrayBody', text: '[{}]' };
      await pool([...plain, ...notJsonBodies, last], (body) => send(def, caller, body));
    }

    expect(sent).toBe(allCalls.length * inputsPerCall);
    const summary = findings.slice(0, 20).map((f) => `${f.path} [${f.kind}] ${f.status} ${f.body} <- ${f.input}`);
    expect(summary).toEqual([]);
    expect(fiveXx).toBe(0);
  });
});
