import { createHash, randomInt } from 'node:crypto';
import { ConditionFailedError, deleteItem, getItem, putItem, updateItem, type Item } from '../platform/db';
import { assertId, teamKey } from '../platform/keys';

/**
 * A pending e-mail change (SPEC §2 profile): `T#<teamId>#EMAILCHANGE` / `U#<userId>`, one per person and team;
 * a new request replaces it. Only a hash of the 6-digit code is stored; `expiresAt` (epoch seconds) is the
 * table's TTL, and is checked here too since TTL deletion lags.
 */
export const EMAIL_CHANGE_MAX_ATTEMPTS = 5;

interface PendingItem extends Item {
  newEmail: string;
  codeHash: string;
  attempts: number;
  expiresAt: number;
}

const key = (teamId: string, userId: string) => ({ pk: teamKey(teamId, 'EMAILCHANGE'), sk: `U#${assertId(userId, 'userId')}` });
const hash = (teamId: string, userId: string, code: string) => createHash('sha256').update(`${teamId}:${userId}:${code}`).digest('base64url');

export async function startEmailChange(teamId: string, userId: string, newEmail: string, ttlSeconds: number, now = new Date()): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await putItem({
    ...key(teamId, userId),
    type: 'emailChange',
    newEmail,
    codeHash: hash(teamId, userId, code),
    attempts: 0,
    expiresAt: Math.floor(now.getTime() / 1000) + ttlSeconds,
  });
  return code;
}

export type EmailChangeCheck = { ok: true; newEmail: string } | { ok: false; reason: 'none' | 'expired' | 'mismatch' | 'attempts' };

/** Checks a code; a right one uses the request up, a wrong one counts toward the attempt limit. */
export async function checkEmailChange(teamId: string, userId: string, code: string, now = new Date()): Promise<EmailChangeCheck> {
  const item = await getItem<PendingItem>(key(teamId, userId), true);
  if (!item) return { ok: false, reason: 'none' };
  if (item.expiresAt * 1000 <= now.getTime()) {
    await deleteItem(key(teamId, userId));
    return { ok: false, reason: 'expired' };
  }
  if (item.attempts >= EMAIL_CHANGE_MAX_ATTEMPTS) return { ok: false, reason: 'attempts' };
  if (item.codeHash !== hash(teamId, userId, code)) {
    await updateItem({ key: key(teamId, userId), add: { attempts: 1 }, condition: 'attribute_exists(pk)' }).catch((e: unknown) => {
      if (!(e instanceof ConditionFailedError)) throw e;
    });
    return { ok: false, reason: item.attempts + 1 >= EMAIL_CHANGE_MAX_ATTEMPTS ? 'attempts' : 'mismatch' };
  }
  await deleteItem(key(teamId, userId));
  return { ok: true, newEmail: item.newEmail };
}
