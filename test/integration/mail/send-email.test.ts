import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupCreateCall, type GroupRow } from '../../../shared/api/calls/groups';
import { memberUpdateCall } from '../../../shared/api/calls/members';
import * as sendEmailCalls from '../../../shared/api/calls/send-email';
import type { SendEmail, SendEmailRecipient, TeamMailLogEntry } from '../../../shared/api/calls/send-email';
import type { Page } from '../../../shared/api/page';
import { MAIL_BODY_MAX_LENGTH } from '../../../shared/constants';
import { claimRecipient, putPendingRecipients } from '../../../lambdas/mail/send-email/email-recipient';
import { leaseSendEmail, markPrepared } from '../../../lambdas/mail/send-email/send-email';
import { resolveRecipients } from '../../../lambdas/mail/send-email/send-email-service';
import { advanceScheduler, call, inbox } from '../support/api';
import { waitFor } from '../platform/waiting';
import { newAdmin, newOperator, newPerson, type Person } from '../members/fixtures';

let alpha: Person;
let beta: Person;
let group: GroupRow;
let betaGroup: GroupRow;
let inGroup: Person[];
let outside: Person;
let disabled: Person;

const HOUR = 3600_000;

const createGroup = async (who: Person, name: string) => {
  const res = await call(groupCreateCall, { ...who.ctx, name }, who.token);
  expect(res.status).toBe(200);
  return (res.body as { group: GroupRow }).group;
};

const memberIn = async (who: Person, groupIds: string[], extra: { disabled?: boolean } = {}) => {
  const member = await newPerson(who.teamId);
  const res = await call(
    memberUpdateCall,
    { ...who.ctx, userId: member.userId, name: 'Member', phone: '', groupIds, disabled: extra.disabled ?? false, expiresAt: null, customFields: {}, notifications: {}, managerOf: {} },
    who.token,
  );
  expect(res.status).toBe(200);
  return member;
};

/**
 * A send time on the hour that the shared local scheduler has not reached yet (other files may have moved its
 * clock ahead), and how far to move it so that time comes.
 */
async function futureHour(hoursAhead = 1) {
  const ahead = (await advanceScheduler(0)) * 1000;
  const schedulerNow = Date.now() + ahead;
  const at = new Date(Math.ceil((schedulerNow + hoursAhead * HOUR) / HOUR) * HOUR);
  return { sendAt: at.toISOString(), secondsUntil: () => Math.ceil((at.getTime() - (Date.now() + ahead)) / 1000) + 2 };
}

const mail = (overrides: Record<string, unknown> = {}) => ({
  title: 'November notice',
  subject: 'Hello from Alpha',
  body: 'New courses are up.',
  recipients: { target: 'groups', groupIds: [group.groupId] },
  ...overrides,
});

const create = async (who: Person, input: Record<string, unknown>) => call(sendEmailCalls.sendEmailCreateCall, { ...who.ctx, ...input }, who.token);
const get = async (who: Person, sendEmailId: string) => {
  const res = await call(sendEmailCalls.sendEmailGetCall, { ...who.ctx, sendEmailId }, who.token);
  expect(res.status).toBe(200);
  return (res.body as { sendEmail: SendEmail }).sendEmail;
};
const waitSent = (who: Person, sendEmailId: string) =>
  waitFor('the mail to be sent', async () => {
    const m = await get(who, sendEmailId);
    return m.status === 'sent' && m;
  });
const log = async (who: Person, sendEmailId: string) => {
  const res = await call(sendEmailCalls.sendEmailLogCall, { ...who.ctx, sendEmailId, limit: 100 }, who.token);
  expect(res.status).toBe(200);
  return (res.body as Page<SendEmailRecipient>).items;
};

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha'), newOperator('Beta')]);
  [group, betaGroup] = await Promise.all([createGroup(alpha, 'Premium'), createGroup(beta, 'Beta group')]);
  inGroup = await Promise.all([memberIn(alpha, [group.groupId]), memberIn(alpha, [group.groupId]), memberIn(alpha, [group.groupId])]);
  [outside, disabled] = await Promise.all([memberIn(alpha, []), memberIn(alpha, [group.groupId], { disabled: true })]);
});

describe('send mail now', () => {
  it('sends once to each active member of the group, logs each delivery and counts them', async () => {
    const res = await create(alpha, mail());
    expect(res.status).toBe(200);
    const created = (res.body as { sendEmail: SendEmail }).sendEmail;
    expect(created).toMatchObject({ status: 'sending', sentCount: 0, failedCount: 0, version: 1 });
    expect(created.sendAt).toBeUndefined();

    const sent = await waitSent(alpha, created.sendEmailId);
    expect(sent).toMatchObject({ recipientCount: 3, sentCount: 3, failedCount: 0 });
    for (const m of inGroup) {
      const got = (await inbox(m.email)).filter((x) => x.subject === 'Hello from Alpha');
      expect(got).toHaveLength(1);
      expect(got[0]?.body.text).toContain('New courses are up.');
      expect(got[0]?.from).toContain('Alpha');
    }
    expect((await inbox(outside.email)).filter((x) => x.subject === 'Hello from Alpha')).toHaveLength(0);
    expect((await inbox(disabled.email)).filter((x) => x.subject === 'Hello from Alpha')).toHaveLength(0);

    // The local SES stand-in reports delivery as SES's events would.
    const rows = await waitFor('deliveries', async () => {
      const items = await log(alpha, created.sendEmailId);
      return items.every((r) => r.status === 'delivered') && items;
    });
    expect(rows.map((r) => r.email).sort()).toEqual(inGroup.map((m) => m.email).sort());

    const teamLog = await call(sendEmailCalls.teamMailLogCall, { ...alpha.ctx, limit: 50 }, alpha.token);
    expect(teamLog.status).toBe(200);
    const entries = (teamLog.body as Page<TeamMailLogEntry>).items.filter((e) => e.subject === 'Hello from Alpha');
    expect(entries).toHaveLength(3);
    expect(entries.every((e) => e.kind === 'sendEmail' && e.status === 'delivered')).toBe(true);
  });

  it('sends to members chosen one by one, and refuses a send time for them (SPEC §8)', async () => {
    const target = { target: 'individual', userIds: [outside.userId] };
    const withTime = await create(alpha, mail({ recipients: target, sendAt: (await futureHour()).sendAt, subject: 'Personal' }));
    expect(withTime.status).toBe(400);
    expect(withTime.body.error?.fields).toEqual({ sendAt: 'validation/send_time_not_allowed' });

    const res = await create(alpha, mail({ recipients: target, subject: 'Personal note' }));
    expect(res.status).toBe(200);
    await waitSent(alpha, (res.body as { sendEmail: SendEmail }).sendEmail.sendEmailId);
    expect((await inbox(outside.email)).filter((x) => x.subject === 'Personal note')).toHaveLength(1);
  });
});

describe('scheduled mail', () => {
  it('waits for its hour, can be edited until then, goes when the clock reaches it, and is then read-only', async () => {
    const first = await futureHour(1);
    const res = await create(alpha, mail({ sendAt: first.sendAt, subject: 'Scheduled one' }));
    expect(res.status).toBe(200);
    const scheduled = (res.body as { sendEmail: SendEmail }).sendEmail;
    expect(scheduled).toMatchObject({ status: 'scheduled', sendAt: first.sendAt });

    // Moved to the next hour: the first time passes and nothing goes.
    const later = await futureHour(2);
    const edited = await call(sendEmailCalls.sendEmailUpdateCall, { ...alpha.ctx, ...mail({ sendAt: later.sendAt, subject: 'Scheduled later' }), sendEmailId: scheduled.sendEmailId, version: 1 }, alpha.token);
    expect(edited.status).toBe(200);
    expect((edited.body as { sendEmail: SendEmail }).sendEmail).toMatchObject({ version: 2, sendAt: later.sendAt, status: 'scheduled' });
    const stale = await call(sendEmailCalls.sendEmailUpdateCall, { ...alpha.ctx, ...mail({ sendAt: later.sendAt }), sendEmailId: scheduled.sendEmailId, version: 1 }, alpha.token);
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('common/concurrent_update');

    await advanceScheduler(first.secondsUntil());
    expect((await get(alpha, scheduled.sendEmailId)).status).toBe('scheduled');
    expect((await inbox(inGroup[0]!.email)).filter((x) => x.subject.startsWith('Scheduled'))).toHaveLength(0);

    await advanceScheduler(later.secondsUntil());
    const sent = await waitSent(alpha, scheduled.sendEmailId);
    expect(sent.sentCount).toBe(3);
    for (const m of inGroup) expect((await inbox(m.email)).filter((x) => x.subject === 'Scheduled later')).toHaveLength(1);

    const afterSend = await call(sendEmailCalls.sendEmailUpdateCall, { ...alpha.ctx, ...mail({ sendAt: (await futureHour(3)).sendAt }), sendEmailId: scheduled.sendEmailId, version: 2 }, alpha.token);
    expect(afterSend.status).toBe(409);
    expect(afterSend.body.error?.code).toBe('mail/already_sent');
    const del = await call(sendEmailCalls.sendEmailDeleteCall, { ...alpha.ctx, sendEmailId: scheduled.sendEmailId }, alpha.token);
    expect(del.status).toBe(409);
    expect(del.body.error?.code).toBe('mail/already_sent');
  });

  it('a cancelled (deleted) scheduled mail never goes', async () => {
    const when = await futureHour(1);
    const res = await create(alpha, mail({ sendAt: when.sendAt, subject: 'Cancelled one' }));
    const { sendEmailId } = (res.body as { sendEmail: SendEmail }).sendEmail;
    const del = await call(sendEmailCalls.sendEmailDeleteCall, { ...alpha.ctx, sendEmailId }, alpha.token);
    expect(del.status).toBe(200);
    await advanceScheduler(when.secondsUntil());
    expect((await call(sendEmailCalls.sendEmailGetCall, { ...alpha.ctx, sendEmailId }, alpha.token)).status).toBe(404);
    expect((await inbox(inGroup[0]!.email)).filter((x) => x.subject === 'Cancelled one')).toHaveLength(0);
  });

  it('checks SPEC §5 and §9 rules, naming the field', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ title: '' }, { title: 'validation/required' }],
      [{ subject: '  ' }, { subject: 'validation/required' }],
      [{ body: '' }, { body: 'validation/required' }],
      [{ body: 'x'.repeat(MAIL_BODY_MAX_LENGTH + 1) }, { body: 'validation/mail_body_too_long' }],
      [{ recipients: { target: 'groups', groupIds: [] } }, { recipients: 'validation/recipient_required' }],
      [{ sendAt: new Date(Math.ceil(Date.now() / HOUR) * HOUR + 30 * 60_000).toISOString() }, { sendAt: 'validation/send_time_not_on_hour' }],
      [{ sendAt: new Date(Math.floor(Date.now() / HOUR) * HOUR).toISOString() }, { sendAt: 'validation/send_time_in_past' }],
    ];
    for (const [input, fields] of cases) {
      const res = await create(alpha, mail(input));
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.error?.fields, JSON.stringify(input)).toMatchObject(fields);
    }
  });
});

describe('who may send, and to whom', () => {
  it('refuses members, and administrators without the user manager category', async () => {
    const analyst = await newAdmin(alpha.teamId, ['analyst']);
    const userManager = await newAdmin(alpha.teamId, ['userManager']);
    for (const who of [inGroup[0]!, analyst]) {
      expect((await create(who, mail())).status).toBe(403);
      expect((await call(sendEmailCalls.sendEmailListCall, who.ctx, who.token)).status).toBe(403);
      expect((await call(sendEmailCalls.teamMailLogCall, who.ctx, who.token)).status).toBe(403);
    }
    expect((await create(userManager, mail({ subject: 'From the user manager' }))).status).toBe(200);
  });

  it("another team's groups, members and mails are refused and unchanged", async () => {
    const foreignGroup = await create(alpha, mail({ recipients: { target: 'groups', groupIds: [betaGroup.groupId] } }));
    expect(foreignGroup.status).toBe(400);
    expect(foreignGroup.body.error?.fields).toEqual({ 'recipients.groupIds': 'validation/invalid_value' });
    const betaMember = await memberIn(beta, []);
    const foreignMember = await create(alpha, mail({ recipients: { target: 'individual', userIds: [betaMember.userId] } }));
    expect(foreignMember.status).toBe(400);
    expect(foreignMember.body.error?.fields).toEqual({ 'recipients.userIds': 'validation/invalid_value' });

    const when = await futureHour(5);
    const betaMail = (await create(beta, { ...mail({ recipients: { target: 'groups', groupIds: [betaGroup.groupId] }, sendAt: when.sendAt, subject: 'Beta only' }) })).body as { sendEmail: SendEmail };
    const id = betaMail.sendEmail.sendEmailId;
    for (const [def, extra] of [
      [sendEmailCalls.sendEmailGetCall, {}],
      [sendEmailCalls.sendEmailLogCall, {}],
      [sendEmailCalls.sendEmailDeleteCall, {}],
      [sendEmailCalls.sendEmailUpdateCall, { ...mail({ sendAt: when.sendAt }), version: 1 }],
    ] as const) {
      const res = await call(def, { ...alpha.ctx, ...extra, sendEmailId: id }, alpha.token);
      expect(res.status, def.path).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Beta only');
    }
    expect(await get(beta, id)).toMatchObject({ subject: 'Beta only', status: 'scheduled', version: 1 });
    expect(await call(sendEmailCalls.sendEmailDeleteCall, { ...beta.ctx, sendEmailId: id }, beta.token)).toMatchObject({ status: 200 });
  });
});

describe('resuming after a crash', () => {
  it('a run that died after claiming recipients is followed by one that sends to the rest, and nobody twice', async () => {
    const group2 = await createGroup(alpha, 'Crash group');
    const people = await Promise.all(Array.from({ length: 6 }, () => memberIn(alpha, [group2.groupId])));
    const when = await futureHour(1);
    const res = await create(alpha, mail({ recipients: { target: 'groups', groupIds: [group2.groupId] }, sendAt: when.sendAt, subject: 'After the crash' }));
    const { sendEmailId } = (res.body as { sendEmail: SendEmail }).sendEmail;

    // A run that took the mail, wrote the recipients and claimed two of them, then died holding a short lease.
    const leased = await leaseSendEmail(alpha.teamId, sendEmailId, { now: new Date(), leaseMs: 1000, dueAt: when.sendAt });
    expect(leased).toBeDefined();
    const recipients = await resolveRecipients(alpha.teamId, leased!.recipients);
    expect(recipients).toHaveLength(6);
    await putPendingRecipients(alpha.teamId, sendEmailId, recipients);
    await markPrepared(alpha.teamId, sendEmailId, recipients.length);
    const [lost1, lost2] = recipients;
    expect(await claimRecipient(alpha.teamId, sendEmailId, lost1!.userId, new Date().toISOString())).toBe(true);
    expect(await claimRecipient(alpha.teamId, sendEmailId, lost2!.userId, new Date().toISOString())).toBe(true);
    await new Promise((r) => setTimeout(r, 1200));

    await advanceScheduler(when.secondsUntil());
    const sent = await waitSent(alpha, sendEmailId);
    expect(sent).toMatchObject({ recipientCount: 6, sentCount: 4, failedCount: 2 });
    for (const p of people) {
      const got = (await inbox(p.email)).filter((x) => x.subject === 'After the crash');
      expect(got).toHaveLength([lost1!.userId, lost2!.userId].includes(p.userId) ? 0 : 1);
    }
    const rows = await log(alpha, sendEmailId);
    expect(rows.filter((r) => r.status === 'failed').map((r) => r.userId).sort()).toEqual([lost1!.userId, lost2!.userId].sort());
  });
});
