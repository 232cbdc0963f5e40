/**
 * Member import figures (issue 13, SPEC §2 /admin/user/import): a 10,000-row CSV end to end on the local platform
 * as the page does it (presigned upload, /member_import/start checks every row, the scheduled job writes the
 * members in batches and mails each a set-password link through the local SES, /member_import/get polled until
 * done), against the 30 s goal. Also what one cognito-local user costs to create: the reason the import makes no
 * login and the member's first password does (lambdas/core/access/activate-member.ts).
 *
 * Run with the others by `npm run bench`, or alone: `tsx bench/member-import.ts` (its own platform, BENCH_PORT).
 */
import { performance } from 'node:perf_hooks';
import { createCustomFieldCall } from '../shared/api/calls/custom-fields';
import { groupCreateCall } from '../shared/api/calls/groups';
import {
  memberImportGetCall,
  memberImportStartCall,
  memberImportUploadCall,
  type MemberImport,
  type MemberImportError,
} from '../shared/api/calls/member-import';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { localCredentials } from '../lambdas/platform/config';
import { createIdentity, deleteIdentity } from '../lambdas/platform/identity';
import { batchWrite, median, registerTeam, runAlone, type Figure } from './support';

/** 10,000 by the issue; BENCH_IMPORT_ROWS runs a smaller file (the figures then name that size). */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const GOAL_SECONDS = 30;
const IDENTITY_SAMPLES = 20;
/** Items written to measure what DynamoDB Local takes at most, by batches of 25 (the import's own way). */
const FLOOR_SAMPLE = 10_000;

/** The table's item count (a bench-only Scan: the product never scans). */
async function countItems(doc: DynamoDBDocumentClient, table: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await doc.send(new ScanCommand({ TableName: table, Select: 'COUNT', ExclusiveStartKey: start }));
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

/**
 * DynamoDB Local's batch write rate on this machine, with items shaped like an imported member's record, written
 * under a partition of their own: the pace no import of the same items can beat here.
 */
async function batchWriteRate(doc: DynamoDBDocumentClient, table: string): Promise<number> {
  const run = ulid();
  const now = new Date().toISOString();
  const items = Array.from({ length: FLOOR_SAMPLE }, (_, i) => ({
    pk: `BENCH#FLOOR#${run}#${i % 100}`,
    sk: `U#${ulid()}`,
    gsi1pk: `BENCH#FLOOR#${run}`,
    gsi1sk: `${now}#${i}`,
    gsi2pk: `BENCH#FLOOR#${run}`,
    gsi2sk: `member ${i}`,
    type: 'benchFloor',
    email: `floor${i}@bench.example`,
    name: `Member ${i}`,
    phone: '03-0000-0000',
    role: 'member',
    groupIds: [],
    customFields: { course: 'A' },
    createdAt: now,
  }));
  const t = performance.now();
  await batchWrite(doc, table, items);
  return FLOOR_SAMPLE / ((performance.now() - t) / 1000);
}

async function api<T>(baseUrl: string, path: string, token: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The members: half in a group, every one with a custom field answer. */
function csv(label: string): string {
  const lines = ['email,name,phone,groups,disabled,expiration,Course'];
  for (let i = 0; i < ROWS; i++) {
    lines.push(`member${i}-${label}@bench.example,Member ${i},03-0000-${String(i % 10_000).padStart(4, '0')},${i % 2 ? 'Bench' : ''},NO,2030-12-31,${i % 3 ? 'A' : 'B'}`);
  }
  return `${lines.join('\n')}\n`;
}

export async function memberImportFigures(ctx: { baseUrl: string; env: Record<string, string> }): Promise<Figure[]> {
  const { baseUrl, env } = ctx;
  const team = await registerTeam(baseUrl, env, 'member-import');
  const scope = { operatedTeamId: team.teamId, operatedUserId: team.userId };
  await api(baseUrl, groupCreateCall.path, team.token, { ...scope, name: 'Bench' });
  await api(baseUrl, createCustomFieldCall.path, team.token, { ...scope, name: 'Course', type: 'radio', options: ['A', 'B'] });
  const file = Buffer.from(csv(String(Date.now())), 'utf8');
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT, credentials: localCredentials }));
  const itemsBefore = await countItems(doc, env.TABLE_NAME);

  const began = performance.now();
  const upload = await api<{ key: string; url: string; headers: Record<string, string> }>(baseUrl, memberImportUploadCall.path, team.token, {
    ...scope,
    fileName: 'members.csv',
    sizeBytes: file.length,
  });
  const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: file });
  if (!put.ok) throw new Error(`CSV upload answered ${put.status}`);
  const uploaded = performance.now();
  const started = await api<{ accepted: false; errors: MemberImportError[] } | { accepted: true; import: MemberImport }>(
    baseUrl,
    memberImportStartCall.path,
    team.token,
    { ...scope, mode: 'import', fileKey: upload.key },
  );
  if (!started.accepted) throw new Error(`the bench file was refused: ${JSON.stringify(started.errors.slice(0, 5))}`);
  const checked = performance.now();
  let run = started.import;
  let reported = performance.now();
  while (run.state !== 'done') {
    await new Promise((r) => setTimeout(r, 250));
    run = (await api<{ import: MemberImport }>(baseUrl, memberImportGetCall.path, team.token, { ...scope, importId: run.importId })).import;
    // Progress on stderr every 10 s, so a run stopped early still tells its rate.
    if (performance.now() - reported > 10_000) {
      reported = performance.now();
      console.error(`member import: ${run.done} / ${run.total} rows after ${((reported - began) / 1000).toFixed(0)} s`);
    }
  }
  const finished = performance.now();
  if (run.created !== ROWS || run.mailsSent !== ROWS) throw new Error(`imported ${run.created}, mailed ${run.mailsSent} of ${ROWS}`);
  const seconds = (finished - began) / 1000;
  const jobSeconds = (finished - checked) / 1000;
  // Nothing else writes during the bench, so the difference is what the import left: members, their search and
  // group rows, links, mail log entries and the import's own records (updates of an item count once).
  const itemsWritten = (await countItems(doc, env.TABLE_NAME)) - itemsBefore;
  const rate = await batchWriteRate(doc, env.TABLE_NAME);
  const floorSeconds = itemsWritten / rate;

  // One login per member at import time would cost this each (cognito-local, a nearly empty pool; it rewrites its
  // whole user file per write, so it grows with the pool; Cognito itself limits user creation per second).
  const times: number[] = [];
  for (let i = 0; i < IDENTITY_SAMPLES; i++) {
    const email = `bench-identity-${Date.now()}-${i}@bench.example`;
    const t = performance.now();
    await createIdentity(email, 'bench-pass1', 'Bench');
    times.push(performance.now() - t);
    await deleteIdentity(email);
  }
  const identityMs = median(times);

  return [
    [`member import ${ROWS.toLocaleString('en')} rows: end to end`, `${seconds.toFixed(1)} s`, `< ${GOAL_SECONDS} s${seconds < GOAL_SECONDS ? ' (met)' : ' (NOT met)'}`],
    ['member import: upload (presigned PUT)', `${((uploaded - began) / 1000).toFixed(1)} s`, `${(file.length / 1024 ** 2).toFixed(1)} MB`],
    ['member import: check of every row (/member_import/start)', `${((checked - uploaded) / 1000).toFixed(1)} s`, ''],
    ['member import: job (write members, mail each)', `${jobSeconds.toFixed(1)} s`, `${run.mailsSent.toLocaleString('en')} mails`],
    ['member import: items it left in the table', itemsWritten.toLocaleString('en'), `${(itemsWritten / ROWS).toFixed(1)} per member`],
    ['DynamoDB Local batch writes on this machine', `${rate.toFixed(0)} items/s`, `${FLOOR_SAMPLE.toLocaleString('en')} items, 25 per batch`],
    [
      'member import: floor (its items at that rate, nothing else)',
      `${floorSeconds.toFixed(1)} s`,
      `job / floor = ${(jobSeconds / floorSeconds).toFixed(2)}x`,
    ],
    [
      'cognito-local user creation (not done at import)',
      `${identityMs.toFixed(0)} ms each`,
      `x ${ROWS.toLocaleString('en')} = ${((identityMs * ROWS) / 1000).toFixed(0)} s at least`,
    ],
  ];
}

runAlone(import.meta.url, 'import', memberImportFigures);
