import {
  workflowCreateCall,
  workflowDeleteCall,
  workflowGetCall,
  workflowListCall,
  workflowSetEnabledCall,
  workflowUpdateCall,
  type WorkflowForm,
} from '../../../shared/api/calls/workflows';
import { implement, teamOf } from '../../core/http/implement';
import { createWorkflow, getTeamWorkflow, listTeamWorkflows, removeWorkflow, setWorkflowEnabled, updateWorkflow } from './workflow-service';

/** The input checked the event type against the auto mail events (workflowInput), so the narrowing holds. */
const formOf = <T extends { eventType: string }>(input: T) => input as unknown as WorkflowForm;

/** SPEC §2 /admin/workflow: list, create, :workflowId/edit, the enabled switch and deletion. */
export const workflowCalls = [
  implement(workflowListCall, async ({ cursor, limit }, ctx) => listTeamWorkflows(teamOf(ctx).teamId, { cursor, limit })),
  implement(workflowGetCall, async ({ workflowId }, ctx) => ({ workflow: await getTeamWorkflow(teamOf(ctx).teamId, workflowId) })),
  implement(workflowCreateCall, async (input, ctx) => ({ workflow: await createWorkflow(teamOf(ctx).team, formOf(input)) })),
  implement(workflowUpdateCall, async ({ workflowId, version, ...input }, ctx) => ({
    workflow: await updateWorkflow(teamOf(ctx).team, workflowId, version, formOf(input)),
  })),
  implement(workflowSetEnabledCall, async ({ workflowId, enabled }, ctx) => ({
    workflow: await setWorkflowEnabled(teamOf(ctx).teamId, workflowId, enabled),
  })),
  implement(workflowDeleteCall, async ({ workflowId }, ctx) => {
    await removeWorkflow(teamOf(ctx).teamId, workflowId);
    return {};
  }),
];
