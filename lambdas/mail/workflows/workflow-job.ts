import type { WorkflowAction } from '../../../shared/rules/workflow';
import { getGroup, joinGroupsOps, leaveGroupsOps } from '../../core/entities/group';
import { ConditionFailedError, transact } from '../../platform/db';
import type { ScheduledJob } from '../../platform/scheduler';
import { getTeamUser, saveTeamUserOps } from '../../core/entities/team-user';
import { sendCustomTemplateMail } from '../templates/template-mail';
import { deletePendingRun, getPendingRun, getWorkflow, markRunProgress } from './workflow';

/** Concurrent changes of the member's record tolerated before the job fails (and is retried by the scheduler). */
const GROUP_CHANGE_ATTEMPTS = 5;

/**
 * Adds the member to / removes them from groups with the members domain's membership operations: the record's
 * `groupIds`, the memberships and the groups' counts in one transaction. Groups deleted since the workflow was
 * saved are skipped; groups the member already is (or is not) in change nothing, so running twice is harmless.
 */
async function changeGroups(teamId: string, userId: string, action: Extract<WorkflowAction, { groupIds: readonly string[] }>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const before = await getTeamUser(teamId, userId, true);
    if (!before || before.role !== 'member') return;
    const current = before.groupIds ?? [];
    const existing = (await Promise.all(action.groupIds.map((g) => getGroup(teamId, g, true)))).flatMap((g) => (g ? [g.groupId] : []));
    const moving = action.type === 'joinGroups' ? existing.filter((g) => !current.includes(g)) : existing.filter((g) => current.includes(g));
    if (!moving.length) return;
    const groupIds = action.type === 'joinGroups' ? [...current, ...moving] : current.filter((g) => !moving.includes(g));
    const at = new Date().toISOString();
    try {
      await transact([
        ...saveTeamUserOps(before, { ...before, groupIds, updatedAt: at }),
        ...(action.type === 'joinGroups' ? joinGroupsOps(teamId, userId, moving, at) : leaveGroupsOps(teamId, userId, moving, at)),
      ]);
      return;
    } catch (e) {
      if (!(e instanceof ConditionFailedError) || attempt >= GROUP_CHANGE_ATTEMPTS - 1) throw e;
    }
  }
}

async function runAction(teamId: string, userId: string, action: WorkflowAction): Promise<void> {
  if (action.type === 'sendMail') await sendCustomTemplateMail(teamId, action.mailTemplateId, userId);
  else await changeGroups(teamId, userId, action);
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * A member's wait on a workflow is over (kind `workflowRun`). The workflow is read again: gone or disabled
 * means nothing is done. The run record says which actions are done, so a retried job goes on after them
 * (a mail is not sent twice) and a job whose run was cancelled or already finished does nothing.
 */
export async function runJob(job: ScheduledJob): Promise<void> {
  const teamId = job.teamId;
  const workflowId = text(job.payload.workflowId);
  const userId = text(job.payload.userId);
  if (!teamId || !workflowId || !userId) throw new Error(`workflowRun job ${job.id} lacks its ids`);
  const run = await getPendingRun(teamId, workflowId, userId);
  if (!run || run.jobId !== job.id) return;
  const workflow = await getWorkflow(teamId, workflowId, true);
  if (workflow?.enabled) {
    for (let i = run.done; i < workflow.actions.length; i++) {
      await runAction(teamId, userId, workflow.actions[i]!);
      await markRunProgress(teamId, run, i + 1);
    }
  }
  await deletePendingRun(teamId, workflowId, userId, run.jobId);
}
