import useSWR from 'swr';
import { groupListCall } from '../../../../shared/api/calls/groups';
import { customMailTemplateListCall } from '../../../../shared/api/calls/mail-templates';
import * as workflowsCalls from '../../../../shared/api/calls/workflows';
import type { WorkflowForm } from '../../../../shared/api/calls/workflows';
import type { AutoMailEvent } from '../../../../shared/constants';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** Every page of the admin list (to revalidate after a change, whatever page is on screen). */
export const isWorkflowListKey = (key: unknown) => Array.isArray(key) && key[0] === workflowsCalls.workflowListCall.path;

export function useWorkflowList(cursor: string | undefined) {
  return useSWR(teamScoped(workflowsCalls.workflowListCall.path, cursor ?? ''), () => callApi(workflowsCalls.workflowListCall, { cursor, limit: 20 }), { keepPreviousData: true });
}

export function useWorkflow(workflowId: string | undefined) {
  return useSWR(workflowId ? teamScoped(workflowsCalls.workflowGetCall.path, workflowId) : null, () => callApi(workflowsCalls.workflowGetCall, { workflowId: workflowId! }));
}

import type { Choice } from '../../lib/event-object-choices';

export type { Choice };

export function useGroupChoices() {
  return useSWR(teamScoped(groupListCall.path, 'workflow'), async () =>
    (await callApi(groupListCall, {})).groups.map((g): Choice => ({ value: g.groupId, label: g.name })),
  );
}

/** Pages of the template list read for the picker (100 each). */
const PICKER_PAGES = 5;

/** The team's custom auto mails, for the "send a template" action. */
export function useTemplateChoices() {
  return useSWR(teamScoped(customMailTemplateListCall.path, 'workflow'), async () => {
    const choices: Choice[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < PICKER_PAGES; page++) {
      const answer = await callApi(customMailTemplateListCall, { cursor, limit: 100 });
      choices.push(...answer.items.map((t) => ({ value: t.customMailTemplateId, label: t.title })));
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    return choices;
  });
}

export type WorkflowValues = Omit<WorkflowForm, 'eventType'> & { eventType: AutoMailEvent };

export const createWorkflow = (form: WorkflowValues) => callApi(workflowsCalls.workflowCreateCall, form);
export const updateWorkflow = (workflowId: string, version: number, form: WorkflowValues) => callApi(workflowsCalls.workflowUpdateCall, { workflowId, version, ...form });
export const setWorkflowEnabled = (workflowId: string, enabled: boolean) => callApi(workflowsCalls.workflowSetEnabledCall, { workflowId, enabled });
export const deleteWorkflow = (workflowId: string) => callApi(workflowsCalls.workflowDeleteCall, { workflowId });
