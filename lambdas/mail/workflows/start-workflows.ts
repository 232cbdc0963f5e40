import { ulid } from 'ulid';
import { ID_PATTERN } from '../../../shared/api/ids';
import { SECONDS_PER_DAY } from '../../../shared/constants';
import type { JobKind } from '../../core/jobs';
import { scheduleJob } from '../../platform/scheduler';
import type { MemberEvent } from '../../core/events/domain-events';
import { deletePendingRun, getWorkflow, putPendingRun, triggeredWorkflowIds } from './workflow';

/** The scheduled job kind that runs a workflow's actions for one member (lambdas/events/job-handlers.ts). */
export const WORKFLOW_RUN_JOB: JobKind = 'workflowRun';

/**
 * SPEC §3 workflows: the team's enabled workflows of this event type that target one of the event's objects
 * (found through their trigger rows, one Query per object) each get a pending run for the member and a job at
 * now + wait days (0 = at once). A member already waiting on a workflow keeps that one wait, so a repeated event
 * (or this function retried) schedules nothing twice.
 */
export async function startWorkflows(event: MemberEvent, now = new Date()): Promise<void> {
  const { teamId } = event;
  // Only an id can be a target (targets are checked as ids on save), so anything else starts nothing.
  const objectIds = event.objectIds.filter((o) => ID_PATTERN.test(o));
  const ids = new Set((await Promise.all(objectIds.map((o) => triggeredWorkflowIds(teamId, event.type, o)))).flat());
  const failures: unknown[] = [];
  for (const workflowId of ids) {
    try {
      await startOne(event, workflowId, now);
    } catch (e) {
      failures.push(e);
    }
  }
  // One workflow that could not be scheduled does not keep the others from starting.
  if (failures.length) throw failures[0];
}

async function startOne(event: MemberEvent, workflowId: string, now: Date): Promise<void> {
  const { teamId, userId } = event;
  const workflow = await getWorkflow(teamId, workflowId, true);
  // A trigger row read just before the workflow was disabled or deleted.
  if (!workflow?.enabled || workflow.eventType !== event.type) return;
  const jobId = `wfr_${ulid(now.getTime())}`;
  const at = new Date(now.getTime() + workflow.waitDays * SECONDS_PER_DAY * 1000);
  if (!(await putPendingRun(teamId, { workflowId, userId, jobId, dueAt: at.toISOString(), done: 0 }))) return;
  try {
    await scheduleJob({ id: jobId, at, job: { kind: WORKFLOW_RUN_JOB, teamId, payload: { workflowId, userId } } });
  } catch (e) {
    // No job, no wait: the record would otherwise hold the workflow "in use" for nobody.
    await deletePendingRun(teamId, workflowId, userId, jobId);
    throw e;
  }
}
