import type { Workflow } from '../../../shared/api/calls/workflows';
import type { Page } from '../../../shared/api/page';
import { listedEntity } from '../../core/entities/listed-entity';
import { atVersion, ConditionFailedError, deleteItem, getItem, type Item, putItem, query, transact, type TransactOp, updateItem } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';

/**
 * Workflows (SPEC §3), their trigger rows and the members waiting on them. Keys:
 *   workflow     pk T#<t>#WORKFLOW                              sk W#<workflowId>
 *                gsi1 T#<t>#WORKFLOW / <createdAt>#<workflowId>   the admin list, newest first
 *   trigger      pk T#<t>#WORKFLOWTRIGGER#<eventType>#<targetId>  sk W#<workflowId>
 *                one row per target of an ENABLED workflow, written and removed in the workflow's own
 *                transaction: an event finds the workflows it starts with one Query per object, never a Scan
 *   pending run  pk T#<t>#WORKFLOWRUN#<workflowId>               sk U#<userId>
 *                a member waiting on a workflow: the scheduled job's id and when it is due; "in use?" is one
 *                Query with Limit 1, cancelling reads the partition
 */
/** A member waiting for a workflow's actions: the job that will run them and how many actions are done. */
export interface PendingRun {
  workflowId: string;
  userId: string;
  jobId: string;
  dueAt: string;
  /** Actions already run (a retried job goes on after them, so a mail is not sent twice). */
  done: number;
}
type RunRecord = Item & PendingRun;

const partition = (teamId: string) => teamKey(teamId, 'WORKFLOW');
const workflowKey = (teamId: string, workflowId: string) => ({ pk: partition(teamId), sk: `W#${assertId(workflowId, 'workflowId')}` });
const triggerPk = (teamId: string, eventType: string, targetId: string) =>
  teamKey(teamId, 'WORKFLOWTRIGGER', assertId(eventType, 'eventType'), assertId(targetId, 'targetId'));
const triggerKey = (teamId: string, eventType: string, targetId: string, workflowId: string) => ({
  pk: triggerPk(teamId, eventType, targetId),
  sk: `W#${assertId(workflowId, 'workflowId')}`,
});
const runsPk = (teamId: string, workflowId: string) => teamKey(teamId, 'WORKFLOWRUN', assertId(workflowId, 'workflowId'));
const runKey = (teamId: string, workflowId: string, userId: string) => ({ pk: runsPk(teamId, workflowId), sk: `U#${assertId(userId, 'userId')}` });

const workflows = listedEntity<Workflow>({ type: 'workflow', id: (w) => w.workflowId, key: workflowKey, listPk: partition });
const { toRecord } = workflows;
const fromRun = ({ pk: _pk, sk: _sk, type: _type, ...run }: RunRecord): PendingRun => run;

/** Trigger keys of a workflow as stored: none while it is disabled. */
const triggersOf = (teamId: string, w: Pick<Workflow, 'workflowId' | 'eventType' | 'targetIds' | 'enabled'>) =>
  w.enabled ? [...new Set(w.targetIds)].map((t) => triggerKey(teamId, w.eventType, t, w.workflowId)) : [];

/**
 * The trigger rows that move from `before` to `after`: rows only `before` had are deleted, the others put.
 * The two sets are disjoint (a transaction may not touch one item twice).
 */
function triggerOps(teamId: string, before: Workflow | undefined, after: Workflow | undefined): TransactOp[] {
  const next = after ? triggersOf(teamId, after) : [];
  const nextKeys = new Set(next.map((k) => `${k.pk}|${k.sk}`));
  const gone = (before ? triggersOf(teamId, before) : []).filter((k) => !nextKeys.has(`${k.pk}|${k.sk}`));
  return [
    ...gone.map((k): TransactOp => ({ delete: k })),
    ...next.map((k): TransactOp => ({ put: { ...k, type: 'workflowTrigger', workflowId: after!.workflowId } })),
  ];
}

export const getWorkflow = workflows.get;

/** The workflow and its trigger rows, one transaction. */
export async function putNewWorkflow(teamId: string, workflow: Workflow): Promise<void> {
  await transact([{ put: toRecord(teamId, workflow), ifNotExists: true }, ...triggerOps(teamId, undefined, workflow)]);
}

/** Replaces the workflow while it still has `before.version` (ConditionFailedError otherwise), trigger rows with it. */
export async function replaceWorkflow(teamId: string, before: Workflow, after: Workflow): Promise<void> {
  await transact([{ put: toRecord(teamId, after), ...atVersion(before.version) }, ...triggerOps(teamId, before, after)]);
}

/** Deletes the workflow and its trigger rows while it still has `before.version` (ConditionFailedError otherwise). */
export async function deleteWorkflow(teamId: string, before: Workflow): Promise<void> {
  await transact([{ delete: workflowKey(teamId, before.workflowId), ...atVersion(before.version) }, ...triggerOps(teamId, before, undefined)]);
}

/** The admin list: one Query a page, newest first. */
export const listWorkflows = (teamId: string, opts: { cursor?: string; limit: number }): Promise<Page<Workflow>> => workflows.list(teamId, opts);

/** The ids of the enabled workflows that `eventType` on `targetId` starts: one Query. */
export async function triggeredWorkflowIds(teamId: string, eventType: string, targetId: string): Promise<string[]> {
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await query<Item & { workflowId: string }>({ pk: triggerPk(teamId, eventType, targetId), startKey });
    ids.push(...page.items.map((r) => r.workflowId));
    startKey = page.lastKey;
  } while (startKey);
  return ids;
}

/** Records that `userId` waits on the workflow; false when they already do (one wait per member and workflow). */
export async function putPendingRun(teamId: string, run: PendingRun): Promise<boolean> {
  try {
    await putItem({ ...runKey(teamId, run.workflowId, run.userId), type: 'workflowRun', ...run }, { ifNotExists: true });
    return true;
  } catch (e) {
    if (e instanceof ConditionFailedError) return false;
    throw e;
  }
}

export async function getPendingRun(teamId: string, workflowId: string, userId: string): Promise<PendingRun | undefined> {
  const record = await getItem<RunRecord>(runKey(teamId, workflowId, userId), true);
  return record && fromRun(record);
}

/** Notes that the first `done` actions of this run have run (only while the run is still this job's). */
export async function markRunProgress(teamId: string, run: PendingRun, done: number): Promise<void> {
  await updateItem({
    key: runKey(teamId, run.workflowId, run.userId),
    set: { done },
    condition: 'attribute_exists(pk) AND #job = :job',
    names: { '#job': 'jobId' },
    values: { ':job': run.jobId },
  });
}

/** Removes the run; with `jobId` only while it is still that job's (a newer wait is left alone). */
export async function deletePendingRun(teamId: string, workflowId: string, userId: string, jobId?: string): Promise<void> {
  try {
    await deleteItem(
      runKey(teamId, workflowId, userId),
      jobId ? { condition: '#job = :job', names: { '#job': 'jobId' }, values: { ':job': jobId } } : {},
    );
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
  }
}

/** Whether any member waits on the workflow: one Query, Limit 1. */
export async function hasPendingRuns(teamId: string, workflowId: string): Promise<boolean> {
  const page = await query({ pk: runsPk(teamId, workflowId), limit: 1, consistent: true });
  return page.items.length > 0;
}

/** Every member waiting on the workflow (the partition, page by page). */
export async function listPendingRuns(teamId: string, workflowId: string): Promise<PendingRun[]> {
  const runs: PendingRun[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await query<RunRecord>({ pk: runsPk(teamId, workflowId), startKey, consistent: true });
    runs.push(...page.items.map(fromRun));
    startKey = page.lastKey;
  } while (startKey);
  return runs;
}
