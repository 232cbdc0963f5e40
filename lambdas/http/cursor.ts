import { AppError } from './app-error';

/**
 * The one cursor codec of every list: base64url of the Query's last key. A cursor is accepted only when every
 * partition key in it lies in the caller's team and, when `partition` is given, it came from that very
 * partition: a forged cursor cannot page into another team's items or into another list.
 */
const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk']);
const PARTITION_ATTRIBUTES = ['pk', 'gsi1pk', 'gsi2pk', 'gsi3pk'];

export interface CursorScope {
  teamId: string;
  partition?: { name: 'pk' | 'gsi1pk' | 'gsi2pk' | 'gsi3pk'; value: string };
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
