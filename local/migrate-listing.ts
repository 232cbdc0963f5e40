import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { ContentType } from '../shared/content-types';
import { itemRulesOf } from '../lambdas/content/items/item-rules';
import { getContentItem, listingEntryOf as itemEntry } from '../lambdas/core/entities/content-item';
import { projectListing } from '../lambdas/core/entities/list-rows';
import { getVideo, listingEntryOf as videoEntry, rewriteVideo } from '../lambdas/core/entities/video';
import { localCredentials } from '../lambdas/platform/config';
import { deleteItem, getItem, putItem } from '../lambdas/platform/db';

/**
 * Local data kept from before the listing core (its table had no gsi3): each video is saved again as it is, which
 * writes its record's sort indexes and its list rows, and the rows the old layout kept per list are removed. A
 * one-off Scan of a local table at start, never a code path on AWS (a deployed table starts with every index).
 */
const OLD_ROWS = /^T#[^#]+#(PUBLISHED|CATALOG)#|^T#[^#]+#VIDEOS#(TITLE|RELEASED)$/;

export async function migrateToListingCore(endpoint: string, table: string, region: string, log: (line: string) => void): Promise<void> {
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region, endpoint, credentials: localCredentials }));
  let videos = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new ScanCommand({ TableName: table, ExclusiveStartKey: startKey, ProjectionExpression: 'pk, sk, #type', ExpressionAttributeNames: { '#type': 'type' } }));
    for (const item of page.Items ?? []) {
      const pk = String(item.pk);
      if (OLD_ROWS.test(pk)) await deleteItem({ pk, sk: String(item.sk) });
      const video = item.type === 'video' ? /^T#([^#]+)#VIDEO#([^#]+)$/.exec(pk) : null;
      if (video) {
        await rewriteVideo(video[1], video[2], (v) => ({ video: v }));
        videos++;
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  log(`Local data moved to the listing core: ${videos} videos listed again`);
}

/** Written once local data has its list rows' sort indexes (gsi1, gsi2, gsi4 on every row). */
const SORT_INDEXES_DONE = { pk: 'LOCAL#MIGRATIONS', sk: 'LIST_ROW_SORT_INDEXES' };
const RECORD = /^T#([^#]+)#(VIDEO|PDF|ARTICLE|PLAYLIST|LIVE|EVENT)#([^#]+)$/;

/**
 * Local data kept from before the member lists had every sort of SPEC §9: each listed item's rows are written again
 * as of its stored version (the same rows, now with their creation, update and title indexes). Nothing else
 * changes: no record is saved, so no event is told. Once per table (a marker item); a new table is marked at once.
 */
export async function addListRowSortIndexes(endpoint: string, table: string, region: string, created: boolean, log: (line: string) => void): Promise<void> {
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region, endpoint, credentials: localCredentials }));
  if (!created && !(await getItem(SORT_INDEXES_DONE))) {
    let items = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await doc.send(new ScanCommand({ TableName: table, ExclusiveStartKey: startKey, ProjectionExpression: 'pk, sk' }));
      for (const item of page.Items ?? []) {
        const record = RECORD.exec(String(item.pk));
        if (!record || record[2] !== item.sk) continue;
        const [, teamId, TYPE, id] = record;
        const type = TYPE.toLowerCase() as ContentType;
        const entry = async () => {
          if (type === 'video') {
            const v = await getVideo(teamId, id, true);
            return v && videoEntry(v);
          }
          const it = await getContentItem(teamId, type, id, true);
          return it && itemEntry(it, itemRulesOf(type));
        };
        const now = await entry();
        if (!now) continue;
        await projectListing(teamId, undefined, now, entry);
        items++;
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    log(`Local list rows given their sort indexes: ${items} items listed again`);
  }
  await putItem({ ...SORT_INDEXES_DONE, type: 'localMigration', at: new Date().toISOString() });
}
