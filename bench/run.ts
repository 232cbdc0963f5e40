/**
 * `npm run bench`: the figures of DESIGN §6 that exist so far, measured in one run on this machine and
 * printed as a table. Ratios compare things measured side by side in the same run; absolute times vary.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { startPlatform } from '../local/platform';
import { buildWebIfStale } from '../local/web-build';
import { localCredentials } from '../lambdas/platform/config';
import { teamKey } from '../lambdas/platform/keys';
import { firstLoadFigures } from './first-load';
import { lambdaBundleFigures } from './lambda-load';
import { memberListFigures } from './member-list';
import { memberImportFigures } from './member-import';
import { analyticsFigures } from './analytics';
import { bulkMailFigures } from './bulk-mail';
import { launchChromium, printTable, timePair, type Figure } from './support';
import { paymentFigures } from './payments';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const rows: Figure[] = [];
const row = (figure: string, value: string, target = '') => rows.push([figure, value, target]);

async function callVersusRaw(baseUrl: string, env: Record<string, string>) {
  const email = `bench-${Date.now()}@example.test`;
  const password = 'bench-pass1';
  const reg = await fetch(`${baseUrl}/api/team/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email, password, passwordConfirmation: password, name: 'Bench', companyName: 'Bench Inc.',
      siteName: 'Bench', phone: '03-0000-0000', agreeToTerms: true,
    }),
  });
  const { teamId, userId } = (await reg.json()) as { teamId: string; userId: string };
  const cognito = new CognitoIdentityProviderClient({ region: env.AWS_REGION, endpoint: env.COGNITO_ENDPOINT, credentials: localCredentials });
  const auth = await cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: env.USER_POOL_CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const token = auth.AuthenticationResult!.AccessToken!;
  const body = JSON.stringify({ operatedTeamId: teamId, operatedUserId: userId });

  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT, credentials: localCredentials }));
  const [viaGateway, raw] = await timePair(
    ROUNDS,
    async () => {
      const res = await fetch(`${baseUrl}/api/team/get_admin_context`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      if (res.status !== 200) throw new Error(`call failed: ${res.status}`);
      await res.arrayBuffer();
    },
    // The same reads the call makes, as it makes them: the access check reads the caller's team-user record,
    // the site settings and the team (plan) together; the call answers from what the check read.
    async () => {
      await Promise.all([
        doc.send(new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: teamKey(teamId, 'USER'), sk: `U#${userId}` } })),
        doc.send(new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: teamKey(teamId, 'SETTINGS'), sk: 'SITE' } })),
        doc.send(new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: teamKey(teamId, 'TEAM'), sk: 'TEAM' } })),
      ]);
    },
  );
  row('get_admin_context via local gateway (median)', `${viaGateway.toFixed(2)} ms`);
  row('its raw DynamoDB Local reads, 3 GetItem (median)', `${raw.toFixed(2)} ms`);
  row('ratio call / raw reads', `${(viaGateway / raw).toFixed(2)}x`, '<= 2x');
}

async function firstLoadJs(baseUrl: string) {
  const browser = await launchChromium();
  try {
    for (const path of ['/register', '/login']) {
      const page = await browser.newPage();
      const scripts: Promise<number>[] = [];
      page.on('requestfinished', (req) => {
        if (req.resourceType() === 'script') scripts.push(req.sizes().then((s) => s.responseBodySize));
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      const total = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
      row(`first-load JS of ${path} (gzipped, as transferred)`, `${(total / 1024).toFixed(1)} KB`, '<= 200 KB');
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

/**
 * The video figures (transcode, first frame, video list) run as bench/video.ts in a child process, after
 * this platform has stopped: they need a platform of their own, seeded with the demo.
 */
async function videoFigures(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-video-rows-'));
  const rowsFile = join(dir, 'rows.json');
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn('node_modules/.bin/tsx', ['bench/video.ts', '--rows-to', rowsFile], { stdio: ['ignore', 'ignore', 'inherit'] });
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`bench/video.ts failed (exit ${code})`);
    return JSON.parse(readFileSync(rowsFile, 'utf8')) as Figure[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  await buildWebIfStale(console.log);
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-'));
  const platform = await startPlatform({ port: PORT, dataDir, seed: false, log: () => undefined });
  try {
    await callVersusRaw(platform.baseUrl, platform.env);
    for (const [figure, value, target] of await memberListFigures({ baseUrl: platform.baseUrl, env: platform.env })) {
      row(figure, value, target);
    }
    for (const [figure, value, target] of await paymentFigures({ baseUrl: platform.baseUrl, env: platform.env })) row(figure, value, target);
    for (const [figure, value, target] of await memberImportFigures({ baseUrl: platform.baseUrl, env: platform.env })) row(figure, value, target);
    for (const [figure, value, target] of await analyticsFigures({ baseUrl: platform.baseUrl, env: platform.env })) row(figure, value, target);
    for (const [figure, value, target] of await bulkMailFigures({ baseUrl: platform.baseUrl, env: platform.env })) row(figure, value, target);
    for (const [figure, value, target] of await lambdaBundleFigures()) row(figure, value, target);
    for (const [figure, value, target] of firstLoadFigures()) row(figure, value, target);
    if (existsSync('/usr/bin/chromium')) await firstLoadJs(platform.baseUrl);
    else row('first-load JS', 'skipped: /usr/bin/chromium missing (npm test installs it)');
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  rows.push(...(await videoFigures()));
  printTable(rows);
  // Lighthouse and load (issue 29): platforms of their own in child processes, each printing its own table.
  for (const script of ['bench/lighthouse.ts', 'bench/load.ts']) await printedBy(script);
}

/** Runs a bench script that prints its own table (its platform's logs on stderr), after the figures above. */
async function printedBy(script: string): Promise<void> {
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('node_modules/.bin/tsx', [script], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`${script} failed (exit ${code})`);
}

main().catch((e: Error) => {
  console.error(e);
  process.exit(1);
});
