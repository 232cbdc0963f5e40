import { describe, expect, it } from 'vitest';
import { MAIL_BODY_MAX_LENGTH } from '../../../shared/constants';
import {
  checkMailBody,
  checkMailSchedule,
  checkRecipients,
  customMailSchema,
  isOnScheduleStep,
  mailSchema,
} from '../../../shared/rules/mail';
import { fieldCodes } from './helpers';

const now = new Date('2024-05-01T10:30:00Z');
const schema = mailSchema({ now: () => now });
const mail = {
  title: 'June news',
  subject: '6月のお知らせ',
  body: '本文',
  recipients: { target: 'groups', groupIds: ['g1'] },
};

describe('e-mail body (SPEC §5: required, up to 2000)', () => {
  it('takes 2000 characters and refuses 2001', () => {
    expect(MAIL_BODY_MAX_LENGTH).toBe(2000);
    expect(checkMailBody('あ'.repeat(2000))).toBeUndefined();
    expect(checkMailBody('あ'.repeat(2001))).toBe('validation/mail_body_too_long');
  });
  it('counts an emoji as one character', () => {
    expect(checkMailBody('😀'.repeat(2000))).toBeUndefined();
  });
  it('requires something other than spaces', () => {
    expect(checkMailBody('')).toBe('validation/required');
    expect(checkMailBody(' \n ')).toBe('validation/required');
    expect(checkMailBody('a')).toBeUndefined();
  });
});

describe('recipients and sending time', () => {
  it('needs at least one recipient', () => {
    expect(checkRecipients({ target: 'individual', userIds: [] })).toBe('validation/recipient_required');
    expect(checkRecipients({ target: 'groups', groupIds: [] })).toBe('validation/recipient_required');
    expect(checkRecipients({ target: 'individual', userIds: ['u1'] })).toBeUndefined();
  });

  it('sends on the hour only', () => {
    expect(isOnScheduleStep(new Date('2024-05-01T11:00:00Z'))).toBe(true);
    expect(isOnScheduleStep(new Date('2024-05-01T11:00:01Z'))).toBe(false);
    expect(isOnScheduleStep(new Date('2024-05-01T11:30:00Z'))).toBe(false);
  });

  it('refuses a sending time at or before the operation, and any for individual sends', () => {
    const groups = { target: 'groups', groupIds: ['g1'] } as const;
    expect(checkMailSchedule({ recipients: groups, sendAt: new Date('2024-05-01T11:00:00Z') }, now)).toEqual([]);
    expect(checkMailSchedule({ recipients: groups, sendAt: new Date('2024-05-01T10:00:00Z') }, now)).toEqual([
      { path: ['sendAt'], code: 'validation/send_time_in_past' },
    ]);
    const onTheHour = new Date('2024-05-01T10:00:00Z');
    expect(checkMailSchedule({ recipients: groups, sendAt: onTheHour }, onTheHour)).toEqual([
      { path: ['sendAt'], code: 'validation/send_time_in_past' },
    ]);
    expect(
      checkMailSchedule(
        { recipients: { target: 'individual', userIds: ['u1'] }, sendAt: new Date('2024-05-01T11:00:00Z') },
        now,
      ),
    ).toEqual([{ path: ['sendAt'], code: 'validation/send_time_not_allowed' }]);
    expect(checkMailSchedule({ recipients: groups }, now)).toEqual([]);
  });
});

describe('mailSchema', () => {
  it('accepts a complete mail', () => {
    expect(fieldCodes(schema, mail)).toEqual({});
    expect(fieldCodes(schema, { ...mail, sendAt: '2024-05-01T11:00:00.000Z' })).toEqual({});
  });
  it('answers one message per field', () => {
    expect(
      fieldCodes(schema, {
        title: '',
        subject: ' ',
        body: 'x'.repeat(2001),
        recipients: { target: 'groups', groupIds: [] },
        sendAt: '2024-05-01T10:00:00Z',
      }),
    ).toEqual({
      title: 'validation/required',
      subject: 'validation/required',
      body: 'validation/mail_body_too_long',
      recipients: 'validation/recipient_required',
      sendAt: 'validation/send_time_in_past',
    });
  });
  it('refuses an unknown recipient kind', () => {
    expect(fieldCodes(schema, { ...mail, recipients: { target: 'everyone' } })).toEqual({
      'recipients.target': 'validation/recipient_required',
    });
  });
});

describe('customMailSchema (SPEC §5: event type and object required)', () => {
  const custom = { title: 'Welcome', eventType: 'welcome', objectIds: ['inv1'], subject: 'ようこそ', body: '本文' };
  it('accepts a complete custom mail', () => {
    expect(fieldCodes(customMailSchema, custom)).toEqual({});
  });
  it('requires the event type and at least one object', () => {
    expect(fieldCodes(customMailSchema, { ...custom, eventType: undefined, objectIds: [] })).toEqual({
      eventType: 'validation/required',
      objectIds: 'validation/objects_required',
    });
  });
});
