import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { getSecuritySettingsCall, updateSecuritySettingsCall } from '../../../shared/api/calls/settings';
import { transact } from '../../../lambdas/platform/db';
import { createIdentity } from '../../../lambdas/platform/identity';
import { getSiteSettings } from '../../../lambdas/core/entities/site-settings';
import { putTeamUserOps } from '../../../lambdas/core/entities/team-user';
import { signIn, uniqueEmail } from '../support/api';
import { MEMBER_PASSWORD, newMember, newOperator, teamCall, type Operator } from '../auth/support';

const valid = {
  emailValidityCheck: true,
  twoFactorRequired: true,
  complexPassword: true,
  adminIpAllowList: ['127.0.0.0/8', '::1/128'],
  memberIpAllowList: ['203.0.113.0/24'],
  singleLogin: true,
};

let alpha: Operator;
let beta: Operator;
const as = (op: Operator) => ({ teamId: op.teamId, userId: op.userId, token: op.token });
beforeAll(async () => {
  alpha = await newOperator('Alpha Settings');
  beta = await newOperator('Beta Settings');
});

/** A normal administrator holding only `categories`. */
async function normalAdmin(teamId: string, categories: ('siteManager' | 'analyst')[]) {
  const email = uniqueEmail('admin');
  const userId = await createIdentity(email, MEMBER_PASSWORD, 'Admin');
  await transact(
    putTeamUserOps({ teamId, userId, email, name: 'Admin', role: 'admin', adminLevel: 'normal', categories, disabled: false, createdAt: new Date().toISOString() }),
  );
  return { teamId, userId, token: await signIn(email, MEMBER_PASSWORD) };
}

describe('POST /api/settings/get_security', () => {
  it('answers the defaults and the caller address', async () => {
    const res = await teamCall(getSecuritySettingsCall, {}, as(beta));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ emailValidityCheck: false, twoFactorRequired: false, complexPassword: false, adminIpAllowList: [], memberIpAllowList: [], singleLogin: false });
    expect(['127.0.0.1', '::1']).toContain((res.body as { yourIp: string }).yourIp);
  });

  it('answers 403 to a member and to an administrator without the site manager category', async () => {
    const m = await newMember(alpha.teamId);
    const member = { teamId: alpha.teamId, userId: m.userId, token: await signIn(m.email, MEMBER_PASSWORD) };
    expect((await teamCall(getSecuritySettingsCall, {}, member)).status).toBe(403);
    expect((await teamCall(getSecuritySettingsCall, {}, await normalAdmin(alpha.teamId, ['analyst']))).status).toBe(403);
    expect((await teamCall(getSecuritySettingsCall, {}, await normalAdmin(alpha.teamId, ['siteManager']))).status).toBe(200);
  });
});

describe('POST /api/settings/update_security', () => {
  it('saves the settings and answers them', async () => {
    const res = await teamCall(updateSecuritySettingsCall, valid, as(alpha));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(valid);
    expect(await getSiteSettings(alpha.teamId)).toMatchObject(valid);
    const read = await teamCall(getSecuritySettingsCall, {}, as(alpha));
    expect(read.body).toMatchObject(valid);
  });

  it('answers 400 naming the field: a bad range, two-factor without the e-mail check', async () => {
    const badRange = await teamCall(updateSecuritySettingsCall, { ...valid, memberIpAllowList: ['10.0.0.0/40'] }, as(beta));
    expect(badRange.status).toBe(400);
    expect(badRange.body.error?.fields).toEqual({ 'memberIpAllowList.0': 'validation/invalid_ip_range' });
    const twoFactor = await teamCall(updateSecuritySettingsCall, { ...valid, emailValidityCheck: false }, as(beta));
    expect(twoFactor.status).toBe(400);
    expect(twoFactor.body.error?.fields).toEqual({ twoFactorRequired: 'validation/two_factor_needs_email_check' });
    const missing = await teamCall(updateSecuritySettingsCall, { ...valid, singleLogin: undefined }, as(beta));
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toEqual({ singleLogin: 'validation/invalid_value' });
    expect((await getSiteSettings(beta.teamId)).complexPassword).toBe(false);
  });

  it('refuses a list that locks out the caller unless confirmed (409 naming the field)', async () => {
    const lockout = { ...valid, adminIpAllowList: ['192.0.2.0/24'] };
    const res = await teamCall(updateSecuritySettingsCall, lockout, as(beta));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'settings/ip_lockout', fields: { adminIpAllowList: 'settings/ip_lockout' } });
    expect((await getSiteSettings(beta.teamId)).adminIpAllowList).toEqual([]);

    const confirmed = await teamCall(updateSecuritySettingsCall, { ...lockout, confirmLockout: true }, as(beta));
    expect(confirmed.status).toBe(200);
    // Locked out indeed: the next admin call from this address is refused.
    const next = await teamCall(getSecuritySettingsCall, {}, as(beta));
    expect(next.status).toBe(403);
    expect(next.body.error?.code).toBe('auth/ip_not_allowed');
  });

  it("answers 403 for a member, a non-site-manager and another team's id, changing nothing", async () => {
    const before = await getSiteSettings(alpha.teamId);
    const m = await newMember(alpha.teamId);
    const member = { teamId: alpha.teamId, userId: m.userId, token: await signIn(m.email, MEMBER_PASSWORD) };
    expect((await teamCall(updateSecuritySettingsCall, { ...valid, singleLogin: false }, member)).status).toBe(403);
    expect((await teamCall(updateSecuritySettingsCall, { ...valid, singleLogin: false }, await normalAdmin(alpha.teamId, ['analyst']))).status).toBe(403);
    const other = await newOperator('Gamma Settings');
    const cross = await teamCall(updateSecuritySettingsCall, { ...valid, singleLogin: false }, { teamId: alpha.teamId, userId: other.userId, token: other.token });
    expect(cross.status).toBe(403);
    expect(await getSiteSettings(alpha.teamId)).toEqual(before);
  });
});
