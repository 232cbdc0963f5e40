import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { clientOptions, platformConfig } from '../../../../lambdas/platform/config';

/**
 * Every stored item of one team (pk `T#<teamId>#…`), as sorted JSON by key: what "team A's items are unchanged"
 * compares before and after the suite. A Scan is a test's read-back, never a request path's.
 */
export async function teamSnapshot(teamId: string): Promise<Map<string, string>> {
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientOptions('dynamodb')));
  const out = new Map<string, string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({
        TableName: platformConfig().tableName,
        FilterExpression: 'begins_with(pk, :p)',
        ExpressionAttributeValues: { ':p': `T#${teamId}#` },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) out.set(`${item.pk} | ${item.sk}`, JSON.stringify(item, Object.keys(item).sort()));
    start = page.LastEvaluatedKey;
  } while (start);
  doc.destroy();
  return out;
}

/** The keys whose items differ (added, removed or changed) between two snapshots. */
export function snapshotChanges(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => before.get(k) !== after.get(k)).sort();
}
