import type { Page } from '../../../shared/api/page';
import { ulid } from 'ulid';
import type { TaxonomyItem, TaxonomyKind } from '../../../shared/api/calls/categories';
import { ConditionFailedError, getItem, putItem, transact, updateItem, type Item, type TransactOp } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';
import { queryPage } from '../http/cursor';

/**
 * Category, tag and creator (SPEC §3): one entity module for the three kinds.
 *   pk   T#<teamId>#CATEGORY | #TAG | #CREATOR      sk I#<id>
 *   gsi1 the same partition                         <sortNumber, 6 digits>#<id>   (the list, sort number order)
 * `usageCount` changes only inside the transaction of the video write that starts or stops using the item
 * (`usageOps`), so it is exact; a delete is conditioned on it being 0, so "in use" and "deleted" cannot race.
 */
type TaxonomyRecord = Item & TaxonomyItem & { gsi1pk: string; gsi1sk: string };

const partition = (teamId: string, kind: TaxonomyKind) => teamKey(teamId, kind.toUpperCase());
const itemKey = (teamId: string, kind: TaxonomyKind, id: string) => ({ pk: partition(teamId, kind), sk: `I#${assertId(id, `${kind}Id`)}` });
const sortKey = (sortNumber: number, id: string) => `${String(sortNumber).padStart(6, '0')}#${id}`;

const fromRecord = ({ pk: _pk, sk: _sk, type: _type, gsi1pk: _g, gsi1sk: _gs, ...item }: TaxonomyRecord): TaxonomyItem => item;

export interface TaxonomyForm {
  name: string;
  thumbnailKey: string | null;
  sortNumber: number;
  profile?: string;
}

const formFields = (kind: TaxonomyKind, form: TaxonomyForm) => ({
  name: form.name,
  ...(form.thumbnailKey ? { thumbnailKey: form.thumbnailKey } : {}),
  sortNumber: form.sortNumber,
  ...(kind === 'creator' ? { profile: form.profile ?? '' } : {}),
});

export function createTaxonomyItem(teamId: string, kind: TaxonomyKind, form: TaxonomyForm, now = new Date()): Promise<TaxonomyItem> {
  return createTaxonomyItemWithId(teamId, kind, ulid(now.getTime()), form, now);
}

/** With a chosen id (the demo seed's fixed ones); an existing item with that id is left as it is. */
export async function createTaxonomyItemWithId(
  teamId: string,
  kind: TaxonomyKind,
  id: string,
  form: TaxonomyForm,
  now = new Date(),
): Promise<TaxonomyItem> {
  const at = now.toISOString();
  const item: TaxonomyItem = { id, kind, ...formFields(kind, form), usageCount: 0, createdAt: at, updatedAt: at };
  try {
    await putItem(
      { ...itemKey(teamId, kind, id), type: kind, gsi1pk: partition(teamId, kind), gsi1sk: sortKey(form.sortNumber, id), ...item },
      { ifNotExists: true },
    );
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    const existing = await getTaxonomyItem(teamId, kind, id, true);
    if (!existing) throw e;
    return existing;
  }
  return item;
}

export async function getTaxonomyItem(teamId: string, kind: TaxonomyKind, id: string, consistent = false): Promise<TaxonomyItem | undefined> {
  const record = await getItem<TaxonomyRecord>(itemKey(teamId, kind, id), consistent);
  return record && fromRecord(record);
}

/** Rewrites the form fields (the usage count stays); undefined when there is no such item in the team. */
export async function updateTaxonomyItem(
  teamId: string,
  kind: TaxonomyKind,
  id: string,
  form: TaxonomyForm,
  now = new Date(),
): Promise<TaxonomyItem | undefined> {
  try {
    const record = await updateItem<TaxonomyRecord>({
      key: itemKey(teamId, kind, id),
      set: { ...formFields(kind, form), updatedAt: now.toISOString(), gsi1sk: sortKey(form.sortNumber, id) },
      remove: form.thumbnailKey ? [] : ['thumbnailKey'],
      condition: 'attribute_exists(pk)',
    });
    return fromRecord(record);
  } catch (e) {
    if (e instanceof ConditionFailedError) return undefined;
    throw e;
  }
}

/** Deletes an unused item: 'deleted', 'notFound', or 'inUse' while a content uses it. */
export async function deleteTaxonomyItem(teamId: string, kind: TaxonomyKind, id: string): Promise<'deleted' | 'notFound' | 'inUse'> {
  const key = itemKey(teamId, kind, id);
  try {
    await transact([{ delete: key, condition: 'attribute_exists(pk) AND usageCount = :zero', values: { ':zero': 0 } }]);
    return 'deleted';
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    return (await getItem(key, true)) ? 'inUse' : 'notFound';
  }
}

/** One page in sort number order (one Query). */
export async function listTaxonomyItems(
  teamId: string,
  kind: TaxonomyKind,
  opts: { cursor?: string; limit: number },
): Promise<Page<TaxonomyItem>> {
  const pk = partition(teamId, kind);
  return queryPage(teamId, {
    index: 'gsi1',
    pk,
    limit: opts.limit,
    cursor: opts.cursor,
  }, fromRecord);
}

/**
 * For the caller's transaction: each item's usage count moves by `delta`, and each must exist (a video
 * cannot start using an item deleted meanwhile: the whole write fails).
 */
export function usageOps(teamId: string, kind: TaxonomyKind, ids: readonly string[], delta: 1 | -1): TransactOp[] {
  return [...new Set(ids)].map((id) => ({
    update: { key: itemKey(teamId, kind, id), add: { usageCount: delta }, condition: 'attribute_exists(pk)' },
  }));
}
