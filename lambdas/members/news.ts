import type { NewsItem } from '../../shared/api/calls/news';
import type { Page } from '../../shared/api/page';
import { decodeCursor, encodeCursor } from '../core/http/cursor';
import { type ListedRecord, listedEntity } from '../core/entities/listed-entity';
import { batchGet, ConditionFailedError, type Item, putItem, query } from '../platform/db';
import { assertId, teamKey } from '../platform/keys';

/**
 * News (SPEC §3: title, content, groups) and the members' read marks. Keys:
 *   news       pk T#<t>#NEWS                 sk N#<newsId>
 *              gsi1 T#<t>#NEWS / <createdAt>#<newsId>   every list, newest first
 *   read mark  pk T#<t>#NEWSREAD#<userId>    sk N#<newsId>   "read?" for a page is one BatchGet
 * A member's list is the same Query filtered to news with no groups or one of theirs: a team has few news
 * items, so this keeps one row per item instead of one per group audience (the content lists' layout).
 * Read marks of a deleted item stay behind; nothing reads them without the item.
 */
const partition = (teamId: string) => teamKey(teamId, 'NEWS');
const newsKey = (teamId: string, newsId: string) => ({ pk: partition(teamId), sk: `N#${assertId(newsId, 'newsId')}` });
const readKey = (teamId: string, userId: string, newsId: string) => ({
  pk: teamKey(teamId, 'NEWSREAD', assertId(userId, 'userId')),
  sk: `N#${assertId(newsId, 'newsId')}`,
});
const news = listedEntity<NewsItem>({ type: 'news', id: (n) => n.newsId, key: newsKey, listPk: partition });

export const getNews = news.get;
export const putNewNews = news.putNew;
/** Replaces the item only while it still has `expectedVersion` (ConditionFailedError otherwise, or when gone). */
export const replaceNews = news.replace;
/** ConditionFailedError when the item does not exist. */
export const deleteNews = news.remove;
/** The admin list: one Query a page, newest first. */
export const listNews = (teamId: string, opts: { cursor?: string; limit: number }): Promise<Page<NewsItem>> => news.list(teamId, opts);

/** Rows read at most for one page of a member's list; the cursor goes on from there (a page may be short). */
const MEMBER_READ_ROUNDS = 5;

/** News for every member or for one of `groupIds`, newest first: the admin list's Query with a filter. */
export async function listNewsForGroups(
  teamId: string,
  groupIds: readonly string[],
  opts: { cursor?: string; limit: number },
): Promise<Page<NewsItem>> {
  const pk = partition(teamId);
  const values: Record<string, unknown> = { ':none': 0 };
  groupIds.forEach((g, i) => (values[`:g${i}`] = g));
  const expression = ['size(#groups) = :none', ...groupIds.map((_, i) => `contains(#groups, :g${i})`)].join(' OR ');
  const items: NewsItem[] = [];
  let startKey = decodeCursor(opts.cursor, { teamId, partition: { name: 'gsi1pk', value: pk } });
  for (let round = 0; round < MEMBER_READ_ROUNDS && items.length < opts.limit; round++) {
    // Limit counts rows read, so asking only for what is missing never takes more than the page holds.
    const page = await query<ListedRecord<NewsItem>>({
      index: 'gsi1',
      pk,
      ascending: false,
      limit: opts.limit - items.length,
      startKey,
      filter: { expression, names: { '#groups': 'groupIds' }, values },
    });
    items.push(...page.items.map(news.fromRecord));
    startKey = page.lastKey;
    if (!startKey) break;
  }
  return { items, nextCursor: encodeCursor(startKey) };
}

/** The ids of `newsIds` that `userId` has read. */
export async function readNewsIds(teamId: string, userId: string, newsIds: readonly string[]): Promise<Set<string>> {
  if (!newsIds.length) return new Set();
  const found = await batchGet<Item & { newsId: string }>(newsIds.map((id) => readKey(teamId, userId, id)));
  return new Set(found.map((r) => r.newsId));
}

/** Idempotent: the first read's mark stays, marking again changes nothing. */
export async function markNewsRead(teamId: string, userId: string, newsId: string, now = new Date()): Promise<void> {
  try {
    await putItem({ ...readKey(teamId, userId, newsId), type: 'newsRead', newsId, readAt: now.toISOString() }, { ifNotExists: true });
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
  }
}
