import { AppError } from '../http/app-error';

/**
 * Opaque list cursors: base64url of the Query's last key. A cursor is accepted only when every key
 * attribute in it lies in the caller's team, so a forged cursor cannot page into another team's items.
 */
const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk']);
const TEAM_SCOPED = ['pk', 'gsi1pk', 'gsi2pk'];

export function encodeCursor(lastKey: Record<string, unknown> | undefined): string | undefined {
  return lastKey ? Buffer.from(JSON.stringify(lastKey), 'utf8').toString('base64url') : undefined;
}

export function decodeCursor(teamId: string, cursor: string | undefined): Record<string, unknown> | undefined {
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
    if (TEAM_SCOPED.includes(name) && !value.startsWith(`T#${teamId}#`)) throw refuse();
  }
  if (typeof (key as { pk?: unknown }).pk !== 'string') throw refuse();
  return key as Record<string, unknown>;
}
