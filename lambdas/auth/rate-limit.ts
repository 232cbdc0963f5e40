import { createHash } from 'node:crypto';
import { ConditionFailedError, putItem, updateItem, type Item } from '../platform/db';
import { globalKey } from '../platform/keys';

/**
 * A counter per subject whose window starts at the subject's first attempt: an atomic ADD while the
 * window is open, a fresh window after it (the table's TTL removes old counters). Subjects are
 * hashed, so the global key holds no e-mail. Answers whether this attempt is within `limit`.
 */
export async function withinRateLimit(
  action: string,
  subject: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<boolean> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const hashed = createHash('sha256').update(subject).digest('base64url');
  const key = { pk: globalKey('RATE', action, hashed), sk: 'COUNTER' };
  try {
    const item = await updateItem<Item & { count: number }>({
      key,
      add: { count: 1 },
      condition: 'windowStart > :open',
      values: { ':open': nowSeconds - windowSeconds },
    });
    return item.count <= limit;
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    // No counter yet, or its window closed: this attempt opens a new one.
    await putItem({ ...key, type: 'rateCounter', count: 1, windowStart: nowSeconds, expiresAt: nowSeconds + windowSeconds });
    return 1 <= limit;
  }
}
