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
  stop(): Promise<void>;
}

export function startScheduler(opts: { pollMs?: number; group?: string; retryDelayMs?: number } = {}): LocalScheduler {
  const pollMs = opts.pollMs ?? 1000;
  const group = opts.group ?? defaultScheduleGroup();
  const retryDelayMs = opts.retryDelayMs ?? 60_000;
  const stopping = new AbortController();

  async function run(due: DueSchedule): Promise<void> {
    if (!(await claimSchedule(due))) return;
    try {
      await scheduledJob(JSON.parse(due.input));
    } catch (e) {
      const error = (e as Error).message;
      const attempts = due.attempts + 1;
      logger.error('Scheduled job failed', { id: due.id, group, attempts, error: e as Error });
      // Bounded retries, then the job is kept as failed (with its error) instead of running forever.
      if (attempts < MAX_ATTEMPTS) await retrySchedule(due, new Date(Date.now() + retryDelayMs), error);
      else await recordScheduleFailure(due, error);
    }
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let more = false;
      try {
        const due = await dueSchedules(group, new Date(), BATCH);
        await Promise.all(due.map(run));
        more = due.length === BATCH;
      } catch (e) {
        logger.error('Scheduler poll failed', { group, error: e as Error });
      }
      if (!more) await delay(pollMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  })();

  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
