import type { Page } from '../../../shared/api/page';
import { newestFirstPage, queryPage } from '../http/cursor';
import { searchText } from './admin-index';
import { atVersion, deleteItem, getItem, type Item, type Key, putItem } from '../../platform/db';

/** A stored row of a listed entity: its keys, its type, its gsi1 list keys, its title as search folds it, and the entity itself. */
export type ListedRecord<T> = Item & T & { gsi1pk: string; gsi1sk: string; searchTitle?: string };

/** A title search reads at most this many pages of the list before it answers (with a cursor to go on). */
const SEARCH_READS = 10;

/**
 * The record operations a team entity listed newest first repeats: one row an entity, on gsi1 under `listPk` sorted
 * by `<createdAt>#<id>`, created once (`putNew`: ConditionFailedError when it exists), rewritten only at the
 * `version` read (`replace`: ConditionFailedError otherwise, or when gone), deleted only while there (`remove`).
 * The entity module still owns its keys (`key`, `listPk`) and exports its own names for these.
 */
export function listedEntity<T extends { createdAt: string }>(spec: {
  type: string;
  id: (value: T) => string;
  key: (teamId: string, id: string) => Key;
  listPk: (teamId: string) => string;
  /** The title a search by title matches (the operator's pickers); stored folded as search folds it. */
  title?: (value: T) => string;
}) {
  const toRecord = (teamId: string, value: T): ListedRecord<T> =>
    ({
      ...spec.key(teamId, spec.id(value)),
      type: spec.type,
      gsi1pk: spec.listPk(teamId),
      gsi1sk: `${value.createdAt}#${spec.id(value)}`,
      ...(spec.title ? { searchTitle: searchText(spec.title(value)) } : {}),
      ...value,
    }) as ListedRecord<T>;
  const fromRecord = ({ pk: _pk, sk: _sk, type: _type, gsi1pk: _a, gsi1sk: _b, searchTitle: _s, ...value }: ListedRecord<T>): T => value as unknown as T;
  return {
    toRecord,
    fromRecord,
    async get(teamId: string, id: string, consistent = false): Promise<T | undefined> {
      const record = await getItem<ListedRecord<T>>(spec.key(teamId, id), consistent);
      return record && fromRecord(record);
    },
    putNew: (teamId: string, value: T): Promise<void> => putItem(toRecord(teamId, value), { ifNotExists: true }),
    replace: (teamId: string, value: T, expectedVersion: number): Promise<void> => putItem(toRecord(teamId, value), atVersion(expectedVersion)),
    remove: (teamId: string, id: string): Promise<void> => deleteItem(spec.key(teamId, id), { ifExists: true }),
    /**
     * The admin list: one Query a page, newest first, each entity mapped by `view`. With `query`, only the entities
     * whose title contains it (width, case and kana folded): the same Query with a filter, read on until the page is
     * full, the list ends or SEARCH_READS pages were read (then the page may hold fewer, with a cursor to go on).
     * A row written before titles were stored folded is matched on its title as written.
     */
    async list<V = T>(teamId: string, opts: { cursor?: string; limit: number; query?: string }, view?: (value: T) => V): Promise<Page<V>> {
      const map = (r: ListedRecord<T>) => (view ? view(fromRecord(r)) : (fromRecord(r) as unknown as V));
      const wanted = opts.query?.trim() ? searchText(opts.query) : '';
      if (!spec.title || !wanted) return newestFirstPage(teamId, spec.listPk(teamId), opts, map);
      const filter = {
        expression: 'contains(#searchTitle, :wanted) OR (attribute_not_exists(#searchTitle) AND contains(#title, :written))',
        names: { '#searchTitle': 'searchTitle', '#title': 'title' },
        values: { ':wanted': wanted, ':written': opts.query!.trim() },
      };
      const items: V[] = [];
      let cursor = opts.cursor;
      for (let read = 0; read < SEARCH_READS && items.length < opts.limit; read++) {
        // DynamoDB's Limit counts the rows read before the filter: reading no more than are still wanted keeps the page within `limit`.
        const page = await queryPage(teamId, { index: 'gsi1', pk: spec.listPk(teamId), ascending: false, limit: opts.limit - items.length, cursor, filter }, map);
        items.push(...page.items);
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      return { items, nextCursor: cursor };
    },
  };
}
