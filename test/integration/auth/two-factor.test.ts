import '../support/platform-env';
import { describe, expect, it } from 'vitest';
import { getMemberContextCall } from '../../../shared/api/calls/auth';
import { signIn } from '../support/api';
import { enrolTotp, MEMBER_PASSWORD, memberLogin, newMember, newOperator, removeTotp, setSettings, signInWithTotp, teamCall, totpCode } from './support';

describe('two-factor (TOTP) for a team that requires it', () => {
  it('enrols, logs in with a computed code, and is asked to enrol again after removal', async () => {
    const team = await newOperator('Two Factor Site');
    await setSettings(team.teamId, { emailValidityCheck: true, twoFactorRequired: true });
    const m = await newMember(team.teamId, { emailVerified: true });

    // Signed in without TOTP: the login routes to enrolment and member calls are refused.
    const plainToken = await signIn(m.email, MEMBER_PASSWORD);
    expect(await memberLogin(team.teamId, plainToken)).toEqual({ outcome: 'twoFactorNotConfigured' });
    const refused = await teamCall(getMemberContextCall, {}, { teamId: team.teamId, userId: m.userId, token: plainToken });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('auth/two_factor_not_configured');

    const secret = await enrolTotp(plainToken);

    // The next sign-in is challenged for the code; a wrong code is refused by the identity provider.
    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    await expect(signInWithTotp(m.email, MEMBER_PASSWORD, () => wrong)).rejects.toMatchObject({ name: 'CodeMismatchException' });
    const { token, challenged } = await signInWithTotp(m.email, MEMBER_PASSWORD, () => totpCode(secret));
    expect(challenged).toBe(true);
    const login = await memberLogin(team.teamId, token);
    expect(login.outcome).toBe('login');
    const ok = await teamCall(getMemberContextCall, {}, { teamId: team.teamId, userId: m.userId, token });
    expect(ok.status).toBe(200);

    await removeTotp(token);
    const after = await signInWithTotp(m.email, MEMBER_PASSWORD, () => totpCode(secret));
    expect(after.challenged).toBe(false);
    expect(await memberLogin(team.teamId, after.token)).toEqual({ outcome: 'twoFactorNotConfigured' });
  });
});
