import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { getLoginPageInfoCall, getMemberContextCall, memberLoginCall } from '../../../shared/api/calls/auth';
import { getAdminContextCall } from '../../../shared/api/calls/teams';
import { getLoginSession } from '../../../lambdas/core/access/login-session';
import { call, signIn } from '../support/api';
import { MEMBER_PASSWORD, memberLogin, newMember, newOperator, setSettings, teamCall, type Operator } from './support';

let alpha: Operator;
let beta: Operator;
beforeAll(async () => {
  alpha = await newOperator('Alpha Members');
  beta = await newOperator('Beta Members');
});

describe('POST /api/auth/login_page_info', () => {
  it("answers the team's site name and password rule, nothing more", async () => {
    const res = await call(getLoginPageInfoCall, { teamId: alpha.teamId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ teamId: alpha.teamId, siteName: 'Alpha Members', complexPassword: false });
  });

  it('answers 404 for an unknown team and 400 naming a malformed id', async () => {
    expect((await call(getLoginPageInfoCall, { teamId: '01UNKNOWNTEAM0000000000000' })).status).toBe(404);
    const bad = await call(getLoginPageInfoCall, { teamId: '../x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ teamId: 'validation/invalid_value' });
  });
});

describe('POST /api/auth/member_login: each SPEC §4 outcome', () => {
  const outcomeFor = async (fields: Parameters<typeof newMember>[1]) => {
    const m = await newMember(alpha.teamId, fields);
    return memberLogin(alpha.teamId, await signIn(m.email, MEMBER_PASSWORD));
  };

  it('logs an ordinary member in and records the login session', async () => {
    const m = await newMember(alpha.teamId);
    const answer = await memberLogin(alpha.teamId, await signIn(m.email, MEMBER_PASSWORD));
    expect(answer).toMatchObject({ outcome: 'login', userId: m.userId, siteName: 'Alpha Members' });
    const session = await getLoginSession(alpha.teamId, m.userId);
    expect(answer.outcome === 'login' && answer.loginSessionId).toBe(session?.sessionId);
  });

  it('answers every refusal and every prompt', async () => {
    expect(await outcomeFor({ disabled: true })).toEqual({ outcome: 'disabled' });
    expect(await outcomeFor({ expiresAt: '2020-01-01T00:00:00.000Z' })).toEqual({ outcome: 'expired' });
    expect(await outcomeFor({ cancelledAt: '2025-01-01T00:00:00.000Z', deletionScheduledAt: '2099-02-01T00:00:00.000Z' })).toEqual({
      outcome: 'cancelled',
      deletionScheduledAt: '2099-02-01T00:00:00.000Z',
    });
    expect(await outcomeFor({ approval: 'pending' })).toEqual({ outcome: 'unapproved' });
    expect(await outcomeFor({ mustChangePassword: true })).toEqual({ outcome: 'changePassword' });
  });

  it('answers unverified e-mail only while the team checks e-mail validity', async () => {
    const m = await newMember(beta.teamId, { emailVerified: false });
    const token = await signIn(m.email, MEMBER_PASSWORD);
    expect((await memberLogin(beta.teamId, token)).outcome).toBe('login');
    await setSettings(beta.teamId, { emailValidityCheck: true });
    expect(await memberLogin(beta.teamId, token)).toEqual({ outcome: 'unverifiedEmail' });
    await setSettings(beta.teamId, { emailValidityCheck: false });
  });

  it('answers two-factor not configured when the team requires it and the member has no TOTP', async () => {
    const m = await newMember(beta.teamId);
    const token = await signIn(m.email, MEMBER_PASSWORD);
    await setSettings(beta.teamId, { emailValidityCheck: true, twoFactorRequired: true });
    try {
      expect(await memberLogin(beta.teamId, token)).toEqual({ outcome: 'twoFactorNotConfigured' });
    } finally {
      await setSettings(beta.teamId, { emailValidityCheck: false, twoFactorRequired: false });
    }
  });

  it('sends administrators to the admin login and strangers away, revealing nothing of the team', async () => {
    expect(await memberLogin(alpha.teamId, alpha.token)).toEqual({ outcome: 'adminMustUseAdminLogin' });
    const other = await newMember(beta.teamId);
    expect(await memberLogin(alpha.teamId, await signIn(other.email, MEMBER_PASSWORD))).toEqual({ outcome: 'noAccountForTeam' });
  });

  it('answers restricted IP when the member list leaves out this address (127.0.0.1)', async () => {
    const m = await newMember(beta.teamId);
    const token = await signIn(m.email, MEMBER_PASSWORD);
    await setSettings(beta.teamId, { memberIpAllowList: ['10.0.0.0/8', 'fd00::/8'] });
    try {
      expect(await memberLogin(beta.teamId, token)).toEqual({ outcome: 'ipRestricted' });
      await setSettings(beta.teamId, { memberIpAllowList: ['127.0.0.0/8', '::1/128'] });
      expect((await memberLogin(beta.teamId, token)).outcome).toBe('login');
    } finally {
      await setSettings(beta.teamId, { memberIpAllowList: [] });
    }
  });

  it('answers 401 without a token, 404 for an unknown team and 400 naming a bad team id', async () => {
    expect((await call(memberLoginCall, { teamId: alpha.teamId })).status).toBe(401);
    const m = await newMember(alpha.teamId);
    const token = await signIn(m.email, MEMBER_PASSWORD);
    expect((await call(memberLoginCall, { teamId: '01UNKNOWNTEAM0000000000000' }, token)).status).toBe(404);
    const bad = await call(memberLoginCall, {}, token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ teamId: 'validation/required' });
  });
});

describe('the member-call gate (middleware)', () => {
  const contextAs = async (fields: Parameters<typeof newMember>[1], teamId = alpha.teamId) => {
    const m = await newMember(teamId, fields);
    const token = await signIn(m.email, MEMBER_PASSWORD);
    return teamCall(getMemberContextCall, {}, { teamId, userId: m.userId, token });
  };

  it("answers the member home's context to a member in good standing", async () => {
    const m = await newMember(alpha.teamId);
    const token = await signIn(m.email, MEMBER_PASSWORD);
    const res = await teamCall(getMemberContextCall, {}, { teamId: alpha.teamId, userId: m.userId, token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ teamId: alpha.teamId, userId: m.userId, name: 'Member Name', email: m.email, siteName: 'Alpha Members', plan: 'trial', analyzesGroups: false, managesGroups: false });
  });

  it('refuses blocked members even with a valid token', async () => {
    const refused = async (fields: Parameters<typeof newMember>[1], code: string) => {
      const res = await contextAs(fields);
      expect(res.status, code).toBe(403);
      expect(res.body.error?.code).toBe(code);
      return res;
    };
    await refused({ expiresAt: '2020-01-01T00:00:00.000Z' }, 'auth/account_expired');
    const cancelled = await refused({ cancelledAt: '2025-01-01T00:00:00.000Z', deletionScheduledAt: '2099-02-01T00:00:00.000Z' }, 'account/cancelled');
    expect(cancelled.body.error).toMatchObject({ values: { date: '2099-02-01T00:00:00.000Z' } });
    await refused({ approval: 'pending' }, 'auth/unapproved');
    await refused({ mustChangePassword: true }, 'auth/password_change_required');
    const disabled = await contextAs({ disabled: true });
    expect(disabled.status).toBe(403);
  });

  it('refuses an unverified member while the team checks e-mail validity', async () => {
    await setSettings(beta.teamId, { emailValidityCheck: true });
    try {
      const res = await contextAs({ emailVerified: false }, beta.teamId);
      expect(res.status).toBe(403);
      expect(res.body.error?.code).toBe('auth/email_unverified');
    } finally {
      await setSettings(beta.teamId, { emailValidityCheck: false });
    }
  });

  it("refuses another team's id", async () => {
    const m = await newMember(alpha.teamId);
    const token = await signIn(m.email, MEMBER_PASSWORD);
    const res = await teamCall(getMemberContextCall, {}, { teamId: beta.teamId, userId: m.userId, token });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('Beta Members');
  });

  it('refuses members and administrators outside their own allow list, separately', async () => {
    const team = await newOperator('IP Site');
    const m = await newMember(team.teamId);
    const member = { teamId: team.teamId, userId: m.userId, token: await signIn(m.email, MEMBER_PASSWORD) };
    const admin = { teamId: team.teamId, userId: team.userId, token: team.token };

    await setSettings(team.teamId, { memberIpAllowList: ['192.0.2.0/24'] });
    const memberOut = await teamCall(getMemberContextCall, {}, member);
    expect(memberOut.status).toBe(403);
    expect(memberOut.body.error?.code).toBe('auth/ip_not_allowed');
    expect((await teamCall(getAdminContextCall, {}, admin)).status).toBe(200);

    await setSettings(team.teamId, { memberIpAllowList: ['127.0.0.1', '::1'], adminIpAllowList: ['192.0.2.0/24', '2001:db8::/32'] });
    expect((await teamCall(getMemberContextCall, {}, member)).status).toBe(200);
    const adminOut = await teamCall(getAdminContextCall, {}, admin);
    expect(adminOut.status).toBe(403);
    expect(adminOut.body.error?.code).toBe('auth/ip_not_allowed');

    await setSettings(team.teamId, { adminIpAllowList: ['127.0.0.0/8', '::1/128'] });
    expect((await teamCall(getAdminContextCall, {}, admin)).status).toBe(200);
  });
});

describe('single login', () => {
  it("a second login invalidates the first session's next call", async () => {
    const team = await newOperator('Single Login Site');
    await setSettings(team.teamId, { singleLogin: true });
    const m = await newMember(team.teamId);

    const firstToken = await signIn(m.email, MEMBER_PASSWORD);
    const first = await memberLogin(team.teamId, firstToken);
    if (first.outcome !== 'login') throw new Error(first.outcome);
    const firstCaller = { teamId: team.teamId, userId: m.userId, token: firstToken, loginSessionId: first.loginSessionId };
    expect((await teamCall(getMemberContextCall, {}, firstCaller)).status).toBe(200);

    const secondToken = await signIn(m.email, MEMBER_PASSWORD);
    const second = await memberLogin(team.teamId, secondToken);
    if (second.outcome !== 'login') throw new Error(second.outcome);

    const kicked = await teamCall(getMemberContextCall, {}, firstCaller);
    expect(kicked.status).toBe(401);
    expect(kicked.body.error?.code).toBe('auth/logged_in_elsewhere');
    const current = { teamId: team.teamId, userId: m.userId, token: secondToken, loginSessionId: second.loginSessionId };
    expect((await teamCall(getMemberContextCall, {}, current)).status).toBe(200);
    // A token used without the login call's session is refused too.
    expect((await teamCall(getMemberContextCall, {}, { ...current, loginSessionId: undefined })).status).toBe(401);
  });

  it('does not apply while the setting is off', async () => {
    const m = await newMember(alpha.teamId);
    const token = await signIn(m.email, MEMBER_PASSWORD);
    await memberLogin(alpha.teamId, token);
    await memberLogin(alpha.teamId, await signIn(m.email, MEMBER_PASSWORD));
    expect((await teamCall(getMemberContextCall, {}, { teamId: alpha.teamId, userId: m.userId, token })).status).toBe(200);
  });
});
