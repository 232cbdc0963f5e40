import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomFieldCall,
  deleteCustomFieldCall,
  listCustomFieldsCall,
  updateCustomFieldCall,
  type CustomField,
} from '../../../shared/api/calls/custom-fields';
import { joinCall } from '../../../shared/api/calls/invites';
import { call } from '../support/api';
import { as, createInvite, joinInput, type Actor, teamsWith } from './helpers';

let alpha: Actor, beta: Actor, member: Actor, userManager: Actor;

beforeAll(async () => {
  [alpha, beta, member, userManager] = await teamsWith('Fields', { kind: 'member' }, { kind: 'admin', categories: ['userManager'] });
});

const fieldsOf = async (admin: Actor) => ((await call(listCustomFieldsCall, as(admin), admin.token)).body as { items: CustomField[] }).items;
const create = async (admin: Actor, input: Record<string, unknown>) => {
  const res = await call(createCustomFieldCall, as(admin, input), admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { fieldId: string }).fieldId;
};

describe('POST /api/custom_field/*', () => {
  it('creates each field type, lists them in order, and keeps options for choice types only', async () => {
    const ids = [
      await create(alpha, { name: 'Nickname', type: 'text', options: ['ignored', 'too'] }),
      await create(alpha, { name: 'Age', type: 'number', required: true }),
      await create(alpha, { name: 'Birthday', type: 'date' }),
      await create(alpha, { name: 'Course', type: 'radio', options: ['Basic', 'Advanced'] }),
      await create(alpha, { name: 'Topics', type: 'checkbox', options: ['Video', 'PDF', 'Live'] }),
      await create(alpha, { name: 'Region', type: 'select', options: ['East', 'West'] }),
    ];
    const fields = await fieldsOf(alpha);
    expect(fields.map((f) => f.fieldId)).toEqual(ids);
    expect(fields.map((f) => [f.name, f.type, f.required, f.options, f.answerCount])).toEqual([
      ['Nickname', 'text', false, [], 0],
      ['Age', 'number', true, [], 0],
      ['Birthday', 'date', false, [], 0],
      ['Course', 'radio', false, ['Basic', 'Advanced'], 0],
      ['Topics', 'checkbox', false, ['Video', 'PDF', 'Live'], 0],
      ['Region', 'select', false, ['East', 'West'], 0],
    ]);
    expect(JSON.stringify(await fieldsOf(beta))).not.toContain('Nickname');
  });

  it.each([
    [{ name: '', type: 'text' }, 'name', 'validation/required'],
    [{ name: 'X', type: 'colour' }, 'type', 'validation/invalid_value'],
    [{ name: 'X', type: 'radio', options: ['only'] }, 'options', 'validation/options_too_few'],
    [{ name: 'X', type: 'select', options: ['a', 'a'] }, 'options.1', 'validation/duplicate_option_label'],
    [{ name: 'X', type: 'checkbox', options: ['a', ' '] }, 'options.1', 'validation/option_label_required'],
  ])('answers 400 for %j naming %s', async (input, field, codeExpected) => {
    const res = await call(createCustomFieldCall, as(alpha, input), alpha.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields?.[field]).toBe(codeExpected);
  });

  it('updates a field; the type of a field with answers cannot change', async () => {
    const fieldId = await create(alpha, { name: 'Job', type: 'text' });
    const renamed = await call(updateCustomFieldCall, as(alpha, { fieldId, name: 'Occupation', type: 'text', required: true }), alpha.token);
    expect(renamed.status).toBe(200);
    expect((await fieldsOf(alpha)).find((f) => f.fieldId === fieldId)).toMatchObject({ name: 'Occupation', required: true });

    const inviteId = await createInvite(alpha, { customFieldIds: [fieldId] });
    expect((await call(joinCall, joinInput(inviteId, { customFields: { [fieldId]: 'Teacher' } }))).status).toBe(200);
    const retyped = await call(updateCustomFieldCall, as(alpha, { fieldId, name: 'Occupation', type: 'number' }), alpha.token);
    expect(retyped.status).toBe(400);
    expect(retyped.body.error?.fields).toEqual({ type: 'deletion/field_answers_exist' });
  });

  it('refuses to delete a field with answers and deletes it once it has none', async () => {
    const answered = await create(alpha, { name: 'Team', type: 'select', options: ['Red', 'Blue'] });
    const unanswered = await create(alpha, { name: 'Spare', type: 'text' });
    const inviteId = await createInvite(alpha, { customFieldIds: [answered, unanswered] });
    expect((await call(joinCall, joinInput(inviteId, { customFields: { [answered]: 'Red', [unanswered]: '' } }))).status).toBe(200);
    const counts = Object.fromEntries((await fieldsOf(alpha)).map((f) => [f.fieldId, f.answerCount]));
    expect(counts[answered]).toBe(1);
    expect(counts[unanswered]).toBe(0);

    const blocked = await call(deleteCustomFieldCall, as(alpha, { fieldId: answered }), alpha.token);
    expect(blocked.status).toBe(409);
    expect(blocked.body.error?.code).toBe('deletion/field_answers_exist');
    expect((await call(deleteCustomFieldCall, as(alpha, { fieldId: unanswered }), alpha.token)).status).toBe(200);
    expect((await fieldsOf(alpha)).map((f) => f.fieldId)).toContain(answered);
    expect((await fieldsOf(alpha)).map((f) => f.fieldId)).not.toContain(unanswered);
  });

  it("answers 404 for another team's field and changes nothing", async () => {
    const fieldId = await create(beta, { name: 'Beta field', type: 'text' });
    const upd = await call(updateCustomFieldCall, as(alpha, { fieldId, name: 'Hijack', type: 'text' }), alpha.token);
    expect(upd.status).toBe(404);
    const del = await call(deleteCustomFieldCall, as(alpha, { fieldId }), alpha.token);
    expect(del.status).toBe(404);
    expect((await fieldsOf(beta)).find((f) => f.fieldId === fieldId)?.name).toBe('Beta field');
  });

  it('lets only site managers change fields; user managers may read them; members may not', async () => {
    const fieldId = await create(alpha, { name: 'Guarded', type: 'text' });
    for (const who of [member, userManager]) {
      expect((await call(createCustomFieldCall, as(who, { name: 'No', type: 'text' }), who.token)).status).toBe(403);
      expect((await call(updateCustomFieldCall, as(who, { fieldId, name: 'No', type: 'text' }), who.token)).status).toBe(403);
      expect((await call(deleteCustomFieldCall, as(who, { fieldId }), who.token)).status).toBe(403);
    }
    expect((await call(listCustomFieldsCall, as(member), member.token)).status).toBe(403);
    expect((await call(listCustomFieldsCall, as(userManager), userManager.token)).status).toBe(200);
    expect((await fieldsOf(alpha)).find((f) => f.fieldId === fieldId)?.name).toBe('Guarded');
  });
});
