import { ConditionFailedError, deleteItem, getItem, putItem, query, transact, type Item } from '../db';
import { globalKey } from '../keys';

/**
 * The local scheduler's job entity (AWS keeps schedules in EventBridge Scheduler instead).
 *   pk    SCHEDULE#<group>#<id>   sk JOB
 *   gsi1  SCHEDULE#<group>        <dueAt ISO>#<id>   (pending jobs by due time; a failed job leaves the index)
 * It holds the job's input (kind, ids), never team content.
 */
export interface StoredSchedule {
  id: string;
  group: string;
  dueAt: string;
  /** The job as JSON, exactly what EventBridge Scheduler would pass as the target's input. */
  input: string;
  /** Failed runs so far. */
  attempts: number;
  status: 'pending' | 'failed';
  lastError?: string;
  failedAt?: string;
}

/** A pending job as seen on the due index: `slot` is its gsi1 sort key then. */
export type DueSchedule = StoredSchedule & { slot: string };

type ScheduleItem = Item & StoredSchedule & { gsi1pk?: string; gsi1sk?: string; expiresAt?: number };

/** Failed jobs stay this long for inspection, then DynamoDB's TTL removes them. */
const FAILED_RETENTION_SECONDS = 30 * 24 * 3600;

const scheduleKey = (group: string, id: string) => ({ pk: globalKey('SCHEDULE', group, id), sk: 'JOB' });
const dueSlot = (dueAt: string, id: string) => `${dueAt}#${id}`;

const toSchedule = ({ pk: _pk, sk: _sk, type: _t, gsi1pk: _g, gsi1sk: _gs, expiresAt: _e, ...s }: ScheduleItem): StoredSchedule =>
  s as StoredSchedule;

const pendingItem = (s: { id: string; group: string; dueAt: string; input: string; attempts: number; lastError?: string }) => ({
  ...scheduleKey(s.group, s.id),
  type: 'scheduledJob',
  ...s,
  status: 'pending',
  gsi1pk: globalKey('SCHEDULE', s.group),
  gsi1sk: dueSlot(s.dueAt, s.id),
});

/** Stores a pending job, replacing one with the same id. */
export async function putSchedule(s: { id: string; group: string; at: Date; input: string }): Promise<void> {
  await putItem(pendingItem({ id: s.id, group: s.group, dueAt: s.at.toISOString(), input: s.input, attempts: 0 }));
}

/** Removes a job; false when there was none. */
export async function deleteSchedule(group: string, id: string): Promise<boolean> {
  try {
    await deleteItem(scheduleKey(group, id), { ifExists: true });
    return true;
  } catch (e) {
    if (e instanceof ConditionFailedError) return false;
    throw e;
  }
}

export async function getSchedule(group: string, id: string): Promise<StoredSchedule | undefined> {
  const item = await getItem<ScheduleItem>(scheduleKey(group, id), true);
  return item && toSchedule(item);
}

/** Pending jobs due at `now` or before, oldest first. */
export async function dueSchedules(group: string, now: Date, limit: number): Promise<DueSchedule[]> {
  const out = await query<ScheduleItem>({
    index: 'gsi1',
    pk: globalKey('SCHEDULE', group),
    // '~' sorts after every id character, so every job due at `now` itself is included.
    sk: { lte: `${now.toISOString()}#~` },
    limit,
  });
  return out.items.map((item) => ({ ...toSchedule(item), slot: item.gsi1sk! }));
}

/**
 * Takes a due job by deleting it, only if it is still the job that was seen (not run by another
 * scheduler, nor rescheduled meanwhile): exactly one scheduler wins.
 */
export async function claimSchedule(due: DueSchedule): Promise<boolean> {
  try {
    await transact([
      { delete: scheduleKey(due.group, due.id), condition: '#slot = :slot', names: { '#slot': 'gsi1sk' }, values: { ':slot': due.slot } },
    ]);
    return true;
  } catch (e) {
    if (e instanceof ConditionFailedError) return false;
    throw e;
  }
}

/** Puts a failed job back for another run, unless the id was scheduled again meanwhile. */
export async function retrySchedule(due: DueSchedule, at: Date, error: string): Promise<void> {
  await putIfAbsent(
    pendingItem({ id: due.id, group: due.group, dueAt: at.toISOString(), input: due.input, attempts: due.attempts + 1, lastError: error }),
  );
}

/** Keeps a job that failed its last run, off the due index, unless the id was scheduled again meanwhile. */
export async function recordScheduleFailure(due: DueSchedule, error: string, now = new Date()): Promise<void> {
  await putIfAbsent({
    ...scheduleKey(due.group, due.id),
    type: 'scheduledJob',
    id: due.id,
    group: due.group,
    dueAt: due.dueAt,
    input: due.input,
    attempts: due.attempts + 1,
    status: 'failed',
    lastError: error,
    failedAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + FAILED_RETENTION_SECONDS,
  });
}

async function putIfAbsent(item: Item): Promise<void> {
  try {
    await putItem(item, { ifNotExists: true });
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
  }
}
