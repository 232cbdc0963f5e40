import { queryPage } from '../core/http/cursor';
import { ulid } from 'ulid';
import type { AdminLogEntry } from '../../shared/api/calls/administrators';
import { type Item, type TransactOp } from '../platform/db';
import { teamKey } from '../platform/keys';

/**
 * The administrator log (SPEC §2 /admin/general_setting/administrator/log):
 * `T#<teamId>#ADMINLOG` / `<logId>` (a ULID, so the sort key is time order; newest first = one Query descending).
 * Written in the same transaction as the change it records.
 */
const logPk = (teamId: string) => teamKey(teamId, 'ADMINLOG');

export function putAdminLogOp(teamId: string, entry: Omit<AdminLogEntry, 'logId'>): TransactOp {
  const logId = ulid(Date.parse(entry.at));
  return { put: { pk: logPk(teamId), sk: logId, type: 'adminLog', teamId, logId, ...entry }, ifNotExists: true };
}

export async function listAdminLog(
  teamId: string,
  opts: { limit: number; cursor?: string },
): Promise<{ items: AdminLogEntry[]; nextCursor?: string }> {
  const pk = logPk(teamId);
  return queryPage(teamId, { pk, limit: opts.limit, ascending: false, cursor: opts.cursor }, ({ pk: _pk, sk: _sk, type: _type, teamId: _t, ...entry }: Item & AdminLogEntry) => entry as AdminLogEntry);
}
