import type { SavedList } from '../../../shared/api/calls/saved-items';
import type { ContentType } from '../../../shared/content-types';
import { queryPage } from '../../core/http/cursor';
import { batchGet, ConditionFailedError, deleteItem, putItem, type Item } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';

/**
 * A member's saved items (SPEC §2 /user/:teamId/bookmark and watchLater): both lists, every content type.
 * Entity module: the only code that knows these keys. One row per member, list and item, so saving twice is one row:
 *   pk T#<t>#SAVED#<userId>  sk <list>#<type>#<id>
 *   gsi1 T#<t>#SAVED#<userId>#<list> / <savedAt>#<type>#<id>   one list, newest saved first (one Query)
 */
export interface SavedItem {
  list: SavedList;
  contentType: ContentType;
  id: string;
  savedAt: string;
}

type SavedRecord = Item & SavedItem & { gsi1pk: string; gsi1sk: string };

const partition = (teamId: string, userId: string) => teamKey(teamId, 'SAVED', assertId(userId, 'userId'));
const listPartition = (teamId: string, userId: string, list: SavedList) => `${partition(teamId, userId)}#${list}`;
const savedKey = (teamId: string, userId: string, list: SavedList, contentType: ContentType, id: string) => ({
  pk: partition(teamId, userId),
  sk: `${list}#${contentType}#${assertId(id, 'contentId')}`,
});

/** Saves the item unless it is already on the list (then it keeps its first saved time and place). */
export async function putSavedItem(teamId: string, userId: string, item: SavedItem): Promise<void> {
  const record: SavedRecord = {
    ...savedKey(teamId, userId, item.list, item.contentType, item.id),
    type: 'savedItem',
    gsi1pk: listPartition(teamId, userId, item.list),
    gsi1sk: `${item.savedAt}#${item.contentType}#${item.id}`,
    ...item,
  };
  try {
    await putItem(record, { ifNotExists: true });
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
  }
}

export async function deleteSavedItem(teamId: string, userId: string, list: SavedList, contentType: ContentType, id: string): Promise<void> {
  await deleteItem(savedKey(teamId, userId, list, contentType, id));
}

/** The lists the item is on (one BatchGet). */
export async function savedListsOf(teamId: string, userId: string, contentType: ContentType, id: string): Promise<SavedList[]> {
  const lists: SavedList[] = ['bookmark', 'watchLater'];
  const records = await batchGet<SavedRecord>(lists.map((list) => savedKey(teamId, userId, list, contentType, id)));
  return records.map((r) => r.list);
}

/** One list, newest saved first: one Query a page. */
export async function listSavedItems(teamId: string, userId: string, list: SavedList, opts: { cursor?: string; limit: number }): Promise<{ items: SavedItem[]; nextCursor?: string }> {
  const pk = listPartition(teamId, userId, list);
  return queryPage(teamId, { index: 'gsi1', pk, ascending: false, limit: opts.limit, cursor: opts.cursor }, ({ list: l, contentType, id, savedAt }: SavedRecord) => ({
    list: l,
    contentType,
    id,
    savedAt,
  }));
}
