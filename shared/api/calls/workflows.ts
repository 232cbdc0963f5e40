import * as z from 'zod/mini';
import { callsOf } from '../define';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import { autoMailEvents, type AutoMailEvent } from '../../constants';
import { workflowActionSchema, workflowSchema, type WorkflowAction } from '../../rules/workflow';
import { code, invalidValue } from '../../rules/issues';
import { versionSchema } from '../version';

const mailCall = callsOf('mail');

/** SPEC §3 Workflow as the administrator edits it. */
export interface Workflow {
  workflowId: string;
  title: string;
  /** SPEC §3 auto mail events: what happens to a member that starts the workflow. */
  eventType: AutoMailEvent;
  /** 0 = the actions run at once. */
  waitDays: number;
  /** The event's objects: invitations for welcome and approval, prices or products for the purchase events. */
  targetIds: string[];
  actions: WorkflowAction[];
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  /** Optimistic locking: an update names the version it was edited from. */
  version: number;
}

/**
 * Targets per workflow: the workflow and its trigger rows are written in one transaction (100 items at most),
 * and an edit that changes every target removes the old rows and writes the new ones.
 */
export const WORKFLOW_TARGETS_MAX = 40;

// SPEC §6: workflows belong to the user manager (notices, mail, workflows).
const permission = 'admin.users';
const workflowIdInput = z.object({ workflowId: idSchema });

/** The shared rule takes any event type; this product's are the auto mail events. Targets become keys, so ids. */
export const workflowInput = z.extend(workflowSchema, {
  eventType: z
    .string({ error: code('validation/required') })
    .check(
      z.minLength(1, code('validation/required')),
      z.refine((t) => (autoMailEvents as readonly string[]).includes(t), code('validation/invalid_value')),
    ),
  targetIds: z
    .array(idSchema, { error: code('validation/objects_required') })
    .check(z.minLength(1, code('validation/objects_required')), z.maxLength(WORKFLOW_TARGETS_MAX, code('validation/invalid_value'))),
  actions: z.array(workflowActionSchema, { error: code('validation/actions_required') }).check(z.minLength(1, code('validation/actions_required')), z.maxLength(20, invalidValue)),
});
export type WorkflowForm = Omit<z.output<typeof workflowInput>, 'eventType'> & { eventType: AutoMailEvent };

export const workflowListInput = z.object(pageInput());
/** SPEC §2 /admin/workflow: newest first. */
export const workflowListCall = mailCall<typeof workflowListInput, Page<Workflow>>()('/workflow/list', permission, workflowListInput);

export const workflowGetCall = mailCall<typeof workflowIdInput, { workflow: Workflow }>()('/workflow/get', permission, workflowIdInput);

/** SPEC §2 /admin/workflow/create; §5 event type, wait days, objects, and per action a template or groups. */
export const workflowCreateCall = mailCall<typeof workflowInput, { workflow: Workflow }>()('/workflow/create', permission, workflowInput);

export const workflowUpdateInput = z.extend(workflowInput, { workflowId: idSchema, version: versionSchema() });
/** SPEC §2 /admin/workflow/:workflowId/edit. Disabling here cancels the members' pending waits, as the switch does. */
export const workflowUpdateCall = mailCall<typeof workflowUpdateInput, { workflow: Workflow }>()('/workflow/update', permission, workflowUpdateInput);

export const workflowSetEnabledInput = z.object({ workflowId: idSchema, enabled: z.boolean(invalidValue) });
/** The list's switch. Disabling cancels the pending waits; members who wait are not started again on enabling. */
export const workflowSetEnabledCall = mailCall<typeof workflowSetEnabledInput, { workflow: Workflow }>()('/workflow/set_enabled', permission, workflowSetEnabledInput);

/** SPEC §8: refused with `deletion/workflow_in_use` (409) while it is enabled and members wait on it. */
export const workflowDeleteCall = mailCall<typeof workflowIdInput, Record<string, never>>()('/workflow/delete', permission, workflowIdInput);
