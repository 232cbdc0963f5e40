import type { Page } from '../../../shared/api/page';
import { newestFirstPage } from '../http/cursor';
import { atVersion, deleteItem, getItem, type Item, type Key, putItem } from '../../platform/db';

/** A stored row of a listed entity: its keys, its type, its gsi1 list keys and the entity itself. */
export type ListedRecord<T> = Item & T & { gsi1pk: string; gsi1sk: string };

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
}) {
  const toRecord = (teamId: string, value: T): ListedRecord<T> =>
    ({
      ...spec.key(teamId, spec.id(value)),
      type: spec.type,
      gsi1pk: spec.listPk(teamId),
      gsi1sk: `${value.createdAt}#${spec.id(value)}`,
      ...value,
    }) as ListedRecord<T>;
  const fromRecord = ({ pk: _pk, sk: _sk, type: _type, gsi1pk: _a, gsi1sk: _b, ...value }: ListedRecord<T>): T => value as unknown as T;
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
    /** The admin list: one Query a page, newest first, each entity mapped by `view`. */
    list<V = T>(teamId: string, opts: { cursor?: string; limit: number }, view?: (value: T) => V): Promise<Page<V>> {
      return newestFirstPage(teamId, spec.listPk(teamId), opts, (r: ListedRecord<T>) => (view ? view(fromRecord(r)) : (fromRecord(r) as unknown as V)));
    },
  };
}
