import { ulid } from 'ulid';
import { isChoiceField, type CustomField, type CustomFieldInput } from '../../shared/api/calls/custom-fields';
import { AppError } from '../core/http/app-error';
import { ConditionFailedError, transact } from '../platform/db';
import { deleteCustomFieldOp, getCustomField, putCustomFieldOp, updateCustomFieldOp } from '../core/entities/custom-field';

type FieldValues = Required<Pick<CustomFieldInput, 'name' | 'type' | 'required' | 'options'>>;

/** Options belong to choice fields only; a text field keeps none. */
const stored = (f: FieldValues) => ({
  name: f.name,
  type: f.type,
  required: f.required,
  options: isChoiceField(f.type) ? f.options : [],
});

export async function createCustomField(teamId: string, values: FieldValues, now = new Date()): Promise<string> {
  const field: CustomField = { fieldId: ulid(), ...stored(values), answerCount: 0, createdAt: now.toISOString() };
  await transact([putCustomFieldOp(teamId, field)]);
  return field.fieldId;
}

/** A field whose members answered keeps its type: their stored answers are of that type. */
export async function updateCustomField(teamId: string, fieldId: string, values: FieldValues, now = new Date()): Promise<void> {
  try {
    await transact([updateCustomFieldOp(teamId, { fieldId, ...stored(values) }, now.toISOString())]);
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    const current = await getCustomField(teamId, fieldId);
    if (!current) throw new AppError('common/not_found');
    throw new AppError('common/invalid_input', { type: 'deletion/field_answers_exist' });
  }
}

/** SPEC §8: a field with answers cannot be deleted. */
export async function deleteCustomField(teamId: string, fieldId: string): Promise<void> {
  try {
    await transact([deleteCustomFieldOp(teamId, fieldId)]);
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    const current = await getCustomField(teamId, fieldId);
    throw new AppError(current ? 'deletion/field_answers_exist' : 'common/not_found');
  }
}
