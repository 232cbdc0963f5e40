import { AppError } from '../http/app-error';
import { getItem, putItem, query, updateItem, type Item } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';

/**
 * Play starts per day and the popular ranking (SPEC: /videos/popular, views in the last 30 days).
 *   day count  T#<t>#VIEWS#<yyyy-mm-dd>   V#<videoId>    `views` (atomic ADD per start), TTL `expiresAt`
 *   ranking    T#<t>#POPULAR              RANKING        top RANKING_SIZE `{ videoId, views }` of the last
 *                                                        POPULAR_DAYS days, `computedAt`
 * A start is one UpdateItem whatever the team size. The ranking is recomputed on read when older than
 * RANKING_MAX_AGE_MS (POPULAR_DAYS Queries); two readers recomputing at once write the same answer, so no
 * lock is needed. A popular page then reads the ranking item and one BatchGet of its slice.
 */
export const POPULAR_DAYS = 30;
export const RANKING_SIZE = 500;
export const RANKING_MAX_AGE_MS = 10 * 60_000;
/** Day counts outlive the window a little, then DynamoDB's TTL removes them. */
const DAY_COUNT_KEEP_DAYS = 40;
const DAY_MS = 86_400_000;

export interface RankedVideo {
  videoId: string;
  views: number;
}
export interface PopularRanking {
  items: RankedVideo[];
  computedAt: string;
}

type DayCountItem = Item & { videoId: string; views: number };
type RankingItem = Item & PopularRanking;

const day = (at: Date) => at.toISOString().slice(0, 10);
const dayPk = (teamId: string, date: string) => teamKey(teamId, 'VIEWS', date);
const rankingKey = (teamId: string) => ({ pk: teamKey(teamId, 'POPULAR'), sk: 'RANKING' });

/** Counts one play start of a video on the day of `now` (UTC). */
export async function countVideoStart(teamId: string, videoId: string, now: Date): Promise<void> {
  const startOfDay = Date.parse(`${day(now)}T00:00:00.000Z`);
  await updateItem({
    key: { pk: dayPk(teamId, day(now)), sk: `V#${assertId(videoId, 'videoId')}` },
    set: { type: 'videoDayViews', videoId, expiresAt: Math.floor((startOfDay + DAY_COUNT_KEEP_DAYS * DAY_MS) / 1000) },
    add: { views: 1 },
  });
}

/**
 * Most views first; equal views: the newer video first (video ids are ULIDs, so a later id is a newer video).
 */
export function rankVideos(counts: ReadonlyMap<string, number>, size = RANKING_SIZE): RankedVideo[] {
  return [...counts]
    .map(([videoId, views]) => ({ videoId, views }))
    .sort((a, b) => b.views - a.views || (a.videoId < b.videoId ? 1 : a.videoId > b.videoId ? -1 : 0))
    .slice(0, size);
}

/** The last POPULAR_DAYS days' counts (today included), one Query a day. */
async function computeRanking(teamId: string, now: Date): Promise<PopularRanking> {
  const counts = new Map<string, number>();
  const days = Array.from({ length: POPULAR_DAYS }, (_, i) => day(new Date(now.getTime() - i * DAY_MS)));
  await Promise.all(
    days.map(async (date) => {
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await query<DayCountItem>({ pk: dayPk(teamId, date), startKey });
        for (const item of page.items) counts.set(item.videoId, (counts.get(item.videoId) ?? 0) + item.views);
        startKey = page.lastKey;
      } while (startKey);
    }),
  );
  return { items: rankVideos(counts), computedAt: now.toISOString() };
}

/** The team's ranking, recomputed and stored when missing or older than RANKING_MAX_AGE_MS. */
export async function popularRanking(teamId: string, now: Date): Promise<PopularRanking> {
  const stored = await getItem<RankingItem>(rankingKey(teamId));
  if (stored && now.getTime() - Date.parse(stored.computedAt) < RANKING_MAX_AGE_MS) {
    return { items: stored.items, computedAt: stored.computedAt };
  }
  const ranking = await computeRanking(teamId, now);
  await putItem({ ...rankingKey(teamId), type: 'popularRanking', ...ranking });
  return ranking;
}

/**
 * Popular-list cursors: the offset into the ranking, bound to the team (a cursor of another team is refused
 * like a forged one).
 */
export function encodeRankingCursor(teamId: string, offset: number): string {
  return Buffer.from(JSON.stringify({ t: teamId, o: offset }), 'utf8').toString('base64url');
}

export function decodeRankingCursor(teamId: string, cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t?: unknown; o?: unknown };
    if (value.t === teamId && typeof value.o === 'number' && Number.isInteger(value.o) && value.o >= 0 && value.o <= RANKING_SIZE) return value.o;
  } catch {
    // Not JSON: refused below like any other forged cursor.
  }
  throw new AppError('common/invalid_input', { cursor: 'validation/invalid_value' });
}
