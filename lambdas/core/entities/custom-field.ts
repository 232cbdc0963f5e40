import type { CustomField, CustomFieldAnswer } from '../../../shared/api/calls/custom-fields';
import { getItem, query, type Item, type TransactOp } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';

/**
 * A team's custom member fields (SPEC §3 User "custom fields"; /admin/general_setting/field_customize).
 *   pk `T#<teamId>#CUSTOM_FIELD`   sk `F#<fieldId>`   the team's fields in creation order (ULIDs)
 * `answerCount` is how many member records hold an answer; it changes in the same transaction as the
 * member write (see `answerCountOps`), and deletion is conditioned on it being 0.
 */
type FieldItem = Item & CustomField & { teamId: string };

const fieldKey = (teamId: string, fieldId: string) => ({ pk: teamKey(teamId, 'CUSTOM_FIELD'), sk: `F#${assertId(fieldId, 'fieldId')}` });

const toField = (item: FieldItem): CustomField => {
  const { pk: _pk, sk: _sk, type: _type, teamId: _teamId, fieldType, ...rest } = item as FieldItem & { fieldType: CustomField['type'] };
  return { ...rest, type: fieldType };
};

// `type` is the item-kind attribute of the table, so the field's own type is stored as `fieldType`.
export function putCustomFieldOp(teamId: string, field: CustomField): TransactOp {
  const { type, ...rest } = field;
  return { put: { ...fieldKey(teamId, field.fieldId), type: 'customField', teamId, fieldType: type, ...rest }, ifNotExists: true };
}

export async function getCustomField(teamId: string, fieldId: string): Promise<CustomField | undefined> {
  const item = await getItem<FieldItem>(fieldKey(teamId, fieldId), true);
  return item && toField(item);
}

/** Every field of the team (one Query; teams define a handful, SPEC gives no paging). */
export async function listCustomFields(teamId: string): Promise<CustomField[]> {
  const fields: CustomField[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await query<FieldItem>({ pk: teamKey(teamId, 'CUSTOM_FIELD'), sk: { beginsWith: 'F#' }, limit: 200, startKey });
    fields.push(...page.items.map(toField));
    startKey = page.lastKey;
  } while (startKey);
  return fields;
}

/** Name, required flag and options; the type changes only while no answers exist. */
export function updateCustomFieldOp(
  teamId: string,
  field: Pick<CustomField, 'fieldId' | 'name' | 'type' | 'required' | 'options'>,
  now: string,
): TransactOp {
  return {
    update: {
      key: fieldKey(teamId, field.fieldId),
      set: { name: field.name, fieldType: field.type, required: field.required, options: field.options, updatedAt: now },
      condition: 'attribute_exists(pk) AND (#fieldType = :type OR #answers = :zero)',
      names: { '#fieldType': 'fieldType', '#answers': 'answerCount' },
      values: { ':type': field.type, ':zero': 0 },
    },
  };
}

export function deleteCustomFieldOp(teamId: string, fieldId: string): TransactOp {
  return {
    delete: fieldKey(teamId, fieldId),
    condition: 'attribute_exists(pk) AND #answers = :zero',
    names: { '#answers': 'answerCount' },
    values: { ':zero': 0 },
  };
}

type Answers = Record<string, CustomFieldAnswer | boolean> | undefined;
const answered = (answers: Answers) =>
  new Set(Object.entries(answers ?? {}).flatMap(([id, v]) => (v === '' || (Array.isArray(v) && v.length === 0) ? [] : [id])));

/**
 * The answer-count changes for a member record whose custom fields go from `before` to `after` (a new
 * member: before = undefined; a deleted one: after = undefined). Put them in the member write's
 * transaction; each requires its field to exist, so an answer to a deleted field fails the write.
 */
export function answerCountOps(teamId: string, before: Answers, after: Answers): TransactOp[] {
  const was = answered(before);
  const is = answered(after);
  const change = (fieldId: string, by: 1 | -1): TransactOp => ({
    update: { key: fieldKey(teamId, fieldId), add: { answerCount: by }, condition: 'attribute_exists(pk)' },
  });
  return [...[...is].filter((id) => !was.has(id)).map((id) => change(id, 1)), ...[...was].filter((id) => !is.has(id)).map((id) => change(id, -1))];
}

/** Answer counts grown by `count` answers per field at once (a member import's batch; the fields must exist). */
export function addAnswerCountOps(teamId: string, counts: ReadonlyMap<string, number>): TransactOp[] {
  return [...counts].map(([fieldId, count]) => ({
    update: { key: fieldKey(teamId, fieldId), add: { answerCount: count }, condition: 'attribute_exists(pk)' },
  }));
}
