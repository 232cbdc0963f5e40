import type { ContentCard } from '../../../shared/api/calls/content-lists';
import type { SavedList, SavedStatus } from '../../../shared/api/calls/saved-items';
import type { Page } from '../../../shared/api/page';
import type { ContentViewer } from '../../../shared/content-access';
import type { ContentType } from '../../../shared/content-types';
import { cardOf } from '../content-lists';
import { openableTitle, visibleCardSources } from '../member-card-sources';
import { deleteSavedItem, listSavedItems, putSavedItem, savedListsOf } from './saved-item';

export type SavedItemViewer = ContentViewer & { kind: 'member' };
interface Saver {
  teamId: string;
  userId: string;
  viewer: SavedItemViewer;
}

export async function saveItem(saver: Saver, list: SavedList, type: ContentType, id: string, now: Date): Promise<void> {
  await openableTitle(saver.teamId, saver.userId, saver.viewer, type, id, now);
  await putSavedItem(saver.teamId, saver.userId, { list, contentType: type, id, savedAt: now.toISOString() });
}

export async function unsaveItem({ teamId, userId }: Saver, list: SavedList, type: ContentType, id: string): Promise<void> {
  await deleteSavedItem(teamId, userId, list, type, id);
}

export async function savedStatus({ teamId, userId }: Saver, type: ContentType, id: string): Promise<SavedStatus> {
  const lists = await savedListsOf(teamId, userId, type, id);
  return { bookmark: lists.includes('bookmark'), watchLater: lists.includes('watchLater') };
}

/** A page of one list, newest saved first, leaving out what the member can no longer see (and deleted items). */
export async function savedItemPage({ teamId, userId, viewer }: Saver, list: SavedList, opts: { cursor?: string; limit: number }, now: Date): Promise<Page<ContentCard>> {
  const page = await listSavedItems(teamId, userId, list, opts);
  const sources = await visibleCardSources(teamId, page.items, viewer, now);
  const items = await Promise.all(
    page.items.flatMap((saved) => {
      const source = sources.get(`${saved.contentType}#${saved.id}`);
      return source ? [cardOf(source, now)] : [];
    }),
  );
  return { items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}
