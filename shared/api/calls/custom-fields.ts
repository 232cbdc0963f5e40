import * as z from 'zod/mini';
import { callsOf } from '../define';
import { requiredText } from '../../rules/account';
import { checkOptionLabels } from '../../rules/choices';
import { isValidDateText } from '../../rules/dates';
import { code, invalidValue, reportIssues, whenValid, type FieldIssue } from '../../rules/issues';

const invitesCall = callsOf('invites');

/** SPEC §3 User "custom fields": the kinds of question an operator can add to member records. */
export const customFieldTypes = ['text', 'number', 'date', 'radio', 'checkbox', 'select'] as const;
export type CustomFieldType = (typeof customFieldTypes)[number];

/** Types whose answers are chosen from the field's options. */
export const isChoiceField = (type: CustomFieldType): boolean => type === 'radio' || type === 'checkbox' || type === 'select';

export interface CustomField {
  fieldId: string;
  name: string;
  type: CustomFieldType;
  required: boolean;
  /** Options of a radio, checkbox or select field (empty for the others). */
  options: string[];
  /** How many member records hold an answer; a field with answers cannot be deleted (SPEC §8). */
  answerCount: number;
  createdAt: string;
  updatedAt?: string;
}

/** An answer as `TeamUser.customFields` keeps it: text, number, `YYYY-MM-DD`, one option, or options. */
export type CustomFieldAnswer = string | number | string[];

/** A stored field's id (what the key helper accepts). */
const fieldIdSchema = z
  .string({ error: code('validation/required') })
  .check(z.regex(/^[0-9A-Za-z_-]{1,64}$/, code('validation/invalid_value')));

export const customFieldSchema = z
  .object(
    {
      name: requiredText(100),
      type: z.enum(customFieldTypes, invalidValue),
      required: z._default(z.boolean(invalidValue), false),
      options: z._default(z.array(z.string(invalidValue).check(z.trim(), z.maxLength(100, code('validation/too_long'))), invalidValue), []),
    },
    invalidValue,
  )
  .check(
    z.superRefine(
      (field, ctx) => {
        // SPEC §5 options of a choice: at least two, none empty, none repeated.
        if (isChoiceField(field.type)) reportIssues(ctx, checkOptionLabels(field.options, ['options']));
      },
      whenValid('type', 'options'),
    ),
  );
export type CustomFieldInput = z.input<typeof customFieldSchema>;

const isBlank = (answer: unknown): boolean =>
  answer === undefined || answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0);

/**
 * SPEC §5 for a member's answers to the fields an invitation asks: every required one answered, each
 * answer of its field's shape (a number, a real date, options from the field's list). Blank optional
 * answers are dropped, so only real answers are stored (and counted).
 */
export function checkCustomFieldAnswers(
  fields: readonly Pick<CustomField, 'fieldId' | 'type' | 'required' | 'options'>[],
  answers: Record<string, unknown>,
): { issues: FieldIssue[]; values: Record<string, CustomFieldAnswer> } {
  const issues: FieldIssue[] = [];
  const values: Record<string, CustomFieldAnswer> = {};
  for (const field of fields) {
    const answer = answers[field.fieldId];
    const path = ['customFields', field.fieldId];
    if (isBlank(answer)) {
      if (field.required) issues.push({ path, code: 'validation/required' });
      continue;
    }
    const fits = (() => {
      switch (field.type) {
        case 'text':
          return typeof answer === 'string' && answer.trim().length <= 1000;
        case 'number':
          return typeof answer === 'number' && Number.isFinite(answer);
        case 'date':
          return typeof answer === 'string' && isValidDateText(answer);
        case 'radio':
        case 'select':
          return typeof answer === 'string' && field.options.includes(answer);
        case 'checkbox':
          return Array.isArray(answer) && answer.every((a) => typeof a === 'string' && field.options.includes(a));
      }
    })();
    if (!fits) {
      issues.push({ path, code: field.type === 'date' ? 'validation/invalid_date' : 'validation/invalid_value' });
      continue;
    }
    values[field.fieldId] = field.type === 'text' ? (answer as string).trim() : (answer as CustomFieldAnswer);
  }
  return { issues, values };
}

/** The team's custom fields; invitations and member records use them (any administrator may read them). */
export const listCustomFieldsCall = invitesCall<z.ZodMiniObject<{}>, { items: CustomField[] }>()('/custom_field/list', 'admin.any', z.object({}));

/** SPEC §2 /admin/general_setting/field_customize: general settings belong to site managers. */
export const createCustomFieldCall = invitesCall<typeof customFieldSchema, { fieldId: string }>()('/custom_field/create', 'admin.site', customFieldSchema);

export const updateCustomFieldInput = z.safeExtend(customFieldSchema, { fieldId: fieldIdSchema });

/** Replaces a field's definition. Options of a field with answers may change; stored answers stay as given. */
export const updateCustomFieldCall = invitesCall<typeof updateCustomFieldInput, Record<string, never>>()('/custom_field/update', 'admin.site', updateCustomFieldInput);

/** Refused with `deletion/field_answers_exist` while any member record holds an answer. */
export const deleteCustomFieldCall = invitesCall<z.ZodMiniObject<{ fieldId: typeof fieldIdSchema }>, Record<string, never>>()('/custom_field/delete', 'admin.site', z.object({ fieldId: fieldIdSchema }, invalidValue));
