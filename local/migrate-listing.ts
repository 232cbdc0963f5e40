import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { rewriteVideo } from '../lambdas/core/entities/video';
import { localCredentials } from '../lambdas/platform/config';
import { deleteItem } from '../lambdas/platform/db';

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
