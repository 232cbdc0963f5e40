import { describe, expect, it } from 'vitest';
import { checkInviteDates, checkMaxRegistrations, inviteSchema } from '../../../shared/rules/invite';
import { fieldCodes } from './helpers';

const now = new Date('2024-05-01T10:00:00Z');
const justBefore = new Date('2024-05-01T09:59:59.999Z');

describe('invite (SPEC §5)', () => {
  it('registrations: unlimited or a whole number above 0', () => {
    expect(checkMaxRegistrations(null)).toBeUndefined();
    expect(checkMaxRegistrations(1)).toBeUndefined();
    expect(checkMaxRegistrations(0)).toBe('validation/registrations_not_positive');
    expect(checkMaxRegistrations(-3)).toBe('validation/registrations_not_positive');
    expect(checkMaxRegistrations(1.5)).toBe('validation/not_integer');
  });

  it('deadline and validity: now or later', () => {
    expect(checkInviteDates({ deadline: now, validUntil: now }, now)).toEqual([]);
    expect(checkInviteDates({}, now)).toEqual([]);
    expect(checkInviteDates({ deadline: justBefore, validUntil: justBefore }, now)).toEqual([
      { path: ['deadline'], code: 'validation/deadline_in_past' },
      { path: ['validUntil'], code: 'validation/validity_in_past' },
    ]);
  });

  it('inviteSchema reports per field', () => {
    const schema = inviteSchema({ now: () => now });
    expect(fieldCodes(schema, { title: '会員募集', maxRegistrations: null })).toEqual({});
    expect(fieldCodes(schema, { title: '', maxRegistrations: 0, deadline: '2024-04-30T00:00:00Z' })).toEqual({
      title: 'validation/required',
      maxRegistrations: 'validation/registrations_not_positive',
      deadline: 'validation/deadline_in_past',
    });
  });
});
