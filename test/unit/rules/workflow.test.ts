import { describe, expect, it } from 'vitest';
import { checkWaitDays, checkWorkflowAction, workflowSchema } from '../../../shared/rules/workflow';
import { fieldCodes } from './helpers';

const workflow = {
  title: 'Welcome flow',
  eventType: 'registered',
  waitDays: 0,
  targetIds: ['inv1'],
  actions: [{ type: 'sendMail', mailTemplateId: 'tpl1' }],
};

describe('workflow (SPEC §5)', () => {
  it('wait days: whole numbers from 0', () => {
    expect(checkWaitDays(0)).toBeUndefined();
    expect(checkWaitDays(365)).toBeUndefined();
    expect(checkWaitDays(-1)).toBe('validation/wait_days_invalid');
    expect(checkWaitDays(0.5)).toBe('validation/wait_days_invalid');
    expect(checkWaitDays(Number.NaN)).toBe('validation/wait_days_invalid');
  });

  it('each action names a template or at least one group', () => {
    expect(checkWorkflowAction({ type: 'sendMail', mailTemplateId: 'tpl1' })).toBeUndefined();
    expect(checkWorkflowAction({ type: 'sendMail', mailTemplateId: ' ' })).toBe('validation/mail_template_required');
    expect(checkWorkflowAction({ type: 'joinGroups', groupIds: ['g1'] })).toBeUndefined();
    expect(checkWorkflowAction({ type: 'leaveGroups', groupIds: [] })).toBe('validation/groups_required');
  });

  it('workflowSchema accepts a complete workflow', () => {
    expect(fieldCodes(workflowSchema, workflow)).toEqual({});
  });

  it('workflowSchema reports event type, wait days, objects and each action', () => {
    expect(
      fieldCodes(workflowSchema, {
        ...workflow,
        eventType: '',
        waitDays: -1,
        targetIds: [],
        actions: [
          { type: 'sendMail', mailTemplateId: '' },
          { type: 'joinGroups', groupIds: [] },
        ],
      }),
    ).toEqual({
      eventType: 'validation/required',
      waitDays: 'validation/wait_days_invalid',
      targetIds: 'validation/objects_required',
      'actions.0.mailTemplateId': 'validation/mail_template_required',
      'actions.1.groupIds': 'validation/groups_required',
    });
    expect(fieldCodes(workflowSchema, { ...workflow, actions: [] })).toEqual({
      actions: 'validation/actions_required',
    });
    expect(fieldCodes(workflowSchema, { ...workflow, waitDays: '3' })).toEqual({
      waitDays: 'validation/wait_days_invalid',
    });
  });
});
