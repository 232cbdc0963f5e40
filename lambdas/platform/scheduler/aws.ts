import type { SchedulerClient, CreateScheduleCommandInput } from '@aws-sdk/client-scheduler';
import { platformConfig } from '../config';
import { recordAwsCalls } from '../aws-calls';
import { injectFaults, type LocalFaultMetadata } from '../faults';

/** The SDK client is loaded on first use: a function that never calls this port never loads it (its own bundle chunk). */
const sdk = () => import('@aws-sdk/client-scheduler');

let client: Promise<SchedulerClient> | undefined;
/** What the SDK raises when Scheduler throttled every attempt (the local stand-in's injected fault). */
export const schedulerThrottled = async ($metadata: LocalFaultMetadata): Promise<Error> => new (await sdk()).ThrottlingException({ message: 'Rate exceeded', Message: 'Rate exceeded', $metadata });

const scheduler = () => (client ??= sdk().then((m) => injectFaults(recordAwsCalls(new m.SchedulerClient({ region: platformConfig().region })))));

/** `at(yyyy-mm-ddThh:mm:ss)`, read in UTC (ScheduleExpressionTimezone). Scheduler has no finer resolution than seconds. */
const atExpression = (at: Date) => `at(${at.toISOString().slice(0, 19)})`;

function createScheduleInput(s: { id: string; group: string; at: Date; input: string }): CreateScheduleCommandInput {
  const { targetArn, roleArn } = platformConfig().scheduler;
  if (!targetArn || !roleArn) throw new Error('SCHEDULER_TARGET_ARN and SCHEDULER_ROLE_ARN must be set');
  return {
    Name: s.id,
    GroupName: s.group,
    ScheduleExpression: atExpression(s.at),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    Target: { Arn: targetArn, RoleArn: roleArn, Input: s.input },
  };
}

/** Creates the one-time schedule, or replaces the pending one with the same name. */
export async function putAwsSchedule(s: { id: string; group: string; at: Date; input: string }): Promise<void> {
  const input = createScheduleInput(s);
  try {
    await (await scheduler()).send(new (await sdk()).CreateScheduleCommand(input));
  } catch (e) {
    if (!(e instanceof Error && e.name === 'ConflictException')) throw e;
    await (await scheduler()).send(new (await sdk()).UpdateScheduleCommand(input));
  }
}

/** False when there was no such schedule (it already ran, or was cancelled). */
export async function deleteAwsSchedule(group: string, id: string): Promise<boolean> {
  try {
    await (await scheduler()).send(new (await sdk()).DeleteScheduleCommand({ Name: id, GroupName: group }));
    return true;
  } catch (e) {
    if (e instanceof Error && e.name === 'ResourceNotFoundException') return false;
    throw e;
  }
}
