import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCalls } from '../../shared/api/registry';
import { domains } from '../../shared/api/define';
import { CALLS_INDEX_FILE, callRoutesFile, collectCallsIndex, renderCallRoutes, renderCallsIndex, repoRoot, type CallIndexEntry } from '../../scripts/calls-index';

const STALE = `${CALLS_INDEX_FILE} is stale: run npm run calls-index`;

describe('the call index (docs/calls.md, scripts/calls-index.ts)', () => {
  let entries: CallIndexEntry[] | undefined;
  const collect = async () => (entries ??= await collectCallsIndex());

  it('has one row per declared call', async () => {
    const rows = await collect();
    expect(rows.map((e) => e.path).sort()).toEqual(allCalls.map((c) => c.path).sort());
    expect(rows.filter((e) => e.name === '?').map((e) => e.path), 'declarations not found among the exports of the registry modules').toEqual([]);
    // Collecting imports every call module and parses lambdas/ and web/src: seconds on a busy machine.
  }, 60_000);

  it('finds the lambdas file implementing every declared call', async () => {
    const missing = (await collect()).filter((e) => e.handlers.length === 0).map((e) => `${e.name} (${e.path})`);
    expect(missing, `no implement(...) found under lambdas/ for: ${missing.join(', ')}`).toEqual([]);
  });

  it('is the committed docs/calls.md', async () => {
    const file = join(repoRoot, CALLS_INDEX_FILE);
    expect(existsSync(file), STALE).toBe(true);
    const committed = readFileSync(file, 'utf8');
    const generated = renderCallsIndex(await collect());
    // A string compare and one message, not a diff of the whole table: the message says what to do.
    if (committed !== generated) expect.fail(STALE);
  });

  it.each(domains)('is the committed route table of %s (lambdas/<domain>/call-routes.ts)', async (domain) => {
    const file = join(repoRoot, callRoutesFile(domain));
    expect(existsSync(file), STALE).toBe(true);
    if (readFileSync(file, 'utf8') !== renderCallRoutes(await collect(), domain)) expect.fail(`${callRoutesFile(domain)} is stale: run npm run calls-index`);
  });
});
