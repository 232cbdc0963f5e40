import { Logger } from '@aws-lambda-powertools/logger';
import type { ActivityCounts, ActivityMetric } from '../../../shared/api/calls/analytics';
import { activityMetrics } from '../../../shared/api/calls/analytics';
import type { ContentType } from '../../../shared/content-types';
import { getItem, query, updateItem, type Item, type QuerySpec, type UpdateSpec } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';

/**
 * Analytics rollups (issue 14): counts per day per team, per content and per member, written on the write path as
 * things happen, each an atomic UpdateItem ADD (no read, no scan). Entity module: the only code that knows these keys.
 *
 *   team day      T#<t>#AN#TEAM               D#<day>                    the team's counts of a day
 *   team total    T#<t>#AN#TEAM               TOTAL                      `members`: sign-ups less leaves counted so far
 *   content day   T#<t>#AN#CDAY#<day>         <type>#<id>                one content's counts of a day (+ title)
 *   member day    T#<t>#AN#UDAY#<day>         U#<userId>                 one member's counts of a day
 *                 gsi1 T#<t>#AN#U#<userId> / <day>                        the member's days (one Query)
 *   content×member T#<t>#AN#CU#<type>#<id>    <day>#<userId>             a member's counts on one content and day
 *                 gsi1 T#<t>#AN#UC#<userId> / <day>#<type>#<id>           the member's contents (one Query)
 *
 * An event writes at most 4 items (team day, content day, member day, content×member day; a sign-up adds the team
 * total instead of a content; so does a member's removal, counted as `leaves`). Per-day items carry a TTL of ROLLUP_KEEP_DAYS, longer than any plan's longest
 * analysis period (ANALYSIS_MAX_DAYS), so old member×day rows leave by themselves.
 * Days are UTC calendar days.
 */
export const ROLLUP_KEEP_DAYS = 800;
const DAY_MS = 86_400_000;
const logger = new Logger({ serviceName: 'analytics' });

export type ActivityDelta = Partial<ActivityCounts>;

export interface Activity {
  teamId: string;
  at: Date;
  counts: ActivityDelta;
  content?: { type: ContentType | 'test'; id: string; title?: string };
  userId?: string;
}

export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);
const expiresAtOf = (day: string) => Math.floor((Date.parse(`${day}T00:00:00.000Z`) + ROLLUP_KEEP_DAYS * DAY_MS) / 1000);

const teamPk = (teamId: string) => teamKey(teamId, 'AN', 'TEAM');
const contentDayPk = (teamId: string, day: string) => teamKey(teamId, 'AN', 'CDAY', day);
const userDayPk = (teamId: string, day: string) => teamKey(teamId, 'AN', 'UDAY', day);
const userDaysGsi = (teamId: string, userId: string) => teamKey(teamId, 'AN', 'U', assertId(userId, 'userId'));
const contentUserPk = (teamId: string, type: string, id: string) => teamKey(teamId, 'AN', 'CU', type, assertId(id, 'contentId'));
const userContentsGsi = (teamId: string, userId: string) => teamKey(teamId, 'AN', 'UC', assertId(userId, 'userId'));

/** The non-zero metrics of a delta (DynamoDB ADD of 0 would still write; leaving them out keeps items small). */
function addsOf(counts: ActivityDelta): Record<string, number> {
  const adds: Record<string, number> = {};
  for (const metric of activityMetrics) {
    const n = counts[metric];
    if (n !== undefined && Number.isFinite(n) && n !== 0) adds[metric] = Math.round(n);
  }
  return adds;
}

/** The UpdateItems one activity makes (exported for unit tests: the count is fixed whatever the team's size). */
export function activityUpdates(activity: Activity): UpdateSpec[] {
  const { teamId, userId, content } = activity;
  const add = addsOf(activity.counts);
  if (Object.keys(add).length === 0) return [];
  const day = dayOf(activity.at);
  const expiresAt = expiresAtOf(day);
  const title = content?.title !== undefined ? { title: content.title } : {};
  const updates: UpdateSpec[] = [{ key: { pk: teamPk(teamId), sk: `D#${day}` }, set: { type: 'analyticsTeamDay', day }, add }];
  const joined = (add.signups ?? 0) - (add.leaves ?? 0);
  if (joined !== 0) updates.push({ key: { pk: teamPk(teamId), sk: 'TOTAL' }, set: { type: 'analyticsTeamTotal', day }, add: { members: joined } });
  if (content) {
    updates.push({
      key: { pk: contentDayPk(teamId, day), sk: `${content.type}#${assertId(content.id, 'contentId')}` },
      set: { type: 'analyticsContentDay', day, contentType: content.type, contentId: content.id, expiresAt, ...title },
      add,
    });
  }
  if (userId) {
    updates.push({
      key: { pk: userDayPk(teamId, day), sk: `U#${assertId(userId, 'userId')}` },
      set: { type: 'analyticsUserDay', day, userId, expiresAt, gsi1pk: userDaysGsi(teamId, userId), gsi1sk: day },
      add,
    });
  }
  if (userId && content) {
    updates.push({
      key: { pk: contentUserPk(teamId, content.type, content.id), sk: `${day}#${userId}` },
      set: {
        type: 'analyticsContentUserDay',
        day,
        userId,
        contentType: content.type,
        contentId: content.id,
        expiresAt,
        gsi1pk: userContentsGsi(teamId, userId),
        gsi1sk: `${day}#${content.type}#${content.id}`,
        ...title,
      },
      add,
    });
  }
  return updates;
}

/**
 * Counts an activity. Never fails the caller's request: a failed write is logged and the caller goes on
 * (analytics may then miss that event; the action itself is what matters to the member).
 */
export async function recordActivity(activity: Activity): Promise<void> {
  try {
    await Promise.all(activityUpdates(activity).map((u) => updateItem(u)));
  } catch (error) {
    logger.error('analytics rollup not recorded', { teamId: activity.teamId, counts: activity.counts, error: error as Error });
  }
}

// ---- Reads ----

export type RollupCounts = ActivityCounts;
type CountsItem = Item & Partial<ActivityCounts>;

export const emptyCounts = (): ActivityCounts => Object.fromEntries(activityMetrics.map((m) => [m, 0])) as ActivityCounts;

export function countsOf(item: Partial<Record<ActivityMetric, unknown>>): ActivityCounts {
  const out = emptyCounts();
  for (const m of activityMetrics) {
    const v = item[m];
    if (typeof v === 'number') out[m] = v;
  }
  return out;
}

export function addCounts(into: ActivityCounts, more: ActivityCounts): ActivityCounts {
  for (const m of activityMetrics) into[m] += more[m];
  return into;
}

async function queryAll<T extends Item>(spec: QuerySpec): Promise<T[]> {
  const out: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await query<T>({ ...spec, startKey });
    out.push(...page.items);
    startKey = page.lastKey;
  } while (startKey);
  return out;
}

/** The team's days of a period (one Query; one item a day whatever the traffic). */
export async function teamDays(teamId: string, from: string, to: string): Promise<Map<string, ActivityCounts>> {
  const items = await queryAll<CountsItem & { day: string }>({ pk: teamPk(teamId), sk: { between: [`D#${from}`, `D#${to}`] } });
  return new Map(items.map((i) => [i.day, countsOf(i)]));
}

/** Members counted so far: sign-ups less members removed (the `members` counter of the team total). */
export async function teamMembersCounted(teamId: string): Promise<number> {
  const item = await getItem<Item & { members?: number }>({ pk: teamPk(teamId), sk: 'TOTAL' });
  return item?.members ?? 0;
}

/** Up to `concurrency` days at once: a period's per-day Queries, bounded by its length. */
async function perDay<T>(days: readonly string[], read: (day: string) => Promise<T[]>, concurrency = 8): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < days.length; i += concurrency) {
    const chunk = await Promise.all(days.slice(i, i + concurrency).map(read));
    for (const items of chunk) out.push(...items);
  }
  return out;
}

export interface ContentTotals {
  contentType: ContentType | 'test';
  contentId: string;
  title: string;
  counts: ActivityCounts;
}

/** Every content's counts summed over the days (one Query per day). */
export async function contentTotals(teamId: string, days: readonly string[]): Promise<ContentTotals[]> {
  type Row = CountsItem & { contentType: ContentType | 'test'; contentId: string; title?: string };
  const rows = await perDay(days, (day) => queryAll<Row>({ pk: contentDayPk(teamId, day) }));
  return sumByContent(rows);
}

function sumByContent(rows: readonly (CountsItem & { contentType: ContentType | 'test'; contentId: string; title?: string; day?: string })[]): ContentTotals[] {
  const byKey = new Map<string, ContentTotals & { titleDay: string }>();
  for (const row of rows) {
    const key = `${row.contentType}#${row.contentId}`;
    const seen = byKey.get(key) ?? { contentType: row.contentType, contentId: row.contentId, title: '', titleDay: '', counts: emptyCounts() };
    addCounts(seen.counts, countsOf(row));
    // The title as of the latest day it was written (a renamed content shows its newest name).
    if (row.title !== undefined && (row.day ?? '') >= seen.titleDay) {
      seen.title = row.title;
      seen.titleDay = row.day ?? '';
    }
    byKey.set(key, seen);
  }
  return [...byKey.values()].map(({ titleDay: _d, ...rest }) => rest);
}

/** Every member's counts summed over the days (one Query per day). */
export async function userTotals(teamId: string, days: readonly string[]): Promise<Map<string, ActivityCounts>> {
  const rows = await perDay(days, (day) => queryAll<CountsItem & { userId: string }>({ pk: userDayPk(teamId, day) }));
  const out = new Map<string, ActivityCounts>();
  for (const row of rows) out.set(row.userId, addCounts(out.get(row.userId) ?? emptyCounts(), countsOf(row)));
  return out;
}

/** Members' days of the period, per member (for a group manager's team total: their members' rows only). */
export async function userDayRows(teamId: string, days: readonly string[]): Promise<{ userId: string; day: string; counts: ActivityCounts }[]> {
  const rows = await perDay(days, (day) => queryAll<CountsItem & { userId: string; day: string }>({ pk: userDayPk(teamId, day) }));
  return rows.map((r) => ({ userId: r.userId, day: r.day, counts: countsOf(r) }));
}

/** One content's members over the period (one Query on the content's partition). */
export async function contentUsers(
  teamId: string,
  content: { type: ContentType | 'test'; id: string },
  from: string,
  to: string,
): Promise<{ title?: string; users: Map<string, ActivityCounts> }> {
  const rows = await queryAll<CountsItem & { userId: string; title?: string }>({
    pk: contentUserPk(teamId, content.type, content.id),
    sk: { between: [`${from}#`, `${to}#~`] },
  });
  const users = new Map<string, ActivityCounts>();
  let title: string | undefined;
  for (const row of rows) {
    users.set(row.userId, addCounts(users.get(row.userId) ?? emptyCounts(), countsOf(row)));
    if (row.title !== undefined) title = row.title;
  }
  return { title, users };
}

/** One member's days over the period (one Query on gsi1). */
export async function userDays(teamId: string, userId: string, from: string, to: string): Promise<Map<string, ActivityCounts>> {
  const rows = await queryAll<CountsItem & { day: string }>({ index: 'gsi1', pk: userDaysGsi(teamId, userId), sk: { between: [from, to] } });
  return new Map(rows.map((r) => [r.day, countsOf(r)]));
}

/** One member's contents over the period (one Query on gsi1). */
export async function userContents(teamId: string, userId: string, from: string, to: string): Promise<ContentTotals[]> {
  type Row = CountsItem & { contentType: ContentType | 'test'; contentId: string; title?: string; day: string };
  const rows = await queryAll<Row>({ index: 'gsi1', pk: userContentsGsi(teamId, userId), sk: { between: [`${from}#`, `${to}#~`] } });
  return sumByContent(rows);
}
