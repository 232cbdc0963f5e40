import type { ErrorCode } from '../../shared/errors';
import { AppError, staleVersion } from './http/app-error';
import { ConditionFailedError, type Key, updateItem } from '../platform/db';

/** Someone else saved since this form was loaded (409 `fields.version`): their changes must not be overwritten silently. */
export function checkVersion(item: { version: number }, expectedVersion: number): void {
  if (item.version !== expectedVersion) throw staleVersion();
}

/**
 * Runs a write conditioned on the version read. When it loses (ConditionFailedError) the item is read again by
 * `reread`, which answers its own 404 when the item is gone meanwhile; otherwise it was saved meanwhile: 409.
 */
export async function writeAtVersion(write: () => Promise<void>, reread: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    await reread();
    throw staleVersion();
  }
}

/** Runs a write conditioned on the item being there: gone meanwhile answers `notFound` (404 `common/not_found`). */
export async function writeIfFound(write: () => Promise<void>, notFound: ErrorCode = 'common/not_found'): Promise<void> {
  try {
    await write();
  } catch (e) {
    if (e instanceof ConditionFailedError) throw new AppError(notFound);
    throw e;
  }
}

/**
 * Runs `work` again, reading and checking afresh, while its conditional writes lose to another save
 * (ConditionFailedError): at most `retries` more times, then the last loss is thrown.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, retries = 2): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      if (!(e instanceof ConditionFailedError) || attempt >= retries) throw e;
    }
  }
}

/**
 * One step of a job row's `state` machine: sets `set` only while the row's state is still `from`. False when another
 * run moved it first (so what the step stands for, a mail or a counter, happens once).
 */
export async function stepState(key: Key, from: string, set: Record<string, unknown>): Promise<boolean> {
  try {
    await updateItem({ key, set, condition: '#state = :from', names: { '#state': 'state' }, values: { ':from': from } });
    return true;
  } catch (e) {
    if (e instanceof ConditionFailedError) return false;
    throw e;
  }
}
