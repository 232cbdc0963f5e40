import { createHash, randomBytes } from 'node:crypto';
import { batchPut, ConditionFailedError, deleteItem, getItem, putItem, type Item } from '../../platform/db';
import { globalKey } from '../../platform/keys';

/**
 * Single-use links (e-mail verification, password reset). Only a hash of the token is stored, so a
 * read of the table cannot be turned into a working link; the item holds ids only and carries the
 * table's TTL so that DynamoDB removes it after it expired (the expiry itself is checked here, since
 * TTL deletion may lag by hours).
 */
export type TokenPurpose = 'verifyEmail' | 'resetPassword';

export interface TokenData {
  teamId: string;
  userId: string;
  /** Same-site path to continue to after the link was used. */
  redirectPath?: string;
}

type TokenItem = Item & TokenData & { purpose: TokenPurpose; expiresAt: number };

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');
const key = (token: string) => ({ pk: globalKey('TOKEN', hash(token)), sk: 'TOKEN' });
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export async function createToken(purpose: TokenPurpose, data: TokenData, ttlSeconds: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = Math.floor(now.getTime() / 1000) + ttlSeconds;
  await putItem({ ...key(token), type: 'oneTimeToken', purpose, ...data, expiresAt }, { ifNotExists: true });
  return token;
}

/**
 * Many fresh tokens at once (a member import's links), written in batches: each is new random bytes, so a plain
 * put cannot replace another's item. Answers the tokens in the order of `data`.
 */
export async function createTokens(purpose: TokenPurpose, data: readonly TokenData[], ttlSeconds: number, now = new Date()): Promise<string[]> {
  const expiresAt = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const tokens = data.map(() => randomBytes(32).toString('base64url'));
  const items = tokens.map((token, i) => ({ ...key(token), type: 'oneTimeToken', purpose, ...data[i], expiresAt }));
  // batchPut sends 25 a request one after another; the requests of a large set go out together.
  await Promise.all(Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => batchPut(items.slice(i * 25, (i + 1) * 25))));
  return tokens;
}

export type UseTokenResult = { ok: true; data: TokenData } | { ok: false; reason: 'invalid' | 'expired' };

/** Reads a token without using it (to check a form before the link is spent). */
export async function peekToken(purpose: TokenPurpose, token: string, now = new Date()): Promise<UseTokenResult> {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, reason: 'invalid' };
  const item = await getItem<TokenItem>(key(token), true);
  if (!item || item.purpose !== purpose) return { ok: false, reason: 'invalid' };
  if (item.expiresAt * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, data: { teamId: item.teamId, userId: item.userId, redirectPath: item.redirectPath } };
}

/** Uses the token up: a second use (or a concurrent one) finds nothing. */
export async function useToken(purpose: TokenPurpose, token: string, now = new Date()): Promise<UseTokenResult> {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, reason: 'invalid' };
  const item = await getItem<TokenItem>(key(token), true);
  if (!item || item.purpose !== purpose) return { ok: false, reason: 'invalid' };
  try {
    await deleteItem(key(token), { ifExists: true });
  } catch (e) {
    if (e instanceof ConditionFailedError) return { ok: false, reason: 'invalid' };
    throw e;
  }
  if (item.expiresAt * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, data: { teamId: item.teamId, userId: item.userId, redirectPath: item.redirectPath } };
}
