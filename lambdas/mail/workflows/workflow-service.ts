import { ulid } from 'ulid';
import type { Workflow, WorkflowForm } from '../../../shared/api/calls/workflows';
import { ID_PATTERN } from '../../../shared/api/ids';
import type { Page } from '../../../shared/api/page';
import type { ErrorCode } from '../../../shared/errors';
import type { WorkflowAction } from '../../../shared/rules/workflow';
import { AppError } from '../../core/http/app-error';
import { checkVersion, writeAtVersion } from '../../core/conditional-write';
import { getGroup } from '../../core/entities/group';
import { eventObjectsFound } from '../event-objects';
import { ConditionFailedError } from '../../platform/db';
import { cancelJob } from '../../platform/scheduler';
import type { Team } from '../../core/entities/team';
import { getCustomMail } from '../templates/custom-mail-template';
import {
  deletePendingRun,
  deleteWorkflow,
  getWorkflow,
  hasPendingRuns,
  listPendingRuns,
  listWorkflows,
  putNewWorkflow,
  replaceWorkflow,
} from './workflow';

type FieldErrors = Record<string, ErrorCode>;

/** Ids become keys: one the key helper would refuse is simply not one of the team's. */
const isId = (id: string) => ID_PATTERN.test(id);

/**
 * Each target must be an object of the event in this team: an member invitation for welcome and approval, a price or
 * product of the team's Stripe account for the purchase events. Another team's id reads as unknown, the same
 * field error as an id that never existed, so nothing is revealed.
 */
async function checkTargets(team: Team, form: WorkflowForm, errors: FieldErrors): Promise<void> {
  const found = await eventObjectsFound(team, form.eventType, form.targetIds);
  found.forEach((ok, i) => {
    if (!ok) errors[`targetIds.${i}`] = 'validation/invalid_value';
  });
}

/** Each action's groups must be the team's, each template one of its custom mail templates. */
async function checkActions(teamId: string, actions: readonly WorkflowAction[], errors: FieldErrors): Promise<void> {
  await Promise.all(
    actions.map(async (action, i) => {
      if (action.type === 'sendMail') {
        const id = action.mailTemplateId;
        if (!isId(id) || !(await getCustomMail(teamId, id, true))) errors[`actions.${i}.mailTemplateId`] = 'validation/invalid_value';
        return;
      }
      const groups = await Promise.all(action.groupIds.map((g) => (isId(g) ? getGroup(teamId, g, true) : undefined)));
      groups.forEach((g, j) => {
        if (!g) errors[`actions.${i}.groupIds.${j}`] = 'validation/invalid_value';
      });
    }),
  );
}

async function checkForm(team: Team, form: WorkflowForm): Promise<void> {
  const errors: FieldErrors = {};
  await Promise.all([checkTargets(team, form, errors), checkActions(team.teamId, form.actions, errors)]);
  if (Object.keys(errors).length) throw new AppError('common/invalid_input', errors);
}

const cleanAction = (a: WorkflowAction): WorkflowAction =>
  a.type === 'sendMail' ? { type: 'sendMail', mailTemplateId: a.mailTemplateId } : { type: a.type, groupIds: [...new Set(a.groupIds)] };

const formOf = (form: WorkflowForm) => ({
  title: form.title,
  eventType: form.eventType,
  waitDays: form.waitDays,
  targetIds: [...new Set(form.targetIds)],
  actions: form.actions.map(cleanAction),
  enabled: form.enabled,
});

export async function getTeamWorkflow(teamId: string, workflowId: string): Promise<Workflow> {
  const workflow = await getWorkflow(teamId, workflowId, true);
  if (!workflow) throw new AppError('common/not_found');
  return workflow;
}

export const listTeamWorkflows = (teamId: string, opts: { cursor?: string; limit: number }): Promise<Page<Workflow>> => listWorkflows(teamId, opts);

export async function createWorkflow(team: Team, form: WorkflowForm, now = new Date()): Promise<Workflow> {
  await checkForm(team, form);
  const at = now.toISOString();
  const workflow: Workflow = { workflowId: ulid(now.getTime()), ...formOf(form), createdAt: at, updatedAt: at, version: 1 };
  await putNewWorkflow(team.teamId, workflow);
  return workflow;
}

/**
 * Members waiting on a workflow wait no more: each scheduled job is cancelled, then its record removed.
 * A job that was already running finds the workflow disabled or gone and does nothing.
 */
async function cancelPendingRuns(teamId: string, workflowId: string): Promise<void> {
  for (const run of await listPendingRuns(teamId, workflowId)) {
    await cancelJob(run.jobId);
    await deletePendingRun(teamId, workflowId, run.userId, run.jobId);
  }
}

async function saveWorkflow(teamId: string, before: Workflow, change: Partial<Workflow>, now: Date): Promise<Workflow> {
  const after: Workflow = { ...before, ...change, updatedAt: now.toISOString(), version: before.version + 1 };
  await writeAtVersion(() => replaceWorkflow(teamId, before, after), () => getTeamWorkflow(teamId, before.workflowId));
  if (before.enabled && !after.enabled) await cancelPendingRuns(teamId, after.workflowId);
  return after;
}

export async function updateWorkflow(team: Team, workflowId: string, expectedVersion: number, form: WorkflowForm, now = new Date()): Promise<Workflow> {
  const before = await getTeamWorkflow(team.teamId, workflowId);
  checkVersion(before, expectedVersion);
  await checkForm(team, form);
  return saveWorkflow(team.teamId, before, formOf(form), now);
}

/** The list's switch; switching to what it already is changes nothing. */
export async function setWorkflowEnabled(teamId: string, workflowId: string, enabled: boolean, now = new Date()): Promise<Workflow> {
  for (let attempt = 0; ; attempt++) {
    const before = await getTeamWorkflow(teamId, workflowId);
    if (before.enabled === enabled) return before;
    try {
      return await saveWorkflow(teamId, before, { enabled }, now);
    } catch (e) {
      // A concurrent edit moved the version: the switch applies to what is stored now.
      if (!(e instanceof AppError && e.code === 'common/concurrent_update') || attempt >= 2) throw e;
    }
  }
}

/**
 * SPEC §8 "workflow in use" (`deletion/workflow_in_use`): a workflow is in use while it is ENABLED and members
 * are waiting on it (pending runs). Deleting it then would silently drop what those members were promised, so
 * it is refused; the operator disables it first (which cancels the waits, a visible decision), then deletes.
 * A disabled workflow has no waits and no trigger rows, and is deleted at once.
 */
export async function removeWorkflow(teamId: string, workflowId: string): Promise<void> {
  const before = await getTeamWorkflow(teamId, workflowId);
  if (before.enabled && (await hasPendingRuns(teamId, workflowId))) throw new AppError('deletion/workflow_in_use');
  try {
    await deleteWorkflow(teamId, before);
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    await getTeamWorkflow(teamId, workflowId);
    throw new AppError('common/concurrent_update');
  }
  // An enabled workflow without waits may still gain one from an event racing this delete: its job finds the
  // workflow gone and removes itself, and this clears whatever was recorded meanwhile.
  await cancelPendingRuns(teamId, workflowId);
}
