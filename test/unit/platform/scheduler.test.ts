import './aws-env';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { cancelJob, scheduleJob } from '../../../lambdas/platform/scheduler';

const scheduler = mockClient(SchedulerClient);
beforeEach(() => scheduler.reset());

const expectedSchedule = {
  Name: 'mail-01JTEAM-01JMAIL',
  GroupName: 'platform-jobs',
  ScheduleExpression: 'at(2026-12-01T09:00:00)',
  ScheduleExpressionTimezone: 'UTC',
  FlexibleTimeWindow: { Mode: 'OFF' },
  ActionAfterCompletion: 'DELETE',
  Target: {
    Arn: 'arn:aws:lambda:ap-northeast-1:123456789012:function:scheduled-job',
    RoleArn: 'arn:aws:iam::123456789012:role/scheduler-invoke',
    Input: JSON.stringify({ id: 'mail-01JTEAM-01JMAIL', kind: 'mail.send', teamId: '01JTEAM', payload: { sendEmailId: '01JMAIL' } }),
  },
};

const request = {
  id: 'mail-01JTEAM-01JMAIL',
  // 18:00 in Tokyo is 09:00 UTC; the expression is written in UTC, seconds precision.
  at: new Date('2026-12-01T18:00:00.750+09:00'),
  job: { kind: 'mail.send', teamId: '01JTEAM', payload: { sendEmailId: '01JMAIL' } },
};

describe('scheduler port, AWS adapter (EventBridge Scheduler)', () => {
  it('creates a one-time schedule at the UTC time that deletes itself and invokes the job target', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:schedule' });
    await scheduleJob(request);
    const calls = scheduler.commandCalls(CreateScheduleCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0].args[0].input).toEqual(expectedSchedule);
  });

  it('replaces a pending schedule with the same id', async () => {
    scheduler
      .on(CreateScheduleCommand)
      .rejects(new ConflictException({ message: 'exists', Message: 'exists', $metadata: {} }))
      .on(UpdateScheduleCommand)
      .resolves({ ScheduleArn: 'arn:schedule' });
    await scheduleJob(request);
    expect(scheduler.commandCalls(UpdateScheduleCommand)[0].args[0].input).toEqual(expectedSchedule);
  });

  it('uses the group given with the job', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:schedule' });
    await scheduleJob({ ...request, group: 'workflows' });
    expect(scheduler.commandCalls(CreateScheduleCommand)[0].args[0].input.GroupName).toBe('workflows');
  });

  it('rejects ids Scheduler would not accept and an invalid time, before calling AWS', async () => {
    await expect(scheduleJob({ ...request, id: 'mail#1' })).rejects.toThrow('Invalid schedule id');
    await expect(scheduleJob({ ...request, at: new Date('nope') })).rejects.toThrow('Invalid schedule time');
    expect(scheduler.calls()).toHaveLength(0);
  });

  it('cancels by deleting the schedule, and answers false when it already ran', async () => {
    scheduler.on(DeleteScheduleCommand).resolvesOnce({}).rejectsOnce(new ResourceNotFoundException({ message: 'gone', Message: 'gone', $metadata: {} }));
    await expect(cancelJob('mail-01JTEAM-01JMAIL')).resolves.toBe(true);
    await expect(cancelJob('mail-01JTEAM-01JMAIL')).resolves.toBe(false);
    expect(scheduler.commandCalls(DeleteScheduleCommand)[0].args[0].input).toEqual({
      Name: 'mail-01JTEAM-01JMAIL',
      GroupName: 'platform-jobs',
    });
  });
});
