import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestPasswordResetCall, resetPasswordCall, setRequiredPasswordCall } from '../../../shared/api/calls/auth';
import { createToken } from '../../../lambdas/core/access/one-time-token';
import { PASSWORD_RESET_REQUESTS_PER_HOUR } from '../../../lambdas/auth/password-reset';
import { getTeamUser } from '../../../lambdas/core/entities/team-user';
import { call, inbox, signIn, uniqueEmail } from '../support/api';
import { MEMBER_PASSWORD, memberLogin, newMember, newOperator, setSettings, type Operator } from './support';

const resetLinkIn = async (email: string) => {
  const text = (await inbox(email)).at(-1)?.body.text ?? '';
  const match = /\/change_password\?token=([A-Za-z0-9_-]{43})(&tid=([0-9A-Za-z]+))?/.exec(text);
  if (!match) throw new Error(`No reset link in: ${text}`);
  return { token: match[1], tid: match[3] };
};

let team: Operator;
beforeAll(async () => {
  team = await newOperator('Reset Site');
});

describe('POST /api/auth/request_password_reset + /api/auth/reset_password', () => {
  it('mails a link that sets the new password once', async () => {
    const m = await newMember(team.teamId);
    const res = await call(requestPasswordResetCall, { email: m.email, teamId: team.teamId, language: 'en' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accepted: true });
    const { token, tid } = await resetLinkIn(m.email);
    expect(tid).toBe(team.teamId);

    const reset = await call(resetPasswordCall, { token, password: 'new-pass-42', passwordConfirmation: 'new-pass-42' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ teamId: team.teamId });
    await expect(signIn(m.email, MEMBER_PASSWORD)).rejects.toThrow();
    expect(await signIn(m.email, 'new-pass-42')).toBeTruthy();

    const again = await call(resetPasswordCall, { token, password: 'other-pass-1', passwordConfirmation: 'other-pass-1' });
    expect(again.status).toBe(400);
    expect(again.body.error?.code).toBe('auth/link_invalid');
    expect(await signIn(m.email, 'new-pass-42')).toBeTruthy();
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await call(requestPasswordResetCall, { email, teamId: team.teamId, language: 'ja' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accepted: true });
    expect(await inbox(email)).toHaveLength(0);
  });

  it("mails nothing for an account of another team (the team's id is checked)", async () => {
    const other = await newOperator('Other Reset Site');
    const m = await newMember(other.teamId);
    const res = await call(requestPasswordResetCall, { email: m.email, teamId: team.teamId, language: 'en' });
    expect(res.status).toBe(200);
    expect(await inbox(m.email)).toHaveLength(0);
  });

  it('refuses a link older than one hour and keeps the password', async () => {
    const m = await newMember(team.teamId);
    const token = await createToken('resetPassword', { teamId: team.teamId, userId: m.userId }, 3600, new Date(Date.now() - 3601 * 1000));
    const res = await call(resetPasswordCall, { token, password: 'new-pass-42', passwordConfirmation: 'new-pass-42' });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('auth/link_expired');
    expect(await signIn(m.email, MEMBER_PASSWORD)).toBeTruthy();
  });

  it('applies the complex-password setting and leaves the link usable after a refused password', async () => {
    const strict = await newOperator('Strict Site');
    await setSettings(strict.teamId, { complexPassword: true });
    const m = await newMember(strict.teamId);
    await call(requestPasswordResetCall, { email: m.email, teamId: strict.teamId, language: 'en' });
    const { token } = await resetLinkIn(m.email);
    const weak = await call(resetPasswordCall, { token, password: 'alllower1', passwordConfirmation: 'alllower1' });
    expect(weak.status).toBe(400);
    expect(weak.body.error?.fields).toEqual({ password: 'validation/password_too_weak' });
    const ok = await call(resetPasswordCall, { token, password: 'Strong-Pass1', passwordConfirmation: 'Strong-Pass1' });
    expect(ok.status).toBe(200);
  });

  it('answers 400 naming the field for bad input', async () => {
    const bad = await call(requestPasswordResetCall, { email: 'not-an-email', language: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ email: 'validation/invalid_email' });
    const mismatch = await call(resetPasswordCall, { token: 'a'.repeat(43), password: 'abcdef1', passwordConfirmation: 'abcdef2' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error?.fields).toEqual({ passwordConfirmation: 'validation/password_mismatch' });
  });

  it('rate-limits requests per e-mail within the hour (429), for unknown addresses too', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < PASSWORD_RESET_REQUESTS_PER_HOUR; i++) {
      expect((await call(requestPasswordResetCall, { email, language: 'en' })).status).toBe(200);
    }
    const res = await call(requestPasswordResetCall, { email, language: 'en' });
    expect(res.status).toBe(429);
    expect(res.body.error?.code).toBe('common/too_many_requests');
    // Another address is not affected.
    expect((await call(requestPasswordResetCall, { email: uniqueEmail('calm'), language: 'en' })).status).toBe(200);
  });
});

describe('POST /api/auth/set_required_password (the change-password prompt)', () => {
  it('sets the new password and lets the member continue', async () => {
    const m = await newMember(team.teamId, { mustChangePassword: true });
    const token = await signIn(m.email, MEMBER_PASSWORD);
    expect((await memberLogin(team.teamId, token)).outcome).toBe('changePassword');
    const res = await call(setRequiredPasswordCall, { teamId: team.teamId, password: 'fresh-pass-9', passwordConfirmation: 'fresh-pass-9' }, token);
    expect(res.status).toBe(200);
    expect((await getTeamUser(team.teamId, m.userId))?.mustChangePassword).toBe(false);
    expect((await memberLogin(team.teamId, await signIn(m.email, 'fresh-pass-9'))).outcome).toBe('login');
  });

  it('refuses when no change is asked for, and for another team', async () => {
    const m = await newMember(team.teamId);
    const token = await signIn(m.email, MEMBER_PASSWORD);
    const res = await call(setRequiredPasswordCall, { teamId: team.teamId, password: 'fresh-pass-9', passwordConfirmation: 'fresh-pass-9' }, token);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('common/illegal_operation');
    const other = await newOperator('Other Prompt Site');
    const cross = await call(setRequiredPasswordCall, { teamId: other.teamId, password: 'fresh-pass-9', passwordConfirmation: 'fresh-pass-9' }, token);
    expect(cross.status).toBe(400);
    expect(await signIn(m.email, MEMBER_PASSWORD)).toBeTruthy();
  });

  it('answers 401 without a token and 400 naming a short password', async () => {
    expect((await call(setRequiredPasswordCall, { teamId: team.teamId, password: 'fresh-pass-9', passwordConfirmation: 'fresh-pass-9' })).status).toBe(401);
    const m = await newMember(team.teamId, { mustChangePassword: true });
    const res = await call(setRequiredPasswordCall, { teamId: team.teamId, password: 'abc', passwordConfirmation: 'abc' }, await signIn(m.email, MEMBER_PASSWORD));
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ password: 'validation/password_too_short' });
  });
});
