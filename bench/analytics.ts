/**
 * Analytics figures (issue 14): what the analytics total page reads for a 30-day period with 100 and with 100,000
 * views recorded (the rollups make it one item a day, so the two must be equal), and the dashboard call's median
 * against the DynamoDB reads it makes (DESIGN §6: at most 1.5x).
 *
 * The views go through the product's own write path (`recordActivity`, lambdas/core/entities/rollups.ts). 100,000 single
 * events would take minutes of writes here, so they are recorded as 3,000 events of about 33 views each (30 days x
 * 100 members): the same items, with the same counts, as 100,000 events of one view would leave.
 *
 * Run with the others by `npm run bench`, or alone: `tsx bench/analytics.ts` (its own platform, BENCH_PORT).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { analyticsTotalCall, dashboardGetCall } from '../shared/api/calls/analytics';
import { localCredentials } from '../lambdas/platform/config';
import { teamKey } from '../lambdas/platform/keys';
import { meteredReads } from '../lambdas/platform/db';
import { dashboardOf } from '../lambdas/analytics/dashboard';
import { totalOf } from '../lambdas/analytics/analytics-service';
import { recordActivity } from '../lambdas/core/entities/rollups';
import { resolveAnalysisPeriod, type ResolvedPeriod } from '../shared/rules/analytics-period';
import { getTeam } from '../lambdas/core/entities/team';
import { registerTeam, runAlone, timePair, type Figure } from './support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const DAY_MS = 86_400_000;
const PERIOD_DAYS = 30;
const MEMBERS = 100;

/** `views` play-and-view events spread over the last 30 days and MEMBERS members, through recordActivity. */
async function recordViews(teamId: string, views: number, now: Date): Promise<void> {
  const slots = Math.min(views, PERIOD_DAYS * MEMBERS);
  const users = Array.from({ length: MEMBERS }, () => ulid());
  const contentId = ulid();
  let written = 0;
  const jobs = Array.from({ length: slots }, (_, i) => {
    const amount = Math.floor(views / slots) + (i < views % slots ? 1 : 0);
    written += amount;
    return () =>
      recordActivity({
        teamId,
        at: new Date(now.getTime() - (i % PERIOD_DAYS) * DAY_MS),
        userId: users[Math.floor(i / PERIOD_DAYS) % MEMBERS],
        content: { type: 'video', id: contentId, title: 'Bench video' },
        counts: { views: amount, plays: amount },
      });
  });
  if (written !== views) throw new Error(`recorded ${written} views, not ${views}`);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
}

async function totalPageReads(teamId: string, period: ResolvedPeriod) {
  const { result, reads } = await meteredReads(() => totalOf(teamId, { kind: 'team' }, period));
  return { ...reads, views: result.totals.views };
}

async function call(baseUrl: string, path: string, token: string, body: Record<string, unknown>) {
  const res = await fetch(`${baseUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<unknown>;
}

export async function analyticsFigures(ctx: { baseUrl: string; env: Record<string, string> }): Promise<Figure[]> {
  const { baseUrl, env } = ctx;
  Object.assign(process.env, env);
  const now = new Date();
  const small = await registerTeam(baseUrl, env, 'analytics-100');
  const large = await registerTeam(baseUrl, env, 'analytics-100k');
  await recordViews(small.teamId, 100, now);
  await recordViews(large.teamId, 100_000, now);
  const period = resolveAnalysisPeriod({ mode: 'none', days: PERIOD_DAYS }, now, 'trial') as ResolvedPeriod;
  const [few, many] = [await totalPageReads(small.teamId, period), await totalPageReads(large.teamId, period)];
  if (few.views !== 100 || many.views !== 100_000) throw new Error(`totals read ${few.views} and ${many.views} views`);
  // The page itself answers the same totals through the gateway.
  const scope = { operatedTeamId: large.teamId, operatedUserId: large.userId };
  const page = (await call(baseUrl, analyticsTotalCall.path, large.token, { ...scope, period: { mode: 'none', days: PERIOD_DAYS } })) as { totals: { views: number } };
  if (page.totals.views !== 100_000) throw new Error(`the total page answered ${page.totals.views} views`);

  // Dashboard: the call through the local gateway against the reads it makes, made directly: the access check's
  // three GetItems (team user, site settings, team), then the dashboard's own reads (lambdas/analytics/dashboard.ts).
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT, credentials: localCredentials }));
  const team = (await getTeam(large.teamId))!;
  const [viaGateway, raw] = await timePair(
    ROUNDS,
    async () => {
      await call(baseUrl, dashboardGetCall.path, large.token, scope);
    },
    async () => {
      await Promise.all([
        doc.send(new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: teamKey(large.teamId, 'USER'), sk: `U#${large.userId}` } })),
        doc.send(new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: teamKey(large.teamId, 'SETTINGS'), sk: 'SITE' } })),
        doc.send(new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: teamKey(large.teamId, 'TEAM'), sk: 'TEAM' } })),
      ]);
      await dashboardOf({ teamId: large.teamId, team }, new Date());
    },
  );
  const { reads: dashboardReads } = await meteredReads(() => dashboardOf({ teamId: large.teamId, team }, new Date()));

  return [
    ['analytics total, 30 days, 100 views: read units', `${few.units} (${few.queries} Query, ${few.items} items)`, 'same at 100,000'],
    ['analytics total, 30 days, 100,000 views: read units', `${many.units} (${many.queries} Query, ${many.items} items)`, `${many.units === few.units ? 'same' : 'DIFFERENT'}`],
    ['dashboard/get via local gateway (median)', `${viaGateway.toFixed(2)} ms`, ''],
    [`its reads made directly: 3 GetItem, then ${dashboardReads.queries} Query + 3 GetItem (+ BatchGet) (median)`, `${raw.toFixed(2)} ms`, ''],
    ['ratio dashboard call / its reads', `${(viaGateway / raw).toFixed(2)}x`, '<= 1.5x'],
  ];
}

runAlone(import.meta.url, 'analytics', analyticsFigures);
