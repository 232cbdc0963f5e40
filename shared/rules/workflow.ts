import * as z from 'zod/mini';
import { requiredText } from './account';
import { code, invalidValue, type ValidationCode } from './issues';
import { idSchema, flagSchema } from './common';

/** SPEC §5: wait days are a whole number, 0 (no wait) or more. */
export const checkWaitDays = (days: number): ValidationCode | undefined =>
  Number.isSafeInteger(days) && days >= 0 ? undefined : 'validation/wait_days_invalid';

/** What a workflow does: send a mail from a template, or add the member to / remove them from groups. */
export type WorkflowAction =
  { type: 'sendMail'; mailTemplateId: string } | { type: 'joinGroups' | 'leaveGroups'; groupIds: readonly string[] };

/** SPEC §5: each action names its mail template, or one or more groups. */
export function checkWorkflowAction(action: WorkflowAction): ValidationCode | undefined {
  if (action.type === 'sendMail') return action.mailTemplateId.trim() ? undefined : 'validation/mail_template_required';
  return action.groupIds.length > 0 ? undefined : 'validation/groups_required';
}

export const workflowActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object(
      {
        type: z.literal('sendMail'),
        mailTemplateId: z
          .string({ error: code('validation/mail_template_required') })
          .check(z.trim(), z.minLength(1, code('validation/mail_template_required'))),
      },
      invalidValue,
    ),
    z.object(
      {
        type: z.enum(['joinGroups', 'leaveGroups']),
        groupIds: z
          .array(idSchema, { error: code('validation/groups_required') })
          .check(z.minLength(1, code('validation/groups_required'))),
      },
      invalidValue,
    ),
  ],
  { error: code('validation/invalid_value') },
);

/**
 * A workflow: when `eventType` happens to one of the objects (`targetIds`), wait `waitDays`
 * then run the actions. SPEC names no list of event types, so any non-empty one is taken here
 * and the workflows domain narrows it.
 */
export const workflowSchema = z.object(
  {
    title: requiredText(),
    eventType: requiredText(100),
    waitDays: z
      .number({ error: code('validation/wait_days_invalid') })
      .check(z.refine((days) => !checkWaitDays(days), code('validation/wait_days_invalid'))),
    targetIds: z.array(idSchema, { error: code('validation/objects_required') }).check(z.minLength(1, code('validation/objects_required'))),
    actions: z.array(workflowActionSchema, invalidValue).check(z.minLength(1, code('validation/actions_required'))),
    enabled: flagSchema(true),
  },
  invalidValue,
);
export type WorkflowInput = z.input<typeof workflowSchema>;
