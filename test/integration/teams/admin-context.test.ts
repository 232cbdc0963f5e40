import './../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAdminContextCall, registerOperatorCall } from '../../../shared/api/calls/teams';
import { adminLoginCall } from '../../../shared/api/calls/auth';
import { TRIAL_DAYS } from '../../../shared/constants';
import { transact } from '../../../lambdas/platform/db';
import { createIdentity } from '../../../lambdas/platform/identity';
import { putTeamUserOps } from '../../../lambdas/core/entities/team-user';
import { call, operatorInput, post, signIn, uniqueEmail } from '../support/api';

interface Operator {
  teamId: string;
  userId: string;
  token: string;
  email: string;
}

async function newOperator(siteName: string): Promise<Operator> {
  const input = operatorInput({ siteName });
  const res = await call(registerOperatorCall, input);
  expect(res.status).toBe(200);
  const { teamId, userId } = res.body as { teamId: string; userId: string };
  return { teamId, userId, email: input.email, token: await signIn(input.email, input.password) };
}

/** A member of `teamId` (members join by invitation in a later issue; here the entity is written directly). */
async function newMember(teamId: string) {
  const email = uniqueEmail('member');
  const userId = await createIdentity(email, 'member-pass1', 'Member');
  await transact(
    putTeamUserOps({ teamId, userId, email, name: 'Member', role: 'member', categories: [], disabled: false, createdAt: new Date().toISOString() }),
  );
  return { userId, token: await signIn(email, 'member-pass1') };
}

let alpha: Operator;
let beta: Operator;
beforeAll(async () => {
  alpha = await newOperator('Alpha Site');
  beta = await newOperator('Beta Site');
});

describe('POST /api/team/get_admin_context', () => {
  it('answers the team, the administrator and the trial days remaining', async () => {
    const res = await call(getAdminContextCall, { operatedTeamId: alpha.teamId, operatedUserId: alpha.userId }, alpha.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      team: { teamId: alpha.teamId, siteName: 'Alpha Site', plan: 'trial', trialDaysRemaining: TRIAL_DAYS },
      admin: { userId: alpha.userId, email: alpha.email, level: 'super' },
    });
  });

  it('answers 401 without a token, and with a forged one', async () => {
    const body = { operatedTeamId: alpha.teamId, operatedUserId: alpha.userId };
    const none = await call(getAdminContextCall, body);
    expect(none.status).toBe(401);
    expect(none.body.error?.code).toBe('auth/not_logged_in');
    const [h, p] = alpha.token.split('.');
    const forged = await call(getAdminContextCall, body, `${h}.${p}.c2lnbmF0dXJl`);
    expect(forged.status).toBe(401);
  });

  it("answers 403 for another team's id and reveals nothing of it", async () => {
    const res = await call(getAdminContextCall, { operatedTeamId: beta.teamId, operatedUserId: alpha.userId }, alpha.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { code: 'common/no_operation_authority' } });
    expect(JSON.stringify(res.body)).not.toContain('Beta Site');
  });

  it('answers 403 when operatedUserId is not the caller', async () => {
    const res = await call(getAdminContextCall, { operatedTeamId: beta.teamId, operatedUserId: beta.userId }, alpha.token);
    expect(res.status).toBe(403);
  });

  it('answers 403 to a member of the team (administrators only)', async () => {
    const member = await newMember(alpha.teamId);
    const res = await call(getAdminContextCall, { operatedTeamId: alpha.teamId, operatedUserId: member.userId }, member.token);
    expect(res.status).toBe(403);
  });

  it('answers 400 naming the field when the team context is missing or malformed', async () => {
    const res = await call(getAdminContextCall, { operatedUserId: alpha.userId }, alpha.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ operatedTeamId: 'validation/required' });
    const bad = await call(getAdminContextCall, { operatedTeamId: '../x', operatedUserId: alpha.userId }, alpha.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ operatedTeamId: 'validation/invalid_value' });
  });
});

describe('POST /api/auth/admin_login', () => {
  it("answers the administrator's teams", async () => {
    const res = await call(adminLoginCall, {}, alpha.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId: alpha.userId, teams: [{ teamId: alpha.teamId, siteName: 'Alpha Site' }] });
  });

  it('refuses a member-only account with auth/no_admin_account', async () => {
    const member = await newMember(beta.teamId);
    const res = await call(adminLoginCall, {}, member.token);
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('auth/no_admin_account');
  });

  it('answers 401 without a token', async () => {
    const res = await post(adminLoginCall.path, {});
    expect(res.status).toBe(401);
  });

  it('ignores operatedTeamId in the body: it answers only the caller\'s own teams', async () => {
    const res = await call(adminLoginCall, { operatedTeamId: beta.teamId, operatedUserId: beta.userId }, alpha.token);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(beta.teamId);
  });
});
