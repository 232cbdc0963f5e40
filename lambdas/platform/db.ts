import { AsyncLocalStorage } from 'node:async_hooks';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { clientOptions, platformConfig } from './config';
import { tableSchema } from './table-schema';
import { recordAwsCalls } from './aws-calls';
import { injectFaults } from './faults';

/**
 * The database port. DynamoDB Local speaks DynamoDB's API, so the local adapter is the same client
 * pointed at the stand-in (chosen in config.ts). Entity modules use these functions, never the SDK.
 */
export type Item = Record<string, unknown> & { pk: string; sk: string };
export type Key = { pk: string; sk: string };
export type TableIndex = (typeof tableSchema.indexes)[number]['name'];

let client: DynamoDBDocumentClient | undefined;
function doc(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(injectFaults(recordAwsCalls(new DynamoDBClient(clientOptions('dynamodb')))), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return client;
}
const table = () => platformConfig().tableName;

/** A write's condition failed (item exists, version moved, …). */
export class ConditionFailedError extends Error {
  constructor(public readonly reasons: (string | undefined)[] = []) {
    super('Condition failed');
  }
}

const isConditionFailure = (e: unknown): e is Error & { name: string; CancellationReasons?: { Code?: string }[] } =>
  e instanceof Error && (e.name === 'ConditionalCheckFailedException' || e.name === 'TransactionCanceledException');

async function mapConditionErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isConditionFailure(e)) {
      const reasons = e.CancellationReasons?.map((r) => r.Code);
      // A transaction cancelled for other reasons (throttling, conflict) is not a condition failure.
      if (e.name === 'ConditionalCheckFailedException' || reasons?.includes('ConditionalCheckFailed')) {
        throw new ConditionFailedError(reasons);
      }
    }
    throw e;
  }
}

export async function getItem<T extends Item>(key: Key, consistent = false): Promise<T | undefined> {
  const out = await doc().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: consistent }));
  return out.Item as T | undefined;
}

/** A write's own condition over `#name`/`:value` placeholders. */
export interface WriteCondition {
  condition?: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** The optimistic lock of every versioned record: the item exists and still has `expected` as its `version`. */
export const atVersion = (expected: number): Required<WriteCondition> => ({
  condition: 'attribute_exists(pk) AND #version = :version',
  names: { '#version': 'version' },
  values: { ':version': expected },
});

const conditionParts = (c: WriteCondition) =>
  c.condition ? { ConditionExpression: c.condition, ExpressionAttributeNames: c.names, ExpressionAttributeValues: c.values } : {};

export async function putItem(item: Item, opts: { ifNotExists?: boolean } & WriteCondition = {}): Promise<void> {
  await mapConditionErrors(() =>
    doc().send(
      new PutCommand({
        TableName: table(),
        Item: item,
        ...(opts.ifNotExists ? { ConditionExpression: 'attribute_not_exists(pk)' } : conditionParts(opts)),
      }),
    ),
  );
}

export interface UpdateSpec {
  key: Key;
  set?: Record<string, unknown>;
  add?: Record<string, number>;
  remove?: string[];
  /** Condition expression over `#name`/`:value` placeholders given in names/values. */
  condition?: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

function updateParts(spec: UpdateSpec) {
  const names: Record<string, string> = { ...(spec.names ?? {}) };
  const values: Record<string, unknown> = { ...(spec.values ?? {}) };
  const sets: string[] = [];
  const adds: string[] = [];
  let i = 0;
  for (const [k, v] of Object.entries(spec.set ?? {})) {
    names[`#u${i}`] = k;
    values[`:u${i}`] = v;
    sets.push(`#u${i} = :u${i}`);
    i++;
  }
  for (const [k, v] of Object.entries(spec.add ?? {})) {
    names[`#u${i}`] = k;
    values[`:u${i}`] = v;
    adds.push(`#u${i} :u${i}`);
    i++;
  }
  const removes = (spec.remove ?? []).map((k) => {
    names[`#u${i}`] = k;
    return `#u${i++}`;
  });
  const expr = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    adds.length ? `ADD ${adds.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    Key: spec.key,
    UpdateExpression: expr,
    ConditionExpression: spec.condition,
    ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
    ExpressionAttributeValues: Object.keys(values).length ? values : undefined,
  };
}

export async function updateItem<T extends Item>(spec: UpdateSpec): Promise<T> {
  const out = await mapConditionErrors(() =>
    doc().send(new UpdateCommand({ TableName: table(), ...updateParts(spec), ReturnValues: 'ALL_NEW' })),
  );
  return out.Attributes as T;
}

/** The same update, answering the item as it was before it (undefined when it did not exist). */
export async function updateItemReturningOld<T extends Item>(spec: UpdateSpec): Promise<T | undefined> {
  const out = await mapConditionErrors(() =>
    doc().send(new UpdateCommand({ TableName: table(), ...updateParts(spec), ReturnValues: 'ALL_OLD' })),
  );
  return out.Attributes as T | undefined;
}

export async function deleteItem(key: Key, opts: { ifExists?: boolean } & WriteCondition = {}): Promise<void> {
  await mapConditionErrors(() =>
    doc().send(
      new DeleteCommand({
        TableName: table(),
        Key: key,
        ...(opts.ifExists ? { ConditionExpression: 'attribute_exists(pk)' } : conditionParts(opts)),
      }),
    ),
  );
}

export interface QuerySpec {
  index?: TableIndex;
  pk: string;
  /** Sort-key condition. */
  sk?: { beginsWith: string } | { between: [string, string] } | { lte: string } | { gte: string };
  limit?: number;
  /** Newest first when false. */
  ascending?: boolean;
  /** Opaque cursor from a previous page (see pagination in the entity module). */
  startKey?: Record<string, unknown>;
  consistent?: boolean;
  /**
   * A FilterExpression over `#name`/`:value` placeholders (not `#pk`/`#sk`/`:pk`/`:sk*`, which the key
   * condition uses). `limit` still counts the items read, so a page may hold fewer.
   */
  filter?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
}

export interface Page<T> {
  items: T[];
  lastKey?: Record<string, unknown>;
}

/** What the Queries made inside `meteredReads` cost: their count, the rows they read and the read units. */
export interface ReadMeter {
  queries: number;
  items: number;
  units: number;
}
const meters = new AsyncLocalStorage<ReadMeter>();

/** Runs `work` and reports the Queries it made (the bench measures a list call's reads this way). */
export async function meteredReads<T>(work: () => Promise<T>): Promise<{ result: T; reads: ReadMeter }> {
  const reads: ReadMeter = { queries: 0, items: 0, units: 0 };
  const result = await meters.run(reads, work);
  return { result, reads };
}

export async function query<T extends Item>(spec: QuerySpec): Promise<Page<T>> {
  const pkName = spec.index ? `${spec.index}pk` : 'pk';
  const skName = spec.index ? `${spec.index}sk` : 'sk';
  const names: Record<string, string> = { '#pk': pkName };
  const values: Record<string, unknown> = { ':pk': spec.pk };
  let cond = '#pk = :pk';
  if (spec.sk) {
    names['#sk'] = skName;
    if ('beginsWith' in spec.sk) {
      cond += ' AND begins_with(#sk, :sk)';
      values[':sk'] = spec.sk.beginsWith;
    } else if ('between' in spec.sk) {
      cond += ' AND #sk BETWEEN :sk1 AND :sk2';
      values[':sk1'] = spec.sk.between[0];
      values[':sk2'] = spec.sk.between[1];
    } else if ('lte' in spec.sk) {
      cond += ' AND #sk <= :sk';
      values[':sk'] = spec.sk.lte;
    } else {
      cond += ' AND #sk >= :sk';
      values[':sk'] = spec.sk.gte;
    }
  }
  if (spec.filter) {
    Object.assign(names, spec.filter.names);
    Object.assign(values, spec.filter.values);
  }
  const meter = meters.getStore();
  const out = await doc().send(
    new QueryCommand({
      TableName: table(),
      IndexName: spec.index,
      KeyConditionExpression: cond,
      FilterExpression: spec.filter?.expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      Limit: spec.limit,
      ScanIndexForward: spec.ascending ?? true,
      ExclusiveStartKey: spec.startKey,
      ConsistentRead: spec.index ? undefined : spec.consistent,
      ReturnConsumedCapacity: meter ? 'TOTAL' : undefined,
    }),
  );
  if (meter) {
    meter.queries++;
    meter.items += out.ScannedCount ?? 0;
    meter.units += out.ConsumedCapacity?.CapacityUnits ?? 0;
  }
  return { items: (out.Items ?? []) as T[], lastKey: out.LastEvaluatedKey };
}

const BATCH_GET_MAX = 100;

/**
 * Items by key (BatchGetItem, 100 keys a request; unprocessed keys are asked again), in no particular order;
 * keys with no item are simply absent from the answer.
 */
export async function batchGet<T extends Item>(keys: readonly Key[]): Promise<T[]> {
  const found: T[] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_MAX) {
    let pending: Key[] = keys.slice(i, i + BATCH_GET_MAX);
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const out = await doc().send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: pending } } }));
      found.push(...((out.Responses?.[table()] ?? []) as T[]));
      pending = (out.UnprocessedKeys?.[table()]?.Keys ?? []) as Key[];
      if (pending.length && attempt >= 8) throw new Error('BatchGetItem left keys unprocessed');
    }
  }
  return found;
}

const BATCH_WRITE_MAX = 25;

/**
 * Puts many items, 25 a request, retrying what DynamoDB leaves unprocessed. Not atomic and unconditional:
 * for rows a later step makes final (a bulk mail's recipients, an import's rows), never to replace state.
 */
export async function batchPut(items: readonly Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH_WRITE_MAX) {
    let pending = items.slice(i, i + BATCH_WRITE_MAX).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const out = await doc().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
      pending = (out.UnprocessedItems?.[table()] ?? []) as typeof pending;
      if (pending.length && attempt >= 8) throw new Error('BatchWriteItem left items unprocessed');
    }
  }
}

export type TransactOp =
  | { put: Item; ifNotExists?: boolean; condition?: string; names?: Record<string, string>; values?: Record<string, unknown> }
  | { update: UpdateSpec }
  | { delete: Key; condition?: string; names?: Record<string, string>; values?: Record<string, unknown> }
  | { check: Key; condition: string; names?: Record<string, string>; values?: Record<string, unknown> };

/** All-or-nothing write of up to 100 operations. */
export async function transact(ops: TransactOp[]): Promise<void> {
  const items: NonNullable<TransactWriteCommandInput['TransactItems']> = ops.map((op) => {
    if ('put' in op) {
      return {
        Put: {
          TableName: table(),
          Item: op.put,
          ConditionExpression: op.ifNotExists ? 'attribute_not_exists(pk)' : op.condition,
          ExpressionAttributeNames: op.names,
          ExpressionAttributeValues: op.values,
        },
      };
    }
    if ('update' in op) return { Update: { TableName: table(), ...updateParts(op.update) } };
    if ('delete' in op) {
      return {
        Delete: {
          TableName: table(),
          Key: op.delete,
          ConditionExpression: op.condition,
          ExpressionAttributeNames: op.names,
          ExpressionAttributeValues: op.values,
        },
      };
    }
    return {
      ConditionCheck: {
        TableName: table(),
        Key: op.check,
        ConditionExpression: op.condition,
        ExpressionAttributeNames: op.names,
        ExpressionAttributeValues: op.values,
      },
    };
  });
  await mapConditionErrors(() => doc().send(new TransactWriteCommand({ TransactItems: items })));
}

/** Health check: the table exists and answers. */
export async function tableHealth(): Promise<void> {
  await doc().send(new DescribeTableCommand({ TableName: table() }));
}
