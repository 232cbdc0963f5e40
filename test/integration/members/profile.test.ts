import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import * as profileCalls from '../../../shared/api/calls/profile';
import type { Profile } from '../../../shared/api/calls/profile';
import { findIdentity } from '../../../lambdas/platform/identity';
import { getTeamUser } from '../../../lambdas/core/entities/team-user';
import { call, inbox, signIn, uniqueEmail } from '../support/api';
import { newAdmin, newOperator, newPerson, type Person } from './fixtures';

let owner: Person;
beforeAll(async () => {
  owner = await newOperator('Profiles');
});

const codeIn = async (to: string) => {
  const mails = await inbox(to);
  const text = mails.at(-1)?.body.text ?? '';
  return /\b(\d{6})\b/.exec(text)?.[1];
};

describe('profile', () => {
  it('reads and updates the own name and notifications', async () => {
    const member = await newPerson(owner.teamId, { name: 'Old name' });
    const got = await call(profileCalls.profileGetCall, member.ctx, member.token);
    expect(got.status).toBe(200);
    expect((got.body as { profile: Profile }).profile).toMatchObject({ name: 'Old name', email: member.email, role: 'member', complexPassword: false });
    const res = await call(profileCalls.profileUpdateCall, { ...member.ctx, name: 'New name', notifications: { registered: true } }, member.token);
    expect(res.status).toBe(200);
    expect(await getTeamUser(owner.teamId, member.userId)).toMatchObject({ name: 'New name', notifications: { registered: true } });
    const bad = await call(profileCalls.profileUpdateCall, { ...member.ctx, name: '', notifications: { nope: true } }, member.token);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error?.fields ?? {}).sort()).toEqual(['name', 'notifications']);
  });

  it('32 updates of one profile at once each succeed or answer 409, never 500, and the record ends as one of them', async () => {
    const member = await newPerson(owner.teamId, { name: 'Racer' });
    const names = Array.from({ length: 32 }, (_, i) => `Racer ${i}`);
    const answers = await Promise.all(names.map((name) => call(profileCalls.profileUpdateCall, { ...member.ctx, name, notifications: { registered: true } }, member.token)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409), JSON.stringify(statuses)).toEqual([]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error?.code).toBe('common/concurrent_update');
    const saved = await getTeamUser(owner.teamId, member.userId);
    expect(names.filter((_, i) => statuses[i] === 200)).toContain(saved?.name);
  });

  it('changes the e-mail with a code sent to the new address; sign-in and the record follow', async () => {
    const member = await newPerson(owner.teamId, {}, 'member-pass1');
    const newEmail = uniqueEmail('moved');
    const req = await call(profileCalls.emailChangeRequestCall, { ...member.ctx, email: newEmail.toUpperCase() }, member.token);
    expect(req.status).toBe(200);
    const code = await codeIn(newEmail);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await call(profileCalls.emailChangeConfirmCall, { ...member.ctx, code: code === '000000' ? '111111' : '000000' }, member.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.fields).toEqual({ code: 'two_factor/code_mismatch' });
    const ok = await call(profileCalls.emailChangeConfirmCall, { ...member.ctx, code }, member.token);
    expect(ok.status).toBe(200);
    expect((ok.body as { profile: Profile }).profile.email).toBe(newEmail);
    expect((await getTeamUser(owner.teamId, member.userId))?.email).toBe(newEmail);
    expect(await findIdentity(newEmail)).toBe(member.userId);
    await expect(signIn(newEmail, 'member-pass1')).resolves.toBeTruthy();
    // The code is used up.
    expect((await call(profileCalls.emailChangeConfirmCall, { ...member.ctx, code }, member.token)).body.error?.code).toBe('two_factor/code_expired');
  });

  it('refuses an address already registered, and a malformed one (400 naming the field)', async () => {
    const member = await newPerson(owner.teamId);
    const taken = await call(profileCalls.emailChangeRequestCall, { ...member.ctx, email: owner.email }, member.token);
    expect(taken.status).toBe(409);
    expect(taken.body.error?.fields).toEqual({ email: 'auth/email_already_registered' });
    const bad = await call(profileCalls.emailChangeRequestCall, { ...member.ctx, email: 'nope' }, member.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ email: 'validation/invalid_email' });
    const badCode = await call(profileCalls.emailChangeConfirmCall, { ...member.ctx, code: '12' }, member.token);
    expect(badCode.status).toBe(400);
    expect(badCode.body.error?.fields).toEqual({ code: 'two_factor/code_mismatch' });
  });

  it('a member deletes their account: the record and the identity go', async () => {
    const member = await newPerson(owner.teamId);
    const res = await call(profileCalls.accountDeleteCall, { ...member.ctx, from: 'member' }, member.token);
    expect(res.status).toBe(200);
    expect(await getTeamUser(owner.teamId, member.userId)).toBeUndefined();
    expect(await findIdentity(member.email)).toBeUndefined();
  });

  it('administrators cannot delete their account from the member page', async () => {
    const res = await call(profileCalls.accountDeleteCall, { ...owner.ctx, from: 'member' }, owner.token);
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('deletion/admin_from_member_page');
    expect(await getTeamUser(owner.teamId, owner.userId)).toBeDefined();
  });

  it('the last administrator, and the last site manager, cannot delete their account', async () => {
    const solo = await newOperator('Solo');
    const last = await call(profileCalls.accountDeleteCall, { ...solo.ctx, from: 'admin' }, solo.token);
    expect(last.status).toBe(409);
    expect(last.body.error?.code).toBe('deletion/last_administrator');
    await newAdmin(solo.teamId, ['designer'], 'normal', 'Designer');
    const siteManager = await call(profileCalls.accountDeleteCall, { ...solo.ctx, from: 'admin' }, solo.token);
    expect(siteManager.status).toBe(409);
    expect(siteManager.body.error?.code).toBe('administrator/site_manager_required');
    const designer = await newAdmin(solo.teamId, ['designer'], 'normal', 'Leaving');
    expect((await call(profileCalls.accountDeleteCall, { ...designer.ctx, from: 'admin' }, designer.token)).status).toBe(200);
    expect(await getTeamUser(solo.teamId, designer.userId)).toBeUndefined();
  });

  it('answers 400 for a bad origin, 401 without a token and 403 for another team', async () => {
    const member = await newPerson(owner.teamId);
    const bad = await call(profileCalls.accountDeleteCall, { ...member.ctx, from: 'elsewhere' }, member.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ from: 'validation/invalid_value' });
    expect((await call(profileCalls.profileGetCall, member.ctx)).status).toBe(401);
    const other = await newOperator('Other');
    for (const def of [profileCalls.profileGetCall, profileCalls.profileUpdateCall, profileCalls.emailChangeRequestCall, profileCalls.emailChangeConfirmCall, profileCalls.accountDeleteCall]) {
      const res = await call(def, { operatedTeamId: other.teamId, operatedUserId: member.userId, name: 'X', email: uniqueEmail(), code: '123456', from: 'member' }, member.token);
      expect(res.status, def.path).toBe(403);
    }
    expect(await getTeamUser(owner.teamId, member.userId)).toBeDefined();
  });
});
