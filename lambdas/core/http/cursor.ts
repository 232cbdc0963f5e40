import type { Page as ApiPage } from '../../../shared/api/page';
import { query, type Item, type QuerySpec } from '../../platform/db';
import { AppError } from './app-error';

/**
 * The one cursor codec of every list: base64url of the Query's last key. A cursor is accepted only when every
 * partition key in it lies in the caller's team and, when `partition` is given, it came from that very
 * partition: a forged cursor cannot page into another team's items or into another list.
 */
const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'gsi4pk', 'gsi4sk']);
const PARTITION_ATTRIBUTES = ['pk', 'gsi1pk', 'gsi2pk', 'gsi3pk', 'gsi4pk'];

export interface CursorScope {
  teamId: string;
  partition?: { name: 'pk' | 'gsi1pk' | 'gsi2pk' | 'gsi3pk' | 'gsi4pk'; value: string };
}

export function encodeCursor(lastKey: Record<string, unknown> | undefined): string | undefined {
  return lastKey ? Buffer.from(JSON.stringify(lastKey), 'utf8').toString('base64url') : undefined;
}

export function decodeCursor(cursor: string | undefined, scope: CursorScope): Record<string, unknown> | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const refuse = () => new AppError('common/invalid_input', { cursor: 'validation/invalid_value' });
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (typeof key !== 'object' || key === null || Array.isArray(key)) throw refuse();
  const entries = Object.entries(key);
  if (entries.length === 0) throw refuse();
  for (const [name, value] of entries) {
    if (!KEY_ATTRIBUTES.has(name) || typeof value !== 'string') throw refuse();
    if (PARTITION_ATTRIBUTES.includes(name) && !value.startsWith(`T#${scope.teamId}#`)) throw refuse();
  }
  const record = key as Record<string, string>;
  if (typeof record.pk !== 'string') throw refuse();
  if (scope.partition && record[scope.partition.name] !== scope.partition.value) throw refuse();
  return record;
}

/**
 * A list read from several partitions at once (a member's audiences, merged by sort key) pages with one position
 * per partition: the sort key of the last row taken from it, or null once it is read to its end. Only sort keys
 * travel; the server rebuilds each key inside its own partitions, so a cursor cannot point anywhere else.
 */
export type MergedPositions = Record<string, string | null>;

/** A part left out is at its top (nothing taken from it yet). */
export function encodeMergedCursor(positions: MergedPositions): string {
  return Buffer.from(JSON.stringify(positions), 'utf8').toString('base64url');
}

/**
 * The positions of `parts` (each absent part starts at the top: e.g. a group the member joined meanwhile).
 * `sortKey` checks each position's form.
 */
export function decodeMergedCursor(cursor: string | undefined, parts: readonly string[], sortKey: RegExp): MergedPositions {
  if (cursor === undefined || cursor === '') return {};
  const refuse = () => new AppError('common/invalid_input', { cursor: 'validation/invalid_value' });
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refuse();
  const positions: MergedPositions = {};
  for (const [part, position] of Object.entries(value)) {
    if (position !== null && (typeof position !== 'string' || position.length > 300 || !sortKey.test(position))) throw refuse();
    if (parts.includes(part)) positions[part] = position as string | null;
  }
  return positions;
}

/** A list's page request: the Query of one partition (or index partition), from the cursor's position. */
export interface PageQuery extends Omit<QuerySpec, 'startKey' | 'limit'> {
  limit: number;
  cursor?: string;
}

/**
 * The one paged read of a single-partition list: the Query from the caller's cursor (accepted only when it came from
 * this very partition of the caller's team), each row mapped, and the cursor to the next page.
 */
export async function queryPage<R extends Item, T>(teamId: string, { cursor, ...spec }: PageQuery, map: (row: R) => T): Promise<ApiPage<T>> {
  const partition = { name: spec.index ? (`${spec.index}pk` as const) : ('pk' as const), value: spec.pk };
  const page = await query<R>({ ...spec, startKey: decodeCursor(cursor, { teamId, partition }) });
  return { items: page.items.map(map), nextCursor: encodeCursor(page.lastKey) };
}

/** The usual list page: one partition of `index` (gsi1 unless told; 'table' for the table's own pk), newest first. */
export function newestFirstPage<R extends Item, T>(
  teamId: string,
  pk: string,
  opts: { cursor?: string; limit: number },
  map: (row: R) => T,
  index: NonNullable<PageQuery['index']> | 'table' = 'gsi1',
): Promise<ApiPage<T>> {
  return queryPage(teamId, { ...(index === 'table' ? {} : { index }), pk, ascending: false, limit: opts.limit, cursor: opts.cursor }, map);
}
