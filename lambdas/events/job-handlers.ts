import type { ScheduledJob } from '../platform/scheduler/types';

/**
 * Scheduled job kind -> handler. A domain registers its kinds when its module loads; the module must be
 * imported by scheduled-job.ts's bundle so the registration exists in the Lambda that runs the job.
 */
export type JobHandler = (job: ScheduledJob) => Promise<void>;

const handlers = new Map<string, JobHandler>();

export function registerJobHandler(kind: string, fn: JobHandler): void {
  const existing = handlers.get(kind);
  if (existing && existing !== fn) throw new Error(`Job kind ${kind} already has a handler`);
  handlers.set(kind, fn);
}

export const jobHandler = (kind: string): JobHandler | undefined => handlers.get(kind);
