import './../support/platform-env';
import { describe, expect, inject, it } from 'vitest';
import { registerOperatorCall, registerOperatorInput } from '../../../shared/api/calls/teams';
import { TRIAL_DAYS, TRIAL_UPLOAD_BYTES } from '../../../shared/constants';
import { createIdentity, findIdentity } from '../../../lambdas/platform/identity';
import { registerOperator } from '../../../lambdas/teams/register-operator';
import { getTeam } from '../../../lambdas/core/entities/team';
import { getTeamUser, listMemberships } from '../../../lambdas/core/entities/team-user';
import { call, inbox, operatorInput, post, signIn } from '../support/api';

describe('POST /api/team/register', () => {
  it('creates the Cognito user, the trial team and its super administrator', async () => {
    const input = operatorInput({ language: 'en' });
    const res = await call(registerOperatorCall, input);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const { teamId, userId } = res.body as { teamId: string; userId: string };

    const team = await getTeam(teamId);
    expect(team).toMatchObject({ siteName: 'Yamada Academy', companyName: 'Yamada Media', plan: 'trial', language: 'en' });
    expect(team!.uploadQuotaBytes).toBe(TRIAL_UPLOAD_BYTES);
    const trialMs = Date.parse(team!.trialEndsAt) - Date.parse(team!.createdAt);
    expect(trialMs).toBe(TRIAL_DAYS * 86_400_000);

    const admin = await getTeamUser(teamId, userId);
    expect(admin).toMatchObject({ role: 'admin', adminLevel: 'super', email: input.email, disabled: false });
    expect(admin!.categories).toEqual(['contentsManager', 'analyst', 'userManager', 'designer', 'payingManager', 'siteManager']);
    expect(await listMemberships(userId)).toEqual([{ teamId, role: 'admin' }]);
    expect(await findIdentity(input.email)).toBe(userId);
    // The password works: the operator can sign in right away.
    await expect(signIn(input.email, input.password)).resolves.toMatch(/^ey/);
  });

  it('sends the welcome mail through SES in the chosen language', async () => {
    const en = operatorInput({ language: 'en', siteName: 'English Site' });
    const ja = operatorInput({ language: 'ja', siteName: '日本語サイト' });
    expect((await call(registerOperatorCall, en)).status).toBe(200);
    expect((await call(registerOperatorCall, ja)).status).toBe(200);
    const [enMail] = await inbox(en.email);
    expect(enMail.subject).toBe('[English Site] Thank you for registering');
    expect(enMail.body.text).toContain(`${inject('baseUrl').replace('127.0.0.1', 'localhost')}/login`);
    const [jaMail] = await inbox(ja.email);
    expect(jaMail.subject).toBe('【日本語サイト】ご登録ありがとうございます');
    expect(jaMail.body.text).toContain('14 日間');
  });

  it('answers 409 with the e-mail field when the e-mail is already registered, and changes nothing', async () => {
    const input = operatorInput();
    expect((await call(registerOperatorCall, input)).status).toBe(200);
    const sub = await findIdentity(input.email);
    const again = await call(registerOperatorCall, { ...input, siteName: 'Second site' });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'auth/email_already_registered',
      fields: { email: 'auth/email_already_registered' },
    });
    expect(await listMemberships(sub!)).toHaveLength(1);
  });

  it('takes over the identity an interrupted registration or join left in no team', async () => {
    const input = operatorInput();
    const orphan = await createIdentity(input.email, 'first-try-pass1', 'Interrupted');
    const res = await call(registerOperatorCall, input);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ userId: orphan });
    expect(await listMemberships(orphan)).toEqual([{ teamId: (res.body as { teamId: string }).teamId, role: 'admin' }]);
    expect(await signIn(input.email, input.password)).toBeTruthy();
  });

  it('treats the e-mail case-insensitively', async () => {
    const input = operatorInput();
    expect((await call(registerOperatorCall, input)).status).toBe(200);
    const again = await call(registerOperatorCall, { ...input, email: input.email.toUpperCase() });
    expect(again.status).toBe(409);
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'validation/invalid_email'],
    ['email', { email: '' }, 'validation/required'],
    ['password', { password: 'abc12', passwordConfirmation: 'abc12' }, 'validation/password_too_short'],
    ['password', { password: 'パスワード123', passwordConfirmation: 'パスワード123' }, 'validation/password_half_width'],
    ['passwordConfirmation', { passwordConfirmation: 'different1' }, 'validation/password_mismatch'],
    ['name', { name: '   ' }, 'validation/required'],
    ['companyName', { companyName: '' }, 'validation/required'],
    ['siteName', { siteName: undefined }, 'validation/required'],
    ['phone', { phone: 'call me' }, 'validation/invalid_phone'],
    ['agreeToTerms', { agreeToTerms: false }, 'validation/terms_required'],
    ['language', { language: 'fr' }, 'validation/invalid_value'],
  ])('answers 400 naming %s for %j', async (field, overrides, code) => {
    const input = operatorInput(overrides);
    const res = await call(registerOperatorCall, input);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('common/invalid_input');
    expect(res.body.error?.fields?.[field]).toBe(code);
    // Nothing was created for a refused registration.
    if (typeof input.email === 'string' && input.email.includes('@')) expect(await findIdentity(input.email)).toBeUndefined();
  });

  it('reports every bad field at once, including a password mismatch', async () => {
    const res = await call(registerOperatorCall, { email: 'x', password: 'abc', passwordConfirmation: 'abd' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error!.fields!).sort()).toEqual(
      ['agreeToTerms', 'companyName', 'email', 'name', 'password', 'passwordConfirmation', 'phone', 'siteName'].sort(),
    );
  });
});

describe('registerOperator (domain)', () => {
  it('leaves no Cognito user and no team behind when the team write fails', async () => {
    const first = await registerOperator(registerOperatorInput.parse(operatorInput()));
    const input = registerOperatorInput.parse(operatorInput());
    // Reusing an existing team id makes the transaction's attribute_not_exists condition fail.
    await expect(registerOperator(input, { newTeamId: () => first.teamId })).rejects.toThrow();
    expect(await findIdentity(input.email)).toBeUndefined();
    const team = await getTeam(first.teamId);
    expect(team!.siteName).toBe('Yamada Academy');
    // The e-mail is free again: a new attempt succeeds.
    await expect(registerOperator(input)).resolves.toMatchObject({ teamId: expect.any(String) });
  });
});

describe('transport', () => {
  it('answers 413 above 1 MB', async () => {
    const res = await post(registerOperatorCall.path, { ...operatorInput(), name: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body.error?.code).toBe('common/payload_too_large');
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await post(registerOperatorCall.path, '{"email": ');
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('common/invalid_json');
  });

  it('answers 404 to an unknown call', async () => {
    const res = await post('/team/does_not_exist', {});
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('common/not_found');
  });
});
