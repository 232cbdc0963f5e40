/**
 * What the bench modules share: a figure row, the median, timing in alternation or in turns, a registered team with
 * its operator signed in, a group member of it, and Chromium with the demo member signed in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { BatchWriteCommand, QueryCommand, type BatchWriteCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { chromium, type Browser, type Page } from '@playwright/test';
import auth from '../web/src/i18n/en/auth.json' with { type: 'json' };
import { localCredentials } from '../lambdas/platform/config';
import { transact, type Item, type QuerySpec } from '../lambdas/platform/db';
import { createIdentity } from '../lambdas/platform/identity';
import { putTeamUserOps } from '../lambdas/core/entities/team-user';
import { DEMO_TEAM_ID, demoLogins } from '../local/seed';

export type Figure = [figure: string, value: string, target: string];

/** The figures as an aligned table on stdout. */
export function printTable(rows: Figure[]): void {
  const head: Figure = ['figure', 'value', 'target'];
  const widths = [0, 1, 2].map((i) => Math.max(...[head, ...rows].map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
}

/**
 * Medians of two kinds of work measured in alternation, so that whatever else the machine is doing
 * weighs on both alike and their ratio stays meaningful.
 */
export async function timePair(rounds: number, a: () => Promise<void>, b: () => Promise<void>): Promise<[number, number]> {
  for (let i = 0; i < 20; i++) {
    await a(); // warm-up: JIT, connections, JWKS cache
    await b();
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    await a();
    sa.push(performance.now() - t);
    t = performance.now();
    await b();
    sb.push(performance.now() - t);
  }
  return [median(sa), median(sb)];
}

/**
 * The median time of `call` for each subject, the subjects taking turns every round (the first 5 rounds warm up and
 * are not counted), so whatever else the machine does weighs on all alike.
 */
export async function timeInTurns<T>(subjects: readonly T[], rounds: number, call: (subject: T) => Promise<void>): Promise<number[]> {
  const times = subjects.map(() => [] as number[]);
  for (let round = -5; round < rounds; round++) {
    for (const [i, subject] of subjects.entries()) {
      const t = performance.now();
      await call(subject);
      if (round >= 0) times[i].push(performance.now() - t);
    }
  }
  return times.map(median);
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** An access token from cognito-local (USER_PASSWORD_AUTH, as the web app signs in). */
export async function signIn(env: Record<string, string>, email: string, password: string): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({ region: env.AWS_REGION, endpoint: env.COGNITO_ENDPOINT, credentials: localCredentials });
  const auth = await cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: env.USER_POOL_CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  return auth.AuthenticationResult!.AccessToken!;
}

/** A new team registered through the API, as an operator would; answers its super administrator signed in. */
export async function registerTeam(baseUrl: string, env: Record<string, string>, label: string) {
  const email = `bench-${label}-${Date.now()}@example.test`;
  const password = 'bench-pass1';
  const res = await fetch(`${baseUrl}/api/team/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, passwordConfirmation: password, name: 'Bench', companyName: 'Bench', siteName: label, phone: '03-0000-0000', agreeToTerms: true }),
  });
  if (res.status !== 200) throw new Error(`team registration answered ${res.status}`);
  const { teamId, userId } = (await res.json()) as { teamId: string; userId: string };
  return { teamId, userId, token: await signIn(env, email, password) };
}

/** The groups the list benches limit items to; ids are fixed so every team uses the same. */
export const GROUP_COUNT = 50;
export const benchGroupId = (i: number) => `01BENCHGROUP${String(i).padStart(14, '0')}`;

/** A member of the team in the first bench group, made as an invitation would (Cognito identity + team user record), signed in. */
export async function addGroupMember(env: Record<string, string>, teamId: string, label: string): Promise<{ userId: string; token: string }> {
  const email = `bench-${label}-${Date.now()}@example.test`;
  const password = 'bench-pass1';
  const userId = await createIdentity(email, password, 'Bench Member');
  await transact(
    putTeamUserOps({ teamId, userId, email, name: 'Bench Member', role: 'member', categories: [], groupIds: [benchGroupId(1)], disabled: false, createdAt: new Date().toISOString() }),
  );
  return { userId, token: await signIn(env, email, password) };
}

/** Chromium as every browser figure runs it (the system one, headless, no background traffic). */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

/** A new page of the browser with the demo member signed in through the web app's login form, on their home page. */
export async function demoMemberPage(browser: Browser, baseUrl: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/login/${DEMO_TEAM_ID}?lang=en`);
  await page.getByRole('textbox', { name: auth.fields.email, exact: true }).fill(demoLogins.member.email);
  await page.getByRole('textbox', { name: auth.fields.password, exact: true }).fill(demoLogins.member.password);
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await page.waitForURL(new RegExp(`/user/${DEMO_TEAM_ID}$`));
  return page;
}

/** Puts the items 25 per BatchWrite, retrying what DynamoDB Local leaves unprocessed. */
export async function batchWrite(doc: DynamoDBDocumentClient, table: string, items: Item[]): Promise<void> {
  const batches: Item[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  // A few writers at once: DynamoDB Local takes concurrent batches well on two cores.
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < batches.length) {
        let pending: Item[] | undefined = batches[next++];
        while (pending?.length) {
          const out: BatchWriteCommandOutput = await doc.send(new BatchWriteCommand({ RequestItems: { [table]: pending.map((Item) => ({ PutRequest: { Item } })) } }));
          pending = out.UnprocessedItems?.[table]?.map((r) => r.PutRequest!.Item as Item);
        }
      }
    }),
  );
}

/** The QuerySpec as db.query sends it, with ReturnConsumedCapacity. */
export async function consumedUnits(doc: DynamoDBDocumentClient, table: string, spec: QuerySpec): Promise<{ units: number; items: number }> {
  const pkName = spec.index ? `${spec.index}pk` : 'pk';
  const skName = spec.index ? `${spec.index}sk` : 'sk';
  const sk = spec.sk && 'beginsWith' in spec.sk ? spec.sk.beginsWith : undefined;
  const out = await doc.send(
    new QueryCommand({
      TableName: table,
      IndexName: spec.index,
      KeyConditionExpression: sk ? '#pk = :pk AND begins_with(#sk, :sk)' : '#pk = :pk',
      ExpressionAttributeNames: sk ? { '#pk': pkName, '#sk': skName } : { '#pk': pkName },
      ExpressionAttributeValues: sk ? { ':pk': spec.pk, ':sk': sk } : { ':pk': spec.pk },
      Limit: spec.limit,
      ScanIndexForward: spec.ascending ?? true,
      ReturnConsumedCapacity: 'TOTAL',
    }),
  );
  return { units: out.ConsumedCapacity?.CapacityUnits ?? NaN, items: out.Items?.length ?? 0 };
}


/**
 * A bench module run alone (`tsx bench/<name>.ts`): a platform of its own (no demo seed) on BENCH_PORT, its figures,
 * stop. Does nothing when the module is imported by bench/run.ts.
 */
export function runAlone(moduleUrl: string, name: string, figures: (ctx: { baseUrl: string; env: Record<string, string> }) => Promise<Figure[]>): void {
  if (!process.argv[1] || moduleUrl !== new URL(`file://${process.argv[1]}`).href) return;
  const run = async () => {
    const { startPlatform } = await import('../local/platform');
    const dataDir = mkdtempSync(join(tmpdir(), `platform-bench-${name}-`));
    const platform = await startPlatform({ port: Number(process.env.BENCH_PORT ?? 3400), dataDir, seed: false, log: () => undefined });
    try {
      printTable(await figures({ baseUrl: platform.baseUrl, env: platform.env }));
    } finally {
      await platform.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  run().catch((e: Error) => {
    console.error(e);
    process.exit(1);
  });
}
