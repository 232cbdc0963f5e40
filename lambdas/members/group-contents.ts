import type { GroupContentRow } from '../../shared/api/calls/groups';
import type { Page } from '../../shared/api/page';
import { AppError } from '../core/http/app-error';
import { getGroup } from '../core/entities/group';
import { listRows, type ListRow } from '../core/entities/list-rows';

/**
 * SPEC §3 Group "viewable videos": the content limited to a group, read from the member lists' rows of that group
 * (partition `LIST#MEMBER#G#<groupId>#ALL`, every content type, newest release first): one Query, no Scan. The rows
 * hold what members are listed, so an item that is private, hidden from lists or (a video) not yet playable is not
 * here; rows outside their publication period are kept, since an administrator plans ahead.
 */
export async function listGroupContents(teamId: string, groupId: string, page: { cursor?: string; limit: number }, now = new Date()): Promise<Page<GroupContentRow>> {
  if (!(await getGroup(teamId, groupId))) throw new AppError('common/not_found');
  const rows = await listRows(teamId, { area: 'member', type: 'all', scope: 'all', audiences: [{ groupId }], limit: page.limit, cursor: page.cursor, now, anyPeriod: true });
  return { items: rows.items.map(toGroupContentRow), ...(rows.nextCursor ? { nextCursor: rows.nextCursor } : {}) };
}

export const toGroupContentRow = (r: ListRow): GroupContentRow => ({
  contentType: r.contentType,
  id: r.id,
  title: r.title,
  ...(r.releasedAt ? { releasedAt: r.releasedAt } : {}),
  createdAt: r.createdAt,
  ...(r.status === 'publicationPeriod' && r.publicationPeriod ? { publicationPeriod: r.publicationPeriod } : {}),
});
