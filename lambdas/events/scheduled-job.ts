import { Logger } from '@aws-lambda-powertools/logger';
import type { ScheduledJob } from '../platform/scheduler/types';
import { jobHandler } from './job-handlers';

/**
 * A schedule came due: EventBridge Scheduler invokes this with the schedule's input in AWS, the local
 * scheduler calls it the same way. A thrown error is a failed run (retried by Lambda's async retries in
 * AWS, by local/scheduler.ts locally, a bounded number of times).
 */
const logger = new Logger({ serviceName: 'scheduled-job' });

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * The job as lambdas/platform/scheduler wrote it. Checked by hand, not with zod: this function's bundle
 * loads nothing else that needs zod, and zod alone would be most of it.
 */
export function parseScheduledJob(input: unknown): ScheduledJob {
  const job = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const { id, kind, teamId, payload } = job;
  const problems = [
    !isText(id) && 'id',
    !isText(kind) && 'kind',
    teamId !== undefined && typeof teamId !== 'string' && 'teamId',
    (typeof payload !== 'object' || payload === null || Array.isArray(payload)) && 'payload',
  ].filter(Boolean);
  if (problems.length) throw new Error(`Scheduled job input is invalid (${problems.join(', ')})`);
  return {
    id: id as string,
    kind: kind as string,
    ...(teamId === undefined ? {} : { teamId: teamId as string }),
    payload: payload as Record<string, unknown>,
  };
}

export async function handler(input: unknown): Promise<void> {
  const job = parseScheduledJob(input);
  const run = await jobHandler(job.kind);
  if (!run) throw new Error(`No handler for scheduled job kind ${job.kind} (job ${job.id})`);
  logger.info('Running scheduled job', { id: job.id, kind: job.kind, teamId: job.teamId });
  await run(job);
}
