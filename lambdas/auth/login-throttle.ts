import { createHash } from 'node:crypto';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_LOCK_SECONDS,
} from '../../shared/constants';
import { normalizeEmail } from '../../shared/rules/email';
import { batchGet, ConditionFailedError, deleteItem, putItem, updateItem, type Item, type Key } from '../platform/db';
import { globalKey } from '../platform/keys';

/**
 * Failed sign-ins (wrong password, wrong two-factor code), one counter item per account and per source
 * address: `RATE#LOGINFAIL#<ACCOUNT|ADDRESS>#<sha256 of the subject>` / `COUNTER` (hashed, so the global
 * key holds no e-mail or address). A failure is an atomic ADD while the counter's window is open, a fresh
 * counter after it; reaching the limit sets `lockedUntil` and starts a new count, so after the wait the
 * subject gets the full number of tries again. TTL `expiresAt` removes old counters. No scans: a check is
 * one BatchGet of at most two items.
 */
export interface LoginSubjects {
  /** The user name as typed (an e-mail), when the request names one. */
  account?: string;
  /** The request's source address. */
  address: string;
}

type Scope = 'ACCOUNT' | 'ADDRESS';

interface Counter extends Item {
  failures: number;
  windowStart: number;
  lockedUntil?: number;
  expiresAt: number;
}

const limits: Record<Scope, number> = { ACCOUNT: LOGIN_FAILURES_PER_ACCOUNT, ADDRESS: LOGIN_FAILURES_PER_ADDRESS };

const normalized = (scope: Scope, subject: string) => (scope === 'ACCOUNT' ? normalizeEmail(subject) : subject.trim());

/** Every counter's partition key starts so (the cognito proxy function's grant is limited to these items). */
export const LOGIN_FAILURE_KEY_PREFIX = `${globalKey('RATE', 'LOGINFAIL')}#`;

/** The table actions the counters need: one BatchGet to check, ADD / conditional put to count, delete to clear. */
export const LOGIN_THROTTLE_TABLE_ACTIONS = ['BatchGetItem', 'UpdateItem', 'PutItem', 'DeleteItem'] as const;

const counterKey = (scope: Scope, subject: string): Key => ({
  pk: globalKey('RATE', 'LOGINFAIL', scope, createHash('sha256').update(normalized(scope, subject)).digest('base64url')),
  sk: 'COUNTER',
});

const scoped = (subjects: LoginSubjects): Array<[Scope, string]> => [
  ...(subjects.account?.trim() ? [['ACCOUNT', subjects.account] as [Scope, string]] : []),
  ...(subjects.address ? [['ADDRESS', subjects.address] as [Scope, string]] : []),
];

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** When sign-in opens again for these subjects (the later of the two locks), or undefined when it is open. */
export async function loginLockedUntil(subjects: LoginSubjects, now = new Date()): Promise<Date | undefined> {
  const keys = scoped(subjects).map(([scope, subject]) => counterKey(scope, subject));
  if (keys.length === 0) return undefined;
  const counters = await batchGet<Counter>(keys);
  const until = Math.max(0, ...counters.map((c) => c.lockedUntil ?? 0));
  return until > seconds(now) ? new Date(until * 1000) : undefined;
}

/** Counts one failed sign-in against each subject; answers whether that locked any of them. */
export async function recordLoginFailure(subjects: LoginSubjects, now = new Date()): Promise<boolean> {
  const locked = await Promise.all(scoped(subjects).map(([scope, subject]) => countFailure(scope, subject, now)));
  return locked.some(Boolean);
}

/** A sign-in that went all the way through: the account starts again from no failures (the address does not). */
export async function clearLoginFailures(account: string): Promise<void> {
  if (account.trim()) await deleteItem(counterKey('ACCOUNT', account));
}

async function countFailure(scope: Scope, subject: string, now: Date): Promise<boolean> {
  const key = counterKey(scope, subject);
  const at = seconds(now);
  let failures = 0;
  for (let attempt = 0; attempt < 3 && failures === 0; attempt++) {
    try {
      failures = (
        await updateItem<Counter>({ key, add: { failures: 1 }, condition: 'windowStart > :open', values: { ':open': at - LOGIN_FAILURE_WINDOW_SECONDS } })
      ).failures;
    } catch (e) {
      if (!(e instanceof ConditionFailedError)) throw e;
      // No counter, or its window closed: open a new one, unless another request just did (then ADD again).
      try {
        await putItem(
          { ...key, type: 'loginFailures', failures: 1, windowStart: at, expiresAt: at + Math.max(LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_LOCK_SECONDS) },
          { condition: 'attribute_not_exists(pk) OR windowStart <= :open', values: { ':open': at - LOGIN_FAILURE_WINDOW_SECONDS } },
        );
        failures = 1;
      } catch (again) {
        if (!(again instanceof ConditionFailedError)) throw again;
      }
    }
  }
  if (failures < limits[scope]) return false;
  const lockedUntil = at + LOGIN_LOCK_SECONDS;
  await updateItem({ key, set: { lockedUntil, failures: 0, windowStart: at, expiresAt: lockedUntil + LOGIN_FAILURE_WINDOW_SECONDS } });
  return true;
}
