import { describe, expect, it } from 'vitest';
import { checkCustomFieldAnswers, customFieldSchema } from '../../../shared/api/calls/custom-fields';
import { createInviteInput, joinInput } from '../../../shared/api/calls/invites';
import type { Invite } from '../../../shared/api/calls/invites';
import { answerCountOps } from '../../../lambdas/core/entities/custom-field';
import { memberInvite } from '../../../lambdas/core/entities/invite';
import { decodeCursor, encodeCursor } from '../../../lambdas/core/http/cursor';
import { accountExpiry, unusableReason } from '../../../lambdas/invites/join';

const TEAM = '01TEAM00000000000000000000';
const now = new Date('2030-06-01T00:00:00.000Z');

const invite = (over: Partial<Invite> = {}): Invite => memberInvite({ inviteId: '01INVITE000000000000000000', title: 't', createdAt: now.toISOString(), ...over });

describe('unusableReason', () => {
  it('allows an open invitation up to and including its deadline', () => {
    expect(unusableReason(invite({ deadline: now.toISOString() }), now)).toBeUndefined();
    expect(unusableReason(invite({ maxRegistrations: 2, registeredCount: 1 }), now)).toBeUndefined();
  });
  it('answers expired after the deadline and limit_reached when full', () => {
    expect(unusableReason(invite({ deadline: '2030-05-31T23:59:59.999Z' }), now)).toBe('invite/expired');
    expect(unusableReason(invite({ maxRegistrations: 2, registeredCount: 2 }), now)).toBe('invite/limit_reached');
  });
});

describe('accountExpiry', () => {
  it('takes the earlier of the valid days and the validity end, or none', () => {
    expect(accountExpiry({ validDays: null }, now)).toBeUndefined();
    expect(accountExpiry({ validDays: 10 }, now)).toBe('2030-06-11T00:00:00.000Z');
    expect(accountExpiry({ validDays: 10, validUntil: '2030-06-05T00:00:00.000Z' }, now)).toBe('2030-06-05T00:00:00.000Z');
    expect(accountExpiry({ validDays: null, validUntil: '2030-07-01T00:00:00.000Z' }, now)).toBe('2030-07-01T00:00:00.000Z');
  });
});

describe('checkCustomFieldAnswers', () => {
  const fields = [
    { fieldId: 'a', type: 'text' as const, required: true, options: [] },
    { fieldId: 'b', type: 'number' as const, required: false, options: [] },
    { fieldId: 'c', type: 'date' as const, required: false, options: [] },
    { fieldId: 'd', type: 'checkbox' as const, required: false, options: ['x', 'y'] },
    { fieldId: 'e', type: 'select' as const, required: false, options: ['x', 'y'] },
  ];
  it('keeps well-formed answers (trimmed) and drops blank optional ones', () => {
    const out = checkCustomFieldAnswers(fields, { a: ' hi ', b: 3, c: '2024-02-29', d: [], e: 'y' });
    expect(out).toEqual({ issues: [], values: { a: 'hi', b: 3, c: '2024-02-29', e: 'y' } });
  });
  it('names each wrong answer by its field', () => {
    const out = checkCustomFieldAnswers(fields, { b: '3', c: '2023-02-29', d: ['z'], e: ['x'] });
    expect(out.issues).toEqual([
      { path: ['customFields', 'a'], code: 'validation/required' },
      { path: ['customFields', 'b'], code: 'validation/invalid_value' },
      { path: ['customFields', 'c'], code: 'validation/invalid_date' },
      { path: ['customFields', 'd'], code: 'validation/invalid_value' },
      { path: ['customFields', 'e'], code: 'validation/invalid_value' },
    ]);
  });
});

describe('schemas', () => {
  it('requires categories on an admin invitation', () => {
    const r = createInviteInput.safeParse({ title: 't', maxRegistrations: null, kind: 'admin' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['categories', 'validation/required']]);
  });
  it('requires two distinct options on a choice field, none on a text one', () => {
    expect(customFieldSchema.safeParse({ name: 'n', type: 'radio', options: ['a'] }).error?.issues[0]?.message).toBe('validation/options_too_few');
    expect(customFieldSchema.safeParse({ name: 'n', type: 'text' }).success).toBe(true);
  });
  it('reports a password mismatch on the confirmation', () => {
    const r = joinInput.safeParse({ inviteId: 'x', kind: 'user', email: 'a@b.jp', password: 'abcdef', passwordConfirmation: 'abcdeg' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['passwordConfirmation', 'validation/password_mismatch']]);
  });
});

describe('answerCountOps', () => {
  it('counts a field once per record that answers it', () => {
    const ops = answerCountOps(TEAM, { a: 'x', b: ['y'], c: '' }, { a: 'z', c: 'now', d: [] });
    expect(ops.map((op) => ('update' in op ? [op.update.key.sk, op.update.add] : []))).toEqual([
      ['F#c', { answerCount: 1 }],
      ['F#b', { answerCount: -1 }],
    ]);
  });
});

describe('cursors', () => {
  it('round-trips a key of the team', () => {
    const key = { pk: `T#${TEAM}#INVITE`, sk: 'I#1' };
    expect(decodeCursor(encodeCursor(key), { teamId: TEAM })).toEqual(key);
  });
  it("refuses another team's key, odd attributes and junk", () => {
    const other = encodeCursor({ pk: 'T#01OTHER#INVITE', sk: 'I#1' });
    for (const cursor of [other, encodeCursor({ pk: `T#${TEAM}#X`, evil: 'y' }), 'not-json', encodeCursor({ sk: 'x' })]) {
      expect(() => decodeCursor(cursor, { teamId: TEAM })).toThrow();
    }
  });
});
