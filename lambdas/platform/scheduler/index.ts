import { platformConfig } from '../config';
import { assertId } from '../keys';
import { deleteAwsSchedule, putAwsSchedule, schedulerThrottled } from './aws';
import { withLocalFaults } from '../faults';
import { deleteSchedule, putSchedule } from './schedule-item';
import type { ScheduleRequest, ScheduledJob } from './types';
import { passRole, recordAwsCall, scheduleArn } from '../aws-calls';

export type { ScheduleRequest, ScheduledJob } from './types';

/**
 * The scheduler port: one-time jobs at a given time (scheduled mail, workflow waits). A due job reaches
 * lambdas/events/scheduled-job.ts, which runs the handler registered for its kind.
 */
const DEFAULT_SCHEDULE_GROUP = 'default';

/** The group jobs go to when none is given (SCHEDULER_GROUP, else 'default'); the local scheduler serves it. */
export const defaultScheduleGroup = (): string => platformConfig().scheduler.groupName ?? DEFAULT_SCHEDULE_GROUP;

/** EventBridge Scheduler's limit on a target's input. */
const MAX_INPUT_BYTES = 256 * 1024;

const groupOf = (group?: string) => assertId(group ?? defaultScheduleGroup(), 'group');

/** Schedules the job; the same id again replaces the pending one. */
export async function scheduleJob(req: ScheduleRequest): Promise<void> {
  const id = assertId(req.id, 'schedule id');
  if (Number.isNaN(req.at.getTime())) throw new Error('Invalid schedule time');
  if (!req.job.kind) throw new Error('A scheduled job needs a kind');
  if (req.job.teamId !== undefined) assertId(req.job.teamId, 'teamId');
  const job: ScheduledJob = { id, ...req.job };
  const input = JSON.stringify(job);
  if (Buffer.byteLength(input) > MAX_INPUT_BYTES) throw new Error('Scheduled job input is over 256 KB');
  const schedule = { id, group: groupOf(req.group), at: req.at, input };
  if (platformConfig().mode === 'local') {
    recordLocalScheduleRequest('CreateSchedule', schedule.group, id);
    await withLocalFaults('scheduler', () => putSchedule(schedule), schedulerThrottled);
  } else await putAwsSchedule(schedule);
}

/** Cancels a pending job; false when there was none (already run, or never scheduled). */
export function cancelJob(id: string, group?: string): Promise<boolean> {
  const g = groupOf(group);
  assertId(id, 'schedule id');
  if (platformConfig().mode !== 'local') return deleteAwsSchedule(g, id);
  recordLocalScheduleRequest('DeleteSchedule', g, id);
  return withLocalFaults('scheduler', () => deleteSchedule(g, id), schedulerThrottled);
}

/** The request EventBridge Scheduler would get, as evidence for the grants (aws-calls.ts); the table stands in for it. */
function recordLocalScheduleRequest(action: 'CreateSchedule' | 'DeleteSchedule', group: string, id: string): void {
  recordAwsCall(`scheduler:${action}`, scheduleArn(group, id));
  const role = platformConfig().scheduler.roleArn;
  if (action === 'CreateSchedule' && role) {
    const pass = passRole(role, 'scheduler.amazonaws.com');
    recordAwsCall(pass.action, pass.resource, pass.conditionKeys);
  }
}
