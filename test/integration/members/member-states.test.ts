import '../support/platform-env';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetPasswordCall } from '../../../shared/api/calls/auth';
import { memberGetCall, memberListCall, memberResendInvitationCall, type MemberDetail, type MemberRow } from '../../../shared/api/calls/members';
import { transact } from '../../../lambdas/platform/db';
import { findIdentity } from '../../../lambdas/platform/identity';
import { getTeamUser, putTeamUserOps, type TeamUser } from '../../../lambdas/core/entities/team-user';
import { call, inbox, signIn, uniqueEmail } from '../support/api';
import { newAdmin, newOperator, newPerson, type Person } from './fixtures';

let alpha: Person;
let beta: Person;
beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha States'), newOperator('Beta States')]);
});

/** A member as a member import writes it: no login yet, a provisional id (activate-member.ts moves it). */
async function invitedMember(teamId: string, fields: Partial<TeamUser> = {}): Promise<TeamUser> {
  const user: TeamUser = {
    teamId,
    userId: ulid(),
    email: uniqueEmail('invited'),
    name: 'Invited Member',
    role: 'member',
    categories: [],
    disabled: false,
    createdAt: new Date().toISOString(),
    emailVerified: true,
    loginPending: true,
    roleTab: 'member',
    groupIds: [],
    ...fields,
  };
  await transact(putTeamUserOps(user));
  return user;
}

const linkIn = (text: string) => {
  const m = /\/change_password\?token=([A-Za-z0-9_-]{43})&tid=([0-9A-Za-z_-]+)/.exec(text);
  if (!m) throw new Error(`no link in ${text}`);
  return { token: m[1]!, tid: m[2]! };
};

const resend = (who: Person, userId: unknown) => call(memberResendInvitationCall, { ...who.ctx, userId }, who.token);

describe('member states in the admin list and detail', () => {
  it('shows invited, waiting for approval, enabled, disabled and expired from the server', async () => {
    const invited = await invitedMember(alpha.teamId, { name: 'State Invited' });
    const pending = await newPerson(alpha.teamId, { name: 'State Pending', approval: 'pending' });
    const enabled = await newPerson(alpha.teamId, { name: 'State Enabled' });
    const disabled = await newPerson(alpha.teamId, { name: 'State Disabled', disabled: true });
    const expired = await newPerson(alpha.teamId, { name: 'State Expired', expiresAt: '2020-01-01T00:00:00.000Z' });
    const res = await call(memberListCall, { ...alpha.ctx, limit: 50 }, alpha.token);
    expect(res.status).toBe(200);
    const rows = (res.body as { items: MemberRow[] }).items;
    const of = (userId: string) => rows.find((r) => r.userId === userId);
    expect(of(invited.userId)).toMatchObject({ state: 'invited', expired: false });
    expect(of(pending.userId)).toMatchObject({ state: 'waitingApproval', expired: false });
    expect(of(enabled.userId)).toMatchObject({ state: 'enabled', expired: false });
    expect(of(disabled.userId)).toMatchObject({ state: 'disabled' });
    expect(of(expired.userId)).toMatchObject({ state: 'enabled', expired: true });

    const detail = await call(memberGetCall, { ...alpha.ctx, userId: invited.userId }, alpha.token);
    expect(detail.status).toBe(200);
    expect((detail.body as { member: MemberDetail }).member).toMatchObject({ state: 'invited', expired: false });
  });
});

describe('/member/resend_invitation', () => {
  it('mails an invited member a fresh link that sets the password and makes them enabled', async () => {
    const member = await invitedMember(alpha.teamId);
    const res = await resend(alpha, member.userId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as { member: MemberRow }).member).toMatchObject({ userId: member.userId, state: 'invited' });

    const mails = await inbox(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Alpha States');
    const { token, tid } = linkIn(mails[0]!.body.text ?? '');
    expect(tid).toBe(alpha.teamId);
    const reset = await call(resetPasswordCall, { token, password: 'resend-pass1', passwordConfirmation: 'resend-pass1' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const sub = await findIdentity(member.email);
    expect(sub).toBeDefined();
    await signIn(member.email, 'resend-pass1');
    const detail = await call(memberGetCall, { ...alpha.ctx, userId: sub }, alpha.token);
    expect((detail.body as { member: MemberDetail }).member).toMatchObject({ state: 'enabled', email: member.email });
    // Activated: the provisional record is gone, so a resend now finds no one.
    expect(await getTeamUser(alpha.teamId, member.userId, true)).toBeUndefined();
    expect((await resend(alpha, sub)).body).toMatchObject({ error: { code: 'member/not_invited' } });
  });

  it('sends one mail for two quick clicks: the second within a minute answers 429', async () => {
    const member = await invitedMember(alpha.teamId);
    expect((await resend(alpha, member.userId)).status).toBe(200);
    const again = await resend(alpha, member.userId);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ error: { code: 'common/too_many_requests' } });
    expect(await inbox(member.email)).toHaveLength(1);
  });

  it('a member imported to confirm their address gets the confirmation mail again', async () => {
    const member = await invitedMember(alpha.teamId, { emailVerified: false });
    expect((await resend(alpha, member.userId)).status).toBe(200);
    const [mail] = await inbox(member.email);
    // The team's language is Japanese (operatorInput): the e-mail confirmation text, as the import sent it.
    expect(mail!.subject).toContain('メールアドレス');
    expect(mail!.body.text).toMatch(/\/change_password\?token=/);
  });

  it('refuses members who are not invited with 409 member/not_invited, and sends nothing', async () => {
    const enabled = await newPerson(alpha.teamId);
    const pending = await newPerson(alpha.teamId, { approval: 'pending' });
    const disabledInvite = await invitedMember(alpha.teamId, { disabled: true });
    for (const userId of [enabled.userId, pending.userId, disabledInvite.userId]) {
      const res = await resend(alpha, userId);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: { code: 'member/not_invited' } });
    }
    expect(await inbox(enabled.email)).toHaveLength(0);
    expect(await inbox(disabledInvite.email)).toHaveLength(0);
  });

  it('400 with the field for a missing or malformed id', async () => {
    const missing = await call(memberResendInvitationCall, { ...alpha.ctx }, alpha.token);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: { fields: { userId: 'validation/required' } } });
    const bad = await resend(alpha, 'not an id!');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { fields: { userId: 'validation/invalid_value' } } });
  });

  it('403 for an administrator without the user category and for a member', async () => {
    const member = await invitedMember(alpha.teamId);
    const designer = await newAdmin(alpha.teamId, ['designer']);
    const plain = await newPerson(alpha.teamId);
    expect((await resend(designer, member.userId)).status).toBe(403);
    expect((await resend(plain, member.userId)).status).toBe(403);
    const userManager = await newAdmin(alpha.teamId, ['userManager']);
    expect((await resend(userManager, member.userId)).status).toBe(200);
    expect(await inbox(member.email)).toHaveLength(1);
  });

  it("404 for another team's member, revealing nothing and sending nothing", async () => {
    const theirs = await invitedMember(beta.teamId);
    const res = await resend(alpha, theirs.userId);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 'common/no_user' } });
    expect(await inbox(theirs.email)).toHaveLength(0);
    expect(await getTeamUser(beta.teamId, theirs.userId, true)).not.toHaveProperty('invitationSentAt');
  });
});
