import '../support/platform-env';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpHandler } from '../../../lambdas/core/http/create-handler';
import { implement } from '../../../lambdas/core/http/implement';
import { getItem } from '../../../lambdas/platform/db';
import { defineCall } from '../../../shared/api/define';
import { newOperator, type Caller } from '../content/people';
import { invokeHandler } from '../support/invoke';

/**
 * Issue 29 point 5: a call whose table read is throttled on every attempt the SDK makes (DynamoDB Local behind the
 * injected faults, the real SDK retrying) answers a retryable 503 `common/temporarily_unavailable`, never a 500; the
 * same call succeeds once the faults stop. The call is declared for the test only.
 */
const dir = mkdtempSync(join(tmpdir(), 'busy-'));
const faults = join(dir, 'faults.json');
// Before the table client is made: the fault middleware is installed only when the variable is set.
process.env.PLATFORM_FAULTS_FILE = faults;

let throttleNow = false;
const probeCall = defineCall<z.ZodMiniObject<{}>, { found: boolean }>()({
  path: '/settings/busy_probe',
  domain: 'settings',
  permission: 'admin.site',
  input: z.object({}),
});
const handler = createHttpHandler([
  implement(probeCall, async () => {
    // Faults start after the caller was checked, so only the call's own read meets them.
    if (throttleNow) {
      writeFileSync(faults, JSON.stringify({ rate: 1, ports: ['table'] }));
      await new Promise((r) => setTimeout(r, 250));
    }
    return { found: (await getItem({ pk: 'PROBE#busy', sk: 'PROBE' })) !== undefined };
  }),
]);

let operator: Caller;
beforeAll(async () => {
  operator = await newOperator('Busy Check');
});
afterAll(() => {
  delete process.env.PLATFORM_FAULTS_FILE;
  rmSync(dir, { recursive: true, force: true });
});

describe('a throttled table', () => {
  it('answers 503 common/temporarily_unavailable, then succeeds once the faults stop', async () => {
    throttleNow = true;
    expect(await invokeHandler(handler, probeCall.path, operator)).toEqual({ status: 503, body: { error: { code: 'common/temporarily_unavailable' } } });
    throttleNow = false;
    rmSync(faults, { force: true });
    await new Promise((r) => setTimeout(r, 250));
    expect(await invokeHandler(handler, probeCall.path, operator)).toEqual({ status: 200, body: { found: false } });
  }, 60_000);
});
