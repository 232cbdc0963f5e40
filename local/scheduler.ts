import { setTimeout as delay } from 'node:timers/promises';
import { Logger } from '@aws-lambda-powertools/logger';
import { handler as scheduledJob } from '../lambdas/events/scheduled-job';
import { defaultScheduleGroup } from '../lambdas/platform/scheduler';
import {
  claimSchedule,
  dueSchedules,
  recordScheduleFailure,
  retrySchedule,
  type DueSchedule,
} from '../lambdas/platform/scheduler/schedule-item';

/**
 * The local stand-in for EventBridge Scheduler: jobs live in the table (a restart loses nothing), one
 * Query per poll finds the due ones, a conditional delete gives each to exactly one scheduler, and the
 * job runs through the handler AWS invokes.
 */
const logger = new Logger({ serviceName: 'local-scheduler' });

/** Runs per job, as in AWS where Lambda retries a failed asynchronous invocation twice. */
const MAX_ATTEMPTS = 3;
const BATCH = 25;

export interface LocalScheduler {
  /**
   * The test hook: moves the scheduler's clock forward (it only decides which jobs are due; handlers keep
   * the real time), runs what became due and answers how far ahead the clock now is.
   */
  advance(seconds: number): Promise<{ aheadSeconds: number }>;
  stop(): Promise<void>;
}

export function startScheduler(
  opts: {
    pollMs?: number;
    group?: string;
    retryDelayMs?: number;
    /** What Scheduler's target runs (local/functions.ts); the scheduled-job handler from source by default. */
    run?: (input: unknown) => Promise<void>;
  } = {},
): LocalScheduler {
  const pollMs = opts.pollMs ?? 1000;
  const group = opts.group ?? defaultScheduleGroup();
  const retryDelayMs = opts.retryDelayMs ?? 60_000;
  const stopping = new AbortController();
  let aheadMs = 0;
  const now = () => new Date(Date.now() + aheadMs);

  async function run(due: DueSchedule): Promise<void> {
    if (!(await claimSchedule(due))) return;
    try {
      await (opts.run ?? scheduledJob)(JSON.parse(due.input));
    } catch (e) {
      const error = (e as Error).message;
      const attempts = due.attempts + 1;
      logger.error('Scheduled job failed', { id: due.id, group, attempts, error: e as Error });
      // Bounded retries, then the job is kept as failed (with its error) instead of running forever.
      if (attempts < MAX_ATTEMPTS) await retrySchedule(due, new Date(Date.now() + retryDelayMs), error);
      else await recordScheduleFailure(due, error);
    }
  }

  // Runs under way, so `advance` can answer only after a job the background poll already took has finished.
  const running = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  };

  /** One poll: runs up to a batch of due jobs; true when there may be more. */
  async function poll(): Promise<boolean> {
    try {
      const due = await dueSchedules(group, now(), BATCH);
      await Promise.all(due.map((d) => track(run(d))));
      return due.length === BATCH;
    } catch (e) {
      logger.error('Scheduler poll failed', { group, error: e as Error });
      return false;
    }
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      if (!(await poll())) await delay(pollMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  })();

  return {
    async advance(seconds) {
      if (!Number.isFinite(seconds) || seconds < 0) throw new Error('The clock only moves forward');
      aheadMs += seconds * 1000;
      await Promise.all(running);
      while (await poll());
      // A job run just now may have scheduled another that is already due (a bulk mail's next batch).
      await Promise.all(running);
      while (await poll());
      return { aheadSeconds: aheadMs / 1000 };
    },
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
