import '../support/platform-env';
import { describe, expect, it } from 'vitest';
import { adminLoginCall, type AdminTeam } from '../../../shared/api/calls/auth';
import { getSecuritySettingsCall, updateSecuritySettingsCall } from '../../../shared/api/calls/settings';
import { call, signIn } from '../support/api';
import { enrolTotp, newOperator, removeTotp, signInWithTotp, teamCall, totpCode } from './support';

const OPERATOR_PASSWORD = 'secret-pass1';

async function adminTeams(token: string): Promise<AdminTeam[]> {
  const res = await call(adminLoginCall, {}, token);
  expect(res.status).toBe(200);
  return (res.body as { teams: AdminTeam[] }).teams;
}

describe('administrators can be required to use TOTP (a team security setting)', () => {
  it('refuses admin calls until the administrator has enrolled and logged in with a code; other teams are unaffected', async () => {
    const team = await newOperator('Admin TOTP Site');
    const other = await newOperator('Admin TOTP Other Site');
    const who = { teamId: team.teamId, userId: team.userId, token: team.token };

    const current = await teamCall(getSecuritySettingsCall, {}, who);
    expect(current.status).toBe(200);
    expect((current.body as { adminTwoFactorRequired: boolean }).adminTwoFactorRequired).toBe(false);
    const { yourIp: _ip, ...settings } = current.body as Record<string, unknown>;
    const saved = await teamCall(updateSecuritySettingsCall, { ...settings, adminTwoFactorRequired: true }, who);
    expect(saved.status).toBe(200);
    expect((saved.body as { adminTwoFactorRequired: boolean }).adminTwoFactorRequired).toBe(true);

    // The admin login names the team as needing set-up, and every admin call of the team is refused meanwhile.
    const plainToken = await signIn(team.email, OPERATOR_PASSWORD);
    expect(await adminTeams(plainToken)).toEqual([{ teamId: team.teamId, siteName: 'Admin TOTP Site', twoFactorNotConfigured: true }]);
    const refused = await teamCall(getSecuritySettingsCall, {}, { ...who, token: plainToken });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('auth/two_factor_not_configured');
    // An older token of the same person is refused too: the rule is the team's, not the token's.
    expect((await teamCall(getSecuritySettingsCall, {}, who)).status).toBe(403);

    // Another team's administrator is not asked for anything.
    expect(await adminTeams(other.token)).toEqual([{ teamId: other.teamId, siteName: 'Admin TOTP Other Site' }]);
    expect((await teamCall(getSecuritySettingsCall, {}, { teamId: other.teamId, userId: other.userId, token: other.token })).status).toBe(200);

    // Enrol (as the member path does), sign in with the code: the admin login records it and calls pass.
    const secret = await enrolTotp(plainToken);
    const { token, challenged } = await signInWithTotp(team.email, OPERATOR_PASSWORD, () => totpCode(secret));
    expect(challenged).toBe(true);
    expect(await adminTeams(token)).toEqual([{ teamId: team.teamId, siteName: 'Admin TOTP Site' }]);
    expect((await teamCall(getSecuritySettingsCall, {}, { ...who, token })).status).toBe(200);

    // Without TOTP again, the next admin login asks for set-up again.
    await removeTotp(token);
    const again = await signInWithTotp(team.email, OPERATOR_PASSWORD, () => totpCode(secret));
    expect(again.challenged).toBe(false);
    expect((await adminTeams(again.token))[0]?.twoFactorNotConfigured).toBe(true);
    expect((await teamCall(getSecuritySettingsCall, {}, { ...who, token: again.token })).status).toBe(403);
  });
});
