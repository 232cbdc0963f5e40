import type { JobKind } from '../core/jobs';
import type { ScheduledJob } from '../platform/scheduler/types';

/** Runs one due job. A thrown error is a failed run, retried a bounded number of times. */
export type JobHandler = (job: ScheduledJob) => Promise<void>;

/**
 * Scheduled job kind -> the module that runs it, loaded on first use: the scheduled-job function's cold start
 * then carries none of the domains (nor the zod their modules reach), only the kind it is running.
 * Domains schedule a kind by its name (`JobKind`, lambdas/core/jobs.ts); the table must cover every kind.
 */
const domainJobs = {
  /** One batch of a bulk or scheduled mail (lambdas/mail/send-email/send-job.ts). */
  sendEmail: () => import('../mail/send-email/send-job'),
  /** A workflow's actions for one member after its wait (lambdas/mail/workflows/workflow-job.ts). */
  workflowRun: () => import('../mail/workflows/workflow-job'),
  /** The next rows of a member CSV import (lambdas/members/member-import/import-job.ts). */
  memberImport: () => import('../members/member-import/import-job'),
} satisfies Record<JobKind, () => Promise<{ runJob: JobHandler }>>;

/** Kinds registered at run time: tests' own jobs (a domain's kinds belong in the table above). */
const registered = new Map<string, JobHandler>();

export function registerJobHandler(kind: string, fn: JobHandler): void {
  if (Object.hasOwn(domainJobs, kind)) throw new Error(`Job kind ${kind} belongs to a domain`);
  const existing = registered.get(kind);
  if (existing && existing !== fn) throw new Error(`Job kind ${kind} already has a handler`);
  registered.set(kind, fn);
}

export async function jobHandler(kind: string): Promise<JobHandler | undefined> {
  if (Object.hasOwn(domainJobs, kind)) return (await domainJobs[kind as JobKind]()).runJob;
  return registered.get(kind);
}
