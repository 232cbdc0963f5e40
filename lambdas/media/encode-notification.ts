import type { Page } from '../../shared/api/page';
import { ulid } from 'ulid';
import type { EncodeNotification } from '../../shared/api/calls/uploads';
import { putItem, query, type Item } from '../platform/db';
import { teamKey } from '../platform/keys';
import { decodeCursor, encodeCursor } from '../http/cursor';

/**
 * In-app notices of finished encodings (SPEC §3 notification key videoEncodeFinished):
 *   pk T#<teamId>#NOTICE#VIDEO_ENCODE   sk <createdAt>#<notificationId>   (newest first: one Query a page)
 */
const partition = (teamId: string) => teamKey(teamId, 'NOTICE', 'VIDEO_ENCODE');

export async function addEncodeNotification(
  teamId: string,
  notice: Omit<EncodeNotification, 'notificationId' | 'createdAt'>,
  now = new Date(),
): Promise<EncodeNotification> {
  const created: EncodeNotification = { notificationId: ulid(now.getTime()), createdAt: now.toISOString(), ...notice };
  await putItem({ pk: partition(teamId), sk: `${created.createdAt}#${created.notificationId}`, type: 'encodeNotification', ...created });
  return created;
}

export async function listEncodeNotifications(
  teamId: string,
  opts: { cursor?: string; limit: number },
): Promise<Page<EncodeNotification>> {
  const pk = partition(teamId);
  const page = await query<Item & EncodeNotification>({
    pk,
    ascending: false,
    limit: opts.limit,
    startKey: decodeCursor(opts.cursor, { teamId, partition: { name: 'pk', value: pk } }),
  });
  return {
    items: page.items.map(({ pk: _pk, sk: _sk, type: _type, ...n }) => n),
    nextCursor: encodeCursor(page.lastKey),
  };
}
