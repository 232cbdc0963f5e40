import type { ContentType } from '../../../shared/content-types';
import { deleteItem, putItem, query, type Item } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';

/**
 * References between contents (a playlist's videos, an event's videos, lives and PDFs): one row per reference,
 *
 *   pk  T#<t>#REFERENCED#<TYPE>#<id of the referred content>     sk <TYPE>#<id of the referring item>
 *
 * so "is this video in a playlist or event?" is one Query (Limit 1) whatever the number of playlists, and a
 * playlist of 100 videos does not need 100 counters in its own transaction. A save writes the references it adds
 * BEFORE its record and removes the ones it drops AFTER (fail closed: a process stopped in between leaves an
 * extra reference, which blocks a deletion until the item's next save, never a missing one). A referred content
 * deleted in the same instant as a playlist adds it is the one race left; member views skip references to
 * contents that are gone.
 */
export interface ContentRef {
  type: ReferredType;
  id: string;
}

/** What can be referred to: a content, or a test that a video's completion action names. */
export type ReferredType = ContentType | 'test';

const refPk = (teamId: string, ref: ContentRef) => teamKey(teamId, 'REFERENCED', ref.type.toUpperCase(), assertId(ref.id));
const refSk = (by: ContentRef) => `${by.type.toUpperCase()}#${assertId(by.id)}`;
const same = (a: ContentRef) => (b: ContentRef) => a.type === b.type && a.id === b.id;

/** `add`: writes the references `to` has and `from` lacks; `remove`: deletes those `from` has and `to` lacks. */
export async function moveReferences(
  teamId: string,
  by: { type: ContentType; id: string },
  from: readonly ContentRef[],
  to: readonly ContentRef[],
  phase: 'add' | 'remove',
): Promise<void> {
  const changed = phase === 'add' ? to.filter((r) => !from.some(same(r))) : from.filter((r) => !to.some(same(r)));
  const unique = changed.filter((r, i) => changed.findIndex(same(r)) === i);
  for (let i = 0; i < unique.length; i += 25) {
    await Promise.all(
      unique.slice(i, i + 25).map((ref) =>
        phase === 'add'
          ? putItem({ pk: refPk(teamId, ref), sk: refSk(by), type: 'contentReference', refType: by.type, refId: by.id })
          : deleteItem({ pk: refPk(teamId, ref), sk: refSk(by) }),
      ),
    );
  }
}

/** One item that refers to `ref` (a playlist or event), or undefined when nothing does. */
export async function firstReferrer(teamId: string, ref: ContentRef): Promise<ContentRef | undefined> {
  const page = await query<Item & { refType: ContentType; refId: string }>({ pk: refPk(teamId, ref), limit: 1 });
  const row = page.items[0];
  return row && { type: row.refType, id: row.refId };
}

/** Up to `limit` items that refer to `ref` (the videos offering a test), one Query. */
export async function referrersOf(teamId: string, ref: ContentRef, limit = 100): Promise<ContentRef[]> {
  const page = await query<Item & { refType: ContentType; refId: string }>({ pk: refPk(teamId, ref), limit });
  return page.items.map((row) => ({ type: row.refType, id: row.refId }));
}
