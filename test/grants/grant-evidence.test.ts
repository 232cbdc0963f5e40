import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AwsCallRecord } from '../../lambdas/platform/aws-calls';
import { readCloudAssembly, type LocalResources } from '../../local/assembly/cloud-assembly';
import { integrationAssemblyDir, integrationCallLog } from './evidence-files';
import { evaluate } from './iam-evaluate';

/**
 * Grants from evidence: after the integration suite ran in assembly mode (`npm test` runs it so), every AWS request a
 * function sent (lambdas/platform/aws-calls.ts) must be allowed by that function's synthesized role. Prints the grants
 * nothing exercised, and holds each bundle to the AWS clients its function really calls.
 */
const missing = [integrationAssemblyDir(), integrationCallLog()].filter((f) => !existsSync(f));
if (missing.length) {
  throw new Error(`No evidence (${missing.join(', ')}): run the integration suite in assembly mode first (npm run test:integration -- --assembly)`);
}
// The first line is the run's local ids (test/integration/global-setup.ts), the rest one request each.
const [header, ...lines] = readFileSync(integrationCallLog(), 'utf8').split('\n').filter(Boolean);
const { localResources } = JSON.parse(header ?? '{}') as { localResources?: LocalResources };
if (!localResources) throw new Error(`${integrationCallLog()} does not start with the run's local resources`);
const assembly = readCloudAssembly(integrationAssemblyDir(), localResources);
const records = lines.map((l) => JSON.parse(l) as AwsCallRecord);

/** The package of each AWS service's SDK client, by the service prefix IAM uses. */
const CLIENT_PACKAGES: Record<string, string> = {
  dynamodb: '@aws-sdk/client-dynamodb',
  s3: '@aws-sdk/client-s3',
  ses: '@aws-sdk/client-ses',
  'cognito-idp': '@aws-sdk/client-cognito-identity-provider',
  scheduler: '@aws-sdk/client-scheduler',
  secretsmanager: '@aws-sdk/client-secrets-manager',
  mediaconvert: '@aws-sdk/client-mediaconvert',
};

/**
 * Clients a bundle may carry without the suite seeing a request, each with its reason. Everything else a bundle
 * carries and never calls is dead weight with grants nobody checked.
 */
const CARRIED_UNCALLED: Record<string, string> = {
  // Empty since domains stopped doing each other's work (docs/decisions/28-domains-and-events.md): the payments
  // function no longer sends the cancel's auto mails nor starts its workflows; the mail domain reacts to its event.
};

/**
 * The AWS client packages a function's bundle holds, by its source maps. Bundling deletes the chunks nothing can load
 * (`pruneUnreachableChunks`), so what a bundle holds is what its function can load.
 */
function clientsIn(assetDir: string): Set<string> {
  const maps = readdirSync(assetDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.map'));
  const found = new Set<string>();
  for (const m of maps) {
    const { sources } = JSON.parse(readFileSync(join(assetDir, m), 'utf8')) as { sources: string[] };
    for (const [service, pkg] of Object.entries(CLIENT_PACKAGES)) if (sources.some((s) => s.includes(`node_modules/${pkg}/`))) found.add(service);
  }
  return found;
}

/** `fn: action on resource` lines, one per function and action, with the resources' last parts. */
function condense(lines: string[]): string[] {
  const byAction = new Map<string, string[]>();
  for (const line of lines) {
    const [head, resource] = line.split(' on ') as [string, string];
    byAction.set(head, [...(byAction.get(head) ?? []), resource.split(/[:/]/).slice(-2).join('/')]);
  }
  return [...byAction].map(([head, resources]) => `${head} on ${resources.join(', ')}`);
}

describe('grants from evidence (the integration suite in assembly mode)', () => {
  it('recorded requests of the functions the suite reaches', () => {
    const reached = new Set(records.map((r) => r.function));
    console.log(`${records.length} AWS requests by ${reached.size} of ${assembly.functions.length} functions`);
    const idle = assembly.functions.filter((f) => !reached.has(f.name)).map((f) => f.name);
    if (idle.length) console.log(`Functions the suite never made send an AWS request:\n  ${idle.join('\n  ')}`);
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => assembly.functions.some((f) => f.name === r.function)), 'every record names a function of the assembly').toBe(true);
  });

  it('every AWS request a function sent is allowed by its own role', () => {
    const { denied, unused } = evaluate(assembly, records);
    console.log(`Grants no test exercised (${unused.length} action and resource pairs):\n  ${condense(unused).join('\n  ')}`);
    expect(denied, 'requests the function’s role does not allow').toEqual([]);
  });

  it('a bundle carries only the AWS clients its function calls', () => {
    const uncalled: string[] = [];
    const reasonsUsed = new Set<string>();
    for (const fn of assembly.functions) {
      const called = new Set(records.filter((r) => r.function === fn.name).map((r) => r.action.split(':')[0]!));
      for (const service of clientsIn(resolve(fn.assetDir))) {
        const key = `${fn.logicalId}:${service}`;
        if (CARRIED_UNCALLED[key]) reasonsUsed.add(key);
        if (!called.has(service) && !CARRIED_UNCALLED[key]) uncalled.push(`${key} (${fn.name} carries ${CLIENT_PACKAGES[service]})`);
      }
    }
    expect(uncalled, 'clients carried but never called: take them out of the bundle, or give the reason in CARRIED_UNCALLED').toEqual([]);
    expect(Object.keys(CARRIED_UNCALLED).filter((k) => !reasonsUsed.has(k)), 'reasons in CARRIED_UNCALLED for a client no bundle carries any more').toEqual([]);
  });
});
