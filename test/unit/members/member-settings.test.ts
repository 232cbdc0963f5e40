import { describe, expect, it } from 'vitest';
import type { CustomField } from '../../../shared/api/calls/custom-fields';
import { deletionPreview, memberEditableFields, mergeOwnAnswers } from '../../../lambdas/members/profile';

const field = (fieldId: string, type: CustomField['type'], options: string[] = [], required = false): CustomField => ({
  fieldId,
  name: fieldId,
  type,
  required,
  options,
  answerCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const fields = [field('city', 'text', [], true), field('plan', 'select', ['a', 'b']), field('staffNote', 'text')];

describe('the custom fields a person answers themselves', () => {
  it('are the fields their invitation asked a member, in the team order; none for an administrator or without an invitation', () => {
    expect(memberEditableFields('member', fields, ['plan', 'city', 'gone']).map((f) => f.fieldId)).toEqual(['city', 'plan']);
    expect(memberEditableFields('member', fields, undefined)).toEqual([]);
    expect(memberEditableFields('member', fields, [])).toEqual([]);
    expect(memberEditableFields('admin', fields, ['city'])).toEqual([]);
  });

  it('merge: editable answers replace, the operator fields stay, a blank optional answer is dropped', () => {
    const editable = memberEditableFields('member', fields, ['city', 'plan']);
    expect(mergeOwnAnswers(editable, { city: 'Osaka', plan: 'a', staffNote: 'vip' }, { city: ' Kyoto ', plan: '' })).toEqual({
      ok: true,
      customFields: { staffNote: 'vip', city: 'Kyoto' },
    });
  });

  it('merge refuses another field, a wrong option and a blank required answer, naming each field', () => {
    const editable = memberEditableFields('member', fields, ['city', 'plan']);
    expect(mergeOwnAnswers(editable, {}, { city: '', plan: 'z', staffNote: 'me' })).toEqual({
      ok: false,
      fields: {
        'customFields.staffNote': 'validation/invalid_value',
        'customFields.city': 'validation/required',
        'customFields.plan': 'validation/invalid_value',
      },
    });
  });
});

describe('what deleting the account does (SPEC §6)', () => {
  const sub = (state: string) => ({ kind: 'subscription' as const, state: state as never });
  it('renewing or owed subscriptions block it; cancel-scheduled ones and one-time purchases are counted as ending', () => {
    const purchases = [sub('active'), sub('past_due'), sub('cancel_scheduled'), sub('canceled'), { kind: 'one_time' as const, state: 'success' as const }, { kind: 'one_time' as const, state: 'refunded' as const }];
    expect(deletionPreview('member', 'member', purchases)).toEqual({ blockedBy: 'deletion/active_subscription', activeSubscriptions: 2, endingSubscriptions: 1, oneTimePurchases: 1 });
    expect(deletionPreview('member', 'member', [sub('trialing')]).blockedBy).toBe('deletion/active_subscription');
    expect(deletionPreview('member', 'member', [sub('unpaid')]).blockedBy).toBe('deletion/active_subscription');
    expect(deletionPreview('member', 'member', [sub('cancel_scheduled'), sub('canceled'), sub('incomplete')])).toEqual({ activeSubscriptions: 0, endingSubscriptions: 1, oneTimePurchases: 0 });
  });

  it('an administrator is refused from the member page whatever they hold', () => {
    expect(deletionPreview('admin', 'member', []).blockedBy).toBe('deletion/admin_from_member_page');
    expect(deletionPreview('admin', 'admin', []).blockedBy).toBeUndefined();
  });
});
