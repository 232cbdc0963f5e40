import type { ContentType } from '../../../shared/content-types';
import { queryPage } from '../../core/http/cursor';
import { putItem, type Item } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';

/**
 * A member's viewing history across content types (SPEC §2 /user/:teamId/view_log). Entity module: the only code
 * that knows these keys. One row per member and item, rewritten on each view, so viewing again moves the item to
 * the top without a second row:
 *   pk T#<t>#VIEWLOG#<userId>  sk <type>#<id>
 *   gsi1 T#<t>#VIEWLOG#<userId> / <viewedAt>#<type>#<id>   the member's history, most recent first (one Query)
 */
export interface ViewLogEntry {
  contentType: ContentType;
  id: string;
  viewedAt: string;
}

type ViewLogRecord = Item & ViewLogEntry & { gsi1pk: string; gsi1sk: string };

const partition = (teamId: string, userId: string) => teamKey(teamId, 'VIEWLOG', assertId(userId, 'userId'));

/** Records that the member viewed the item at `now` (a plain put: the latest view wins). */
export async function putViewLogEntry(teamId: string, userId: string, contentType: ContentType, id: string, now: Date): Promise<void> {
  const pk = partition(teamId, userId);
  const viewedAt = now.toISOString();
  const record: ViewLogRecord = {
    pk,
    sk: `${contentType}#${assertId(id, 'contentId')}`,
    type: 'viewLog',
    gsi1pk: pk,
    gsi1sk: `${viewedAt}#${contentType}#${id}`,
    contentType,
    id,
    viewedAt,
  };
  await putItem(record);
}

/** The member's history, most recent first: one Query a page. */
export async function listViewLog(teamId: string, userId: string, opts: { cursor?: string; limit: number }): Promise<{ items: ViewLogEntry[]; nextCursor?: string }> {
  const pk = partition(teamId, userId);
  return queryPage(teamId, { index: 'gsi1', pk, ascending: false, limit: opts.limit, cursor: opts.cursor }, ({ contentType, id, viewedAt }: ViewLogRecord) => ({
    contentType,
    id,
    viewedAt,
  }));
}
