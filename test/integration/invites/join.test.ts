import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  getInviteCall,
  getPublicInviteCall,
  joinCall,
  type Invite,
  type JoinResult,
  type PublicInvite,
} from '../../../shared/api/calls/invites';
import { createCustomFieldCall, listCustomFieldsCall, type CustomField } from '../../../shared/api/calls/custom-fields';
import { getGroup, putGroupOps } from '../../../lambdas/core/entities/group';
import { transact } from '../../../lambdas/platform/db';
import { createIdentity } from '../../../lambdas/platform/identity';
import { getSiteSettings, putSiteSettings } from '../../../lambdas/core/entities/site-settings';
import { getTeamUser, listMemberships } from '../../../lambdas/core/entities/team-user';
import { call, inbox, signIn } from '../support/api';
import { as, createInvite, inFuture, joinInput, newOperator, type Actor } from './helpers';

let alpha: Actor;
let beta: Actor;

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha Join'), newOperator('Beta Join')]);
});

const getInvite = async (admin: Actor, inviteId: string) =>
  (await call(getInviteCall, as(admin, { inviteId }), admin.token)).body as Invite;

describe('POST /api/invite/get_public', () => {
  it('answers what the join page shows, including the asked custom fields', async () => {
    const field = await call(createCustomFieldCall, as(alpha, { name: 'Plan', type: 'radio', required: true, options: ['A', 'B'] }), alpha.token);
    const { fieldId } = field.body as { fieldId: string };
    const inviteId = await createInvite(alpha, { title: 'Open', phoneField: 'required', customFieldIds: [fieldId], comment: 'Hello', approvalRequired: true });
    const res = await call(getPublicInviteCall, { inviteId, kind: 'user' });
    expect(res.status).toBe(200);
    expect(res.body as PublicInvite).toEqual({
      inviteId,
      kind: 'user',
      teamId: alpha.teamId,
      siteName: 'Alpha Join',
      title: 'Open',
      comment: 'Hello',
      nameField: 'required',
      phoneField: 'required',
      customFields: [{ fieldId, name: 'Plan', type: 'radio', required: true, options: ['A', 'B'] }],
      prefillFromQuery: false,
      approvalRequired: true,
      complexPassword: false,
    });
  });

  it('answers invite/not_found for an unknown code and for a code opened as the other kind', async () => {
    const unknown = await call(getPublicInviteCall, { inviteId: '01NOSUCHINVITE000000000000', kind: 'user' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('invite/not_found');
    const inviteId = await createInvite(alpha);
    const asAdmin = await call(getPublicInviteCall, { inviteId, kind: 'admin' });
    expect(asAdmin.body.error?.code).toBe('invite/not_found');
  });

  it('answers 400 naming the field for a malformed code', async () => {
    const res = await call(getPublicInviteCall, { inviteId: 'a/b', kind: 'user' });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ inviteId: 'validation/invalid_value' });
  });
});

describe('POST /api/invite/join', () => {
  it('registers a member who can then sign in; the count goes up and nothing is pending', async () => {
    const inviteId = await createInvite(alpha, { maxRegistrations: 5, validDays: 30 });
    const input = joinInput(inviteId);
    const res = await call(joinCall, input);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body as JoinResult;
    expect(result).toMatchObject({ teamId: alpha.teamId, role: 'member', emailVerified: true, existingAccount: false });
    expect(result.approval).toBeUndefined();
    const user = await getTeamUser(alpha.teamId, result.userId);
    expect(user).toMatchObject({ role: 'member', email: input.email, name: 'Taro Suzuki', inviteId, emailVerified: true });
    // Valid 30 days from joining.
    expect(Date.parse(user!.expiresAt!) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    await expect(signIn(input.email, input.password)).resolves.toBeTypeOf('string');
    expect(await getInvite(alpha, inviteId)).toMatchObject({ registeredCount: 1, pendingCount: 0 });
  });

  it('joins the invitation\'s groups (member counts go up with it) and keeps custom-field answers with their counts', async () => {
    const groupId = '01GROUPJOIN000000000000000';
    await transact(putGroupOps({ teamId: alpha.teamId, groupId, name: 'Joiners', memberCount: 0, createdAt: new Date().toISOString() }));
    const created = await call(createCustomFieldCall, as(alpha, { name: 'Interests', type: 'checkbox', options: ['Video', 'Live'] }), alpha.token);
    const { fieldId } = created.body as { fieldId: string };
    const inviteId = await createInvite(alpha, { groupIds: [groupId], customFieldIds: [fieldId], phoneField: 'optional' });
    const res = await call(joinCall, joinInput(inviteId, { phone: '090-1234-5678', customFields: { [fieldId]: ['Live'] } }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const user = await getTeamUser(alpha.teamId, (res.body as JoinResult).userId);
    expect(user).toMatchObject({ groupIds: [groupId], phone: '090-1234-5678', customFields: { [fieldId]: ['Live'] } });
    expect((await getGroup(alpha.teamId, groupId, true))?.memberCount).toBe(1);
    const fields = (await call(listCustomFieldsCall, as(alpha), alpha.token)).body as { items: CustomField[] };
    expect(fields.items.find((f) => f.fieldId === fieldId)?.answerCount).toBe(1);
  });

  it('answers 400 naming each field the invitation requires, and a bad custom answer', async () => {
    const created = await call(createCustomFieldCall, as(alpha, { name: 'Size', type: 'select', required: true, options: ['S', 'M'] }), alpha.token);
    const { fieldId } = created.body as { fieldId: string };
    const inviteId = await createInvite(alpha, { phoneField: 'required', customFieldIds: [fieldId] });
    const res = await call(joinCall, joinInput(inviteId, { name: '', customFields: { [fieldId]: 'XL' } }));
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({
      name: 'validation/required',
      phone: 'validation/required',
      [`customFields.${fieldId}`]: 'validation/invalid_value',
    });
    expect(await getInvite(alpha, inviteId)).toMatchObject({ registeredCount: 0 });
  });

  it('answers 400 for bad input: e-mail, short password, mismatch', async () => {
    const inviteId = await createInvite(alpha);
    const res = await call(joinCall, joinInput(inviteId, { email: 'nope', password: 'abc', passwordConfirmation: 'abd' }));
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toMatchObject({ email: 'validation/invalid_email', password: 'validation/password_too_short' });
  });

  it("applies the team's complex-password setting to new accounts", async () => {
    const team = await newOperator('Strict');
    await putSiteSettings({ ...(await getSiteSettings(team.teamId)), complexPassword: true });
    const inviteId = await createInvite(team);
    const weak = await call(joinCall, joinInput(inviteId, { password: 'simple-pass', passwordConfirmation: 'simple-pass' }));
    expect(weak.status).toBe(400);
    expect(weak.body.error?.fields).toEqual({ password: 'validation/password_too_weak' });
    const strong = await call(joinCall, joinInput(inviteId, { password: 'Strong-Pass1', passwordConfirmation: 'Strong-Pass1' }));
    expect(strong.status).toBe(200);
  });

  it("lets a member of another team join with their password, and refuses a wrong one", async () => {
    const elsewhere = joinInput(await createInvite(beta));
    const first = await call(joinCall, elsewhere);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const memberId = (first.body as { userId: string }).userId;
    const inviteId = await createInvite(alpha);
    const wrong = await call(joinCall, joinInput(inviteId, { email: elsewhere.email, password: 'not-their-pass', passwordConfirmation: 'not-their-pass' }));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error?.code).toBe('auth/wrong_password');
    expect(await getTeamUser(alpha.teamId, memberId)).toBeUndefined();

    const right = await call(joinCall, joinInput(inviteId, { email: elsewhere.email, password: elsewhere.password, passwordConfirmation: elsewhere.password }));
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body).toMatchObject({ userId: memberId, existingAccount: true });
    const teams = (await listMemberships(memberId)).map((m) => `${m.teamId}:${m.role}`).sort();
    expect(teams).toEqual([`${alpha.teamId}:member`, `${beta.teamId}:member`].sort());
  });

  it("refuses an administrator of another team joining as a member (SPEC §8 auth/admin_of_another_team), counting nothing", async () => {
    const inviteId = await createInvite(alpha);
    const res = await call(joinCall, joinInput(inviteId, { email: beta.email, password: beta.password, passwordConfirmation: beta.password }));
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('auth/admin_of_another_team');
    expect(await getTeamUser(alpha.teamId, beta.userId)).toBeUndefined();
    expect(await getInvite(alpha, inviteId)).toMatchObject({ registeredCount: 0 });
    // The password is checked first: a wrong one says only that.
    const wrong = await call(joinCall, joinInput(inviteId, { email: beta.email, password: 'not-their-pass', passwordConfirmation: 'not-their-pass' }));
    expect(wrong.body.error?.code).toBe('auth/wrong_password');
  });

  it('takes over the identity an interrupted join left in no team, with the new password', async () => {
    // A join stopped between creating the identity and the table transaction (test/integration/durability).
    const input = joinInput(await createInvite(alpha), { password: 'second-try-pass1', passwordConfirmation: 'second-try-pass1' });
    const orphan = await createIdentity(input.email, 'first-try-pass1', 'Interrupted');
    const res = await call(joinCall, input);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ userId: orphan, existingAccount: false });
    expect(await getTeamUser(alpha.teamId, orphan)).toMatchObject({ email: input.email, role: 'member' });
    expect(await signIn(input.email, 'second-try-pass1')).toBeTruthy();
    await expect(signIn(input.email, 'first-try-pass1')).rejects.toThrow();
  });

  it('refuses someone already in this team with auth/already_in_team, counting nothing', async () => {
    const inviteId = await createInvite(alpha);
    const res = await call(joinCall, joinInput(inviteId, { email: alpha.email, password: alpha.password, passwordConfirmation: alpha.password }));
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('auth/already_in_team');
    expect(await getInvite(alpha, inviteId)).toMatchObject({ registeredCount: 0 });
  });

  it('answers invite/limit_reached once the limit is used up', async () => {
    const inviteId = await createInvite(alpha, { maxRegistrations: 1 });
    expect((await call(joinCall, joinInput(inviteId))).status).toBe(200);
    const full = await call(joinCall, joinInput(inviteId));
    expect(full.status).toBe(409);
    expect(full.body.error?.code).toBe('invite/limit_reached');
    expect((await call(getPublicInviteCall, { inviteId, kind: 'user' })).body.error?.code).toBe('invite/limit_reached');
  });

  it('answers invite/expired once the deadline has passed', async () => {
    const inviteId = await createInvite(alpha, { deadline: inFuture(1500) });
    await new Promise((r) => setTimeout(r, 1800));
    const late = await call(joinCall, joinInput(inviteId));
    expect(late.status).toBe(410);
    expect(late.body.error?.code).toBe('invite/expired');
    expect((await call(getPublicInviteCall, { inviteId, kind: 'user' })).body.error?.code).toBe('invite/expired');
    expect(await getInvite(alpha, inviteId)).toMatchObject({ registeredCount: 0 });
  });

  it('lets exactly one of two people racing for the last place in', async () => {
    for (let round = 0; round < 3; round++) {
      const inviteId = await createInvite(alpha, { maxRegistrations: 2 });
      expect((await call(joinCall, joinInput(inviteId))).status).toBe(200);
      const [a, b] = await Promise.all([call(joinCall, joinInput(inviteId)), call(joinCall, joinInput(inviteId))]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect([a, b].find((r) => r.status === 409)!.body.error?.code).toBe('invite/limit_reached');
      expect(await getInvite(alpha, inviteId)).toMatchObject({ registeredCount: 2 });
    }
  });

  it('creates an administrator with the categories of an admin invitation', async () => {
    const inviteId = await createInvite(alpha, { kind: 'admin', categories: ['contentsManager', 'analyst'], approvalRequired: true });
    const res = await call(joinCall, joinInput(inviteId, { kind: 'admin' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body as JoinResult;
    expect(result).toMatchObject({ role: 'admin', emailVerified: true });
    // Approval is a member rule: an administrator is never left pending.
    expect(result.approval).toBeUndefined();
    expect(await getTeamUser(alpha.teamId, result.userId)).toMatchObject({
      role: 'admin',
      adminLevel: 'normal',
      categories: ['contentsManager', 'analyst'],
    });
  });

  it('starts the member unverified and mails the link when the team checks e-mail addresses', async () => {
    const team = await newOperator('Checked');
    await putSiteSettings({ ...(await getSiteSettings(team.teamId)), emailValidityCheck: true });
    const inviteId = await createInvite(team);
    const input = joinInput(inviteId);
    const res = await call(joinCall, input);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ emailVerified: false });
    expect(await getTeamUser(team.teamId, (res.body as JoinResult).userId)).toMatchObject({ emailVerified: false });
    await expect.poll(async () => (await inbox(input.email)).length).toBe(1);
    expect((await inbox(input.email))[0]!.body.text).toContain('/verify_email/');
  });
});
