import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { resendVerificationMailCall, verifyEmailCall } from '../../../shared/api/calls/auth';
import { sendVerificationMail } from '../../../lambdas/core/access/email-verification';
import { createToken } from '../../../lambdas/core/access/one-time-token';
import { getTeamUser } from '../../../lambdas/core/entities/team-user';
import { call, inbox, signIn } from '../support/api';
import { MEMBER_PASSWORD, memberLogin, newMember, newOperator, setSettings, type Operator } from './support';

const linkIn = async (email: string) => {
  const mails = await inbox(email);
  const text = mails.at(-1)?.body.text ?? '';
  const match = /\/verify_email\/([A-Za-z0-9_-]{43})\?tid=([0-9A-Za-z]+)/.exec(text);
  if (!match) throw new Error(`No verification link in: ${text}`);
  return { token: match[1], tid: match[2], mails };
};

let team: Operator;
beforeAll(async () => {
  team = await newOperator('Verify Site');
  await setSettings(team.teamId, { emailValidityCheck: true });
});

describe('sendVerificationMail + POST /api/auth/verify_email', () => {
  it('mails a link that verifies the member once, then lets them log in', async () => {
    const m = await newMember(team.teamId, { emailVerified: false });
    await sendVerificationMail({ teamId: team.teamId, userId: m.userId, email: m.email, language: 'en', redirectPath: '/user/x/news' });
    const { token, tid, mails } = await linkIn(m.email);
    expect(tid).toBe(team.teamId);
    expect(mails.at(-1)?.subject).toContain('Verify Site');
    const loginToken = await signIn(m.email, MEMBER_PASSWORD);
    expect((await memberLogin(team.teamId, loginToken)).outcome).toBe('unverifiedEmail');

    const res = await call(verifyEmailCall, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ teamId: team.teamId, redirectPath: '/user/x/news' });
    expect((await getTeamUser(team.teamId, m.userId))?.emailVerified).toBe(true);
    expect((await memberLogin(team.teamId, loginToken)).outcome).toBe('login');

    const again = await call(verifyEmailCall, { token });
    expect(again.status).toBe(400);
    expect(again.body.error?.code).toBe('auth/link_invalid');
  });

  it('keeps only a same-site redirect path', async () => {
    const m = await newMember(team.teamId, { emailVerified: false });
    await sendVerificationMail({ teamId: team.teamId, userId: m.userId, email: m.email, language: 'ja', redirectPath: '//evil.example/x' });
    const { token, mails } = await linkIn(m.email);
    expect(mails.at(-1)?.subject).toContain('メールアドレスの確認');
    expect((await call(verifyEmailCall, { token })).body).toEqual({ teamId: team.teamId });
  });

  it('refuses a link older than 24 hours', async () => {
    const m = await newMember(team.teamId, { emailVerified: false });
    const dayAgo = new Date(Date.now() - 24 * 3600 * 1000 - 1000);
    const token = await createToken('verifyEmail', { teamId: team.teamId, userId: m.userId }, 24 * 3600, dayAgo);
    const res = await call(verifyEmailCall, { token });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('auth/link_expired');
    expect((await getTeamUser(team.teamId, m.userId))?.emailVerified).toBe(false);
  });

  it('answers 400 naming the token for a malformed one', async () => {
    const res = await call(verifyEmailCall, { token: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ token: 'auth/link_invalid' });
  });
});

describe('POST /api/auth/resend_verification_mail', () => {
  it('mails a new link to the signed-in unverified member', async () => {
    const m = await newMember(team.teamId, { emailVerified: false });
    const token = await signIn(m.email, MEMBER_PASSWORD);
    const res = await call(resendVerificationMailCall, { teamId: team.teamId, language: 'en' }, token);
    expect(res.status).toBe(200);
    const { token: link } = await linkIn(m.email);
    expect((await call(verifyEmailCall, { token: link })).status).toBe(200);
  });

  it("sends nothing for another team's id or a verified member, with the same answer", async () => {
    const other = await newOperator('Other Verify Site');
    const m = await newMember(team.teamId, { emailVerified: false });
    const token = await signIn(m.email, MEMBER_PASSWORD);
    const res = await call(resendVerificationMailCall, { teamId: other.teamId, language: 'en' }, token);
    expect(res.status).toBe(200);
    const verified = await newMember(team.teamId);
    const res2 = await call(resendVerificationMailCall, { teamId: team.teamId, language: 'en' }, await signIn(verified.email, MEMBER_PASSWORD));
    expect(res2.status).toBe(200);
    expect(await inbox(m.email)).toHaveLength(0);
    expect(await inbox(verified.email)).toHaveLength(0);
  });

  it('answers 401 without a token and 400 naming a bad language', async () => {
    expect((await call(resendVerificationMailCall, { teamId: team.teamId })).status).toBe(401);
    const m = await newMember(team.teamId, { emailVerified: false });
    const res = await call(resendVerificationMailCall, { teamId: team.teamId, language: 'fr' }, await signIn(m.email, MEMBER_PASSWORD));
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ language: 'validation/invalid_value' });
  });
});
