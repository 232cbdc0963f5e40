import { getItem, type Item, type TransactOp } from '../../platform/db';
import { teamKey } from '../../platform/keys';

/**
 * The bytes a team's uploads hold against its quota (`Team.uploadQuotaBytes`, SPEC §9: trial 5 GB):
 *   pk T#<teamId>#MEDIA   sk USAGE   { usedBytes }
 * It moves only in the transaction of the version write that reserves, settles or frees the bytes, so it is
 * exact; a reservation is conditioned on the total staying within the quota, so two uploads racing for the
 * last gigabyte cannot both get it.
 */
const usageKey = (teamId: string) => ({ pk: teamKey(teamId, 'MEDIA'), sk: 'USAGE' });

export async function getUsedBytes(teamId: string): Promise<number> {
  const item = await getItem<Item & { usedBytes?: number }>(usageKey(teamId), true);
  return item?.usedBytes ?? 0;
}

/** Adds `bytes` (may be negative); with `quotaBytes`, only if the total stays within it. */
export function changeUsageOp(teamId: string, bytes: number, quotaBytes?: number): TransactOp {
  if (quotaBytes === undefined || bytes <= 0) {
    return { update: { key: usageKey(teamId), add: { usedBytes: bytes } } };
  }
  return {
    update: {
      key: usageKey(teamId),
      add: { usedBytes: bytes },
      condition: 'attribute_not_exists(usedBytes) OR usedBytes <= :limit',
      values: { ':limit': quotaBytes - bytes },
    },
  };
}

/** True when `bytes` more fit (the authoritative check is changeUsageOp's condition). */
export const fitsQuota = (usedBytes: number, bytes: number, quotaBytes: number): boolean => usedBytes + bytes <= quotaBytes;
