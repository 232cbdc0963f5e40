import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetPasswordCall } from '../../../shared/api/calls/auth';
import { createCustomFieldCall } from '../../../shared/api/calls/custom-fields';
import { groupCreateCall, groupGetCall, type GroupRow } from '../../../shared/api/calls/groups';
import {
  memberImportGetCall,
  memberImportStartCall,
  memberImportTemplateCall,
  memberImportUploadCall,
  type MemberImport,
  type MemberImportError,
  type MemberImportMode,
} from '../../../shared/api/calls/member-import';
import { memberGetCall, memberListCall, type MemberDetail, type MemberRow } from '../../../shared/api/calls/members';
import { runJob } from '../../../lambdas/members/member-import/import-job';
import { importJobId } from '../../../lambdas/members/member-import/member-import';
import { findIdentity } from '../../../lambdas/platform/identity';
import { getTeamUser } from '../../../lambdas/core/entities/team-user';
import { isGroupMember } from '../../../lambdas/core/entities/group';
import { advanceScheduler, call, inbox, signIn, uniqueEmail, type Answer } from '../support/api';
import { newAdmin, newOperator, newPerson, type Person } from './fixtures';

let alpha: Person;
let beta: Person;
let premium: GroupRow;
let course: { fieldId: string };

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha Import'), newOperator('Beta Import')]);
  const group = await call(groupCreateCall, { ...alpha.ctx, name: 'Premium' }, alpha.token);
  expect(group.status).toBe(200);
  premium = (group.body as { group: GroupRow }).group;
  const field = await call(createCustomFieldCall, { ...alpha.ctx, name: 'Course', type: 'radio', options: ['A', 'B'] }, alpha.token);
  expect(field.status, JSON.stringify(field.body)).toBe(200);
  course = field.body as { fieldId: string };
});

/** Upload through the presigned PUT, as the page does; answers the stored key. */
async function upload(who: Person, csv: string): Promise<string> {
  const bytes = Buffer.from(csv, 'utf8');
  const res = await call(memberImportUploadCall, { ...who.ctx, fileName: 'members.csv', sizeBytes: bytes.length }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { key, url, headers } = res.body as { key: string; url: string; headers: Record<string, string> };
  const put = await fetch(url, { method: 'PUT', headers, body: bytes });
  expect(put.status).toBe(200);
  return key;
}

type StartAnswer = { accepted: false; errors: MemberImportError[] } | { accepted: true; import: MemberImport };

async function start(who: Person, mode: MemberImportMode, csv: string): Promise<StartAnswer> {
  const res = await call(memberImportStartCall, { ...who.ctx, mode, fileKey: await upload(who, csv) }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as StartAnswer;
}

const getImport = (who: Person, importId: string) => call(memberImportGetCall, { ...who.ctx, importId }, who.token) as Promise<Answer<{ import: MemberImport }>>;

/** Runs what is due on the local scheduler until the import is done. */
async function finished(who: Person, importId: string): Promise<MemberImport> {
  for (let i = 0; i < 60; i++) {
    await advanceScheduler(0);
    const res = await getImport(who, importId);
    expect(res.status).toBe(200);
    if (res.body.import.state === 'done') return res.body.import;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('import did not finish');
}

async function accepted(who: Person, mode: MemberImportMode, csv: string): Promise<MemberImport> {
  const answer = await start(who, mode, csv);
  if (!answer.accepted) throw new Error(`refused: ${JSON.stringify(answer.errors)}`);
  return finished(who, answer.import.importId);
}

async function findMember(who: Person, email: string): Promise<MemberRow | undefined> {
  const res = await call(memberListCall, { ...who.ctx, search: email, limit: 20 }, who.token);
  expect(res.status).toBe(200);
  return (res.body as { items: MemberRow[] }).items.find((m) => m.email === email);
}

const linkIn = (text: string) => {
  const m = /\/change_password\?token=([A-Za-z0-9_-]{43})/.exec(text);
  if (!m) throw new Error(`no link in ${text}`);
  return m[1]!;
};

const header = 'email,name,phone,groups,disabled,expiration,Course';

describe('member import', () => {
  it('answers the template header: standard columns then the custom fields', async () => {
    const res = await call(memberImportTemplateCall, alpha.ctx, alpha.token);
    expect(res.status).toBe(200);
    expect((res.body as { header: string[] }).header).toEqual(['id', 'email', 'name', 'phone', 'groups', 'disabled', 'expiration', 'Course']);
  });

  it('imports new members with their groups and fields, mails each a set-password link, and the link makes the login', async () => {
    const [a, b] = [uniqueEmail('imp-a'), uniqueEmail('imp-b')];
    const groupBefore = ((await call(groupGetCall, { ...alpha.ctx, groupId: premium.groupId }, alpha.token)).body as { group: GroupRow }).group;
    const summary = await accepted(alpha, 'import', `${header}\n${a},Aiko Sato,03-1111-2222,Premium,NO,2030-12-31,A\n${b},,,,,,\n`);
    expect(summary).toMatchObject({ mode: 'import', state: 'done', total: 2, done: 2, created: 2, updated: 0, mailsSent: 2, failures: [] });

    const row = await findMember(alpha, a);
    expect(row).toMatchObject({ name: 'Aiko Sato', groupIds: [premium.groupId], disabled: false, expiresAt: '2030-12-31T23:59:59.999Z' });
    const detail = ((await call(memberGetCall, { ...alpha.ctx, userId: row!.userId }, alpha.token)).body as { member: MemberDetail }).member;
    expect(detail).toMatchObject({ phone: '03-1111-2222', customFields: { [course.fieldId]: 'A' } });
    expect(await findMember(alpha, b)).toMatchObject({ name: b.split('@')[0] });
    const groupAfter = ((await call(groupGetCall, { ...alpha.ctx, groupId: premium.groupId }, alpha.token)).body as { group: GroupRow }).group;
    expect(groupAfter.memberCount).toBe(groupBefore.memberCount + 1);

    // No login until the member sets a password through the mailed link.
    expect(await findIdentity(a)).toBeUndefined();
    const mails = await inbox(a);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Alpha Import');
    const token = linkIn(mails[0]!.body.text ?? '');
    const reset = await call(resetPasswordCall, { token, password: 'import-pass1', passwordConfirmation: 'import-pass1' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const sub = await findIdentity(a);
    expect(sub).toBeDefined();
    await signIn(a, 'import-pass1');
    // The member moved to the login's id with the memberships; the provisional record is gone.
    const moved = await getTeamUser(alpha.teamId, sub!, true);
    expect(moved).toMatchObject({ email: a, groupIds: [premium.groupId], emailVerified: true });
    expect(moved?.loginPending).toBeUndefined();
    expect(await getTeamUser(alpha.teamId, row!.userId, true)).toBeUndefined();
    expect(await isGroupMember(alpha.teamId, premium.groupId, sub!)).toBe(true);
    expect(await isGroupMember(alpha.teamId, premium.groupId, row!.userId)).toBe(false);
    // The link works once.
    const again = await call(resetPasswordCall, { token, password: 'import-pass2', passwordConfirmation: 'import-pass2' });
    expect(again.status).not.toBe(200);
  });

  it('import_email_auth: members start unverified, get the e-mail confirmation mail, and the link verifies them', async () => {
    const email = uniqueEmail('imp-auth');
    const summary = await accepted(alpha, 'emailAuth', `${header}\n${email},Ken Ito,,,,,\n`);
    expect(summary).toMatchObject({ mode: 'emailAuth', created: 1, mailsSent: 1 });
    expect(await findMember(alpha, email)).toMatchObject({ emailVerified: false });
    const mails = await inbox(email);
    expect(mails).toHaveLength(1);
    // The team's language is Japanese: the e-mail confirmation text.
    expect(mails[0]!.subject).toContain('メールアドレス');
    const token = linkIn(mails[0]!.body.text ?? '');
    expect((await call(resetPasswordCall, { token, password: 'auth-pass1', passwordConfirmation: 'auth-pass1' })).status).toBe(200);
    expect(await findMember(alpha, email)).toMatchObject({ emailVerified: true });
  });

  it('updates existing members found by id or e-mail and sends no mail', async () => {
    const byId = await newPerson(alpha.teamId, { name: 'Old One', groupIds: [] });
    const byEmail = await newPerson(alpha.teamId, { name: 'Old Two', phone: '03-0000-0000' });
    const csv = `id,email,name,phone,groups,disabled,expiration,Course\n${byId.userId},${byId.email},New One,,Premium,YES,2031-01-31,B\n,${byEmail.email},New Two,090-1234-5678,,,,\n`;
    const summary = await accepted(alpha, 'update', csv);
    expect(summary).toMatchObject({ mode: 'update', total: 2, updated: 2, created: 0, mailsSent: 0, failures: [] });
    const one = ((await call(memberGetCall, { ...alpha.ctx, userId: byId.userId }, alpha.token)).body as { member: MemberDetail }).member;
    expect(one).toMatchObject({ name: 'New One', groupIds: [premium.groupId], disabled: true, expiresAt: '2031-01-31T23:59:59.999Z', customFields: { [course.fieldId]: 'B' } });
    const two = ((await call(memberGetCall, { ...alpha.ctx, userId: byEmail.userId }, alpha.token)).body as { member: MemberDetail }).member;
    expect(two).toMatchObject({ name: 'New Two', phone: '090-1234-5678', disabled: false });
    expect(await isGroupMember(alpha.teamId, premium.groupId, byId.userId)).toBe(true);
    expect(await inbox(byId.email)).toHaveLength(0);
  });

  it('refuses the whole file for one bad row and writes nothing', async () => {
    const [good, bad] = [uniqueEmail('good'), 'not-an-email'];
    const answer = await start(alpha, 'import', `${header}\n${good},Good,,,,,\n${bad},Bad,,,,,\n`);
    expect(answer).toEqual({ accepted: false, errors: [{ row: 3, column: 'email', code: 'import/invalid_email' }] });
    expect(await findMember(alpha, good)).toBeUndefined();
    expect(await inbox(good)).toHaveLength(0);
  });

  it('answers every error with its row and column, the parser and the server checks together', async () => {
    const existing = await newPerson(alpha.teamId, { name: 'Already' });
    const csv = [
      header,
      `${uniqueEmail('ok')},Fine,,,,,A`,
      `${existing.email},Dup,,,,,`,
      `${uniqueEmail('g')},NoGroup,,Nowhere,,,`,
      `${uniqueEmail('d')},Date,,,MAYBE,2030-02-30,C`,
      `${uniqueEmail('short')},Short`,
    ].join('\n');
    const answer = await start(alpha, 'import', csv);
    expect(answer.accepted).toBe(false);
    if (answer.accepted) return;
    expect(answer.errors).toEqual([
      { row: 3, column: 'email', code: 'import/already_member' },
      { row: 4, column: 'groups', code: 'import/group_not_found' },
      { row: 5, column: 'disabled', code: 'import/not_yes_no' },
      { row: 5, column: 'expiration', code: 'import/invalid_date' },
      { row: 5, column: 'Course', code: 'import/invalid_radio_value' },
      { row: 6, code: 'import/row_length' },
    ]);
  });

  it('update: a member that does not exist and a group that does not exist are refused by row', async () => {
    const member = await newPerson(alpha.teamId, { name: 'Here' });
    const csv = `id,email,name,phone,groups,disabled,expiration,Course\n01ARZ3NDEKTSV4RRFFQ69G5FAV,${uniqueEmail('x')},X,,,,,\n,${uniqueEmail('nobody')},Y,,,,,\n,${member.email},Z,,Ghosts,,,\n`;
    const answer = await start(alpha, 'update', csv);
    expect(answer).toEqual({
      accepted: false,
      errors: [
        { row: 2, column: 'id', code: 'import/user_not_found' },
        { row: 3, column: 'email', code: 'import/user_not_found' },
        { row: 4, column: 'groups', code: 'import/group_not_found' },
      ],
    });
    const after = ((await call(memberGetCall, { ...alpha.ctx, userId: member.userId }, alpha.token)).body as { member: MemberDetail }).member;
    expect(after.name).toBe('Here');
  });

  it('refuses members and analysts (403) and a file of another team (400)', async () => {
    const member = await newPerson(alpha.teamId, { name: 'Plain member' });
    const analyst = await newAdmin(alpha.teamId, ['analyst']);
    for (const who of [member, analyst]) {
      expect((await call(memberImportUploadCall, { ...who.ctx, fileName: 'm.csv', sizeBytes: 10 }, who.token)).status).toBe(403);
      expect((await call(memberImportStartCall, { ...who.ctx, mode: 'import', fileKey: 'x' }, who.token)).status).toBe(403);
      expect((await call(memberImportGetCall, { ...who.ctx, importId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }, who.token)).status).toBe(403);
      expect((await call(memberImportTemplateCall, who.ctx, who.token)).status).toBe(403);
    }
    const betaKey = await upload(beta, `${header}\n${uniqueEmail('b')},B,,,,,\n`);
    const res = await call(memberImportStartCall, { ...alpha.ctx, mode: 'import', fileKey: betaKey }, alpha.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ fileKey: 'validation/invalid_value' });
  });

  it("answers 404 for another team's import", async () => {
    const summary = await accepted(alpha, 'import', `${header}\n${uniqueEmail('own')},Own,,,,,\n`);
    const res = await getImport(beta, summary.importId);
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('common/not_found');
  });

  it('a job run twice at once imports, counts and mails each row once', async () => {
    const emails = Array.from({ length: 150 }, (_, i) => uniqueEmail(`twice${i}`));
    const groupBefore = ((await call(groupGetCall, { ...alpha.ctx, groupId: premium.groupId }, alpha.token)).body as { group: GroupRow }).group;
    const answer = await start(alpha, 'import', [header, ...emails.map((e) => `${e},,,Premium,,,`)].join('\n'));
    if (!answer.accepted) throw new Error(JSON.stringify(answer.errors));
    const job = { id: importJobId(answer.import.importId), kind: 'memberImport', teamId: alpha.teamId, payload: { importId: answer.import.importId } };
    // With the scheduler's own run, three runs take the same chunks at once.
    await Promise.all([runJob(job), runJob(job)]);
    const summary = await finished(alpha, answer.import.importId);
    expect(summary).toMatchObject({ total: 150, done: 150, created: 150, mailsSent: 150, failures: [] });
    await runJob(job);
    expect((await getImport(alpha, answer.import.importId)).body.import).toMatchObject({ done: 150, created: 150, mailsSent: 150 });
    const groupAfter = ((await call(groupGetCall, { ...alpha.ctx, groupId: premium.groupId }, alpha.token)).body as { group: GroupRow }).group;
    expect(groupAfter.memberCount).toBe(groupBefore.memberCount + 150);
    for (const email of [emails[0]!, emails[99]!, emails[149]!]) expect(await inbox(email)).toHaveLength(1);
  }, 120_000);
});
