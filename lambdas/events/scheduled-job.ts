import { Logger } from '@aws-lambda-powertools/logger';
import { z } from 'zod';
import { jobHandler } from './job-handlers';

/**
 * A schedule came due: EventBridge Scheduler invokes this with the schedule's input in AWS, the local
 * scheduler calls it the same way. A thrown error is a failed run (retried by Lambda's async retries in
 * AWS, by local/scheduler.ts locally, a bounded number of times).
 */
const logger = new Logger({ serviceName: 'scheduled-job' });

const scheduledJobSchema = z.object({
  id: z.string().min(1),
  kind: z.string().min(1),
  teamId: z.string().optional(),
  payload: z.record(z.string(), z.unknown()),
});

export async function handler(input: unknown): Promise<void> {
  const job = scheduledJobSchema.parse(input);
  const run = jobHandler(job.kind);
  if (!run) throw new Error(`No handler for scheduled job kind ${job.kind} (job ${job.id})`);
  logger.info('Running scheduled job', { id: job.id, kind: job.kind, teamId: job.teamId });
  await run(job);
}
