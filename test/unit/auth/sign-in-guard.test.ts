import { describe, expect, it } from 'vitest';
import { signInAttemptOf } from '../../../lambdas/auth/sign-in-guard';
import { twoFactorMissing } from '../../../lambdas/core/access/login-outcome';
import { defaultSiteSettings } from '../../../lambdas/core/entities/site-settings';

const target = (name: string) => `AWSCognitoIdentityProviderService.${name}`;

describe('signInAttemptOf: which identity-provider requests are login attempts', () => {
  it('a password sign-in and a TOTP code are attempts of the named account from the address', () => {
    expect(signInAttemptOf(target('InitiateAuth'), { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'a@example.test', PASSWORD: 'x' } }, '192.0.2.1')).toEqual({
      step: 'password',
      account: 'a@example.test',
      address: '192.0.2.1',
    });
    expect(
      signInAttemptOf(target('RespondToAuthChallenge'), { ChallengeName: 'SOFTWARE_TOKEN_MFA', ChallengeResponses: { USERNAME: 'a@example.test', SOFTWARE_TOKEN_MFA_CODE: '123456' } }, '192.0.2.1'),
    ).toEqual({ step: 'code', account: 'a@example.test', address: '192.0.2.1' });
  });

  it('an attempt without a user name still counts against the address', () => {
    expect(signInAttemptOf(target('InitiateAuth'), { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 7 } }, '192.0.2.1')).toEqual({
      step: 'password',
      account: undefined,
      address: '192.0.2.1',
    });
  });

  it('other calls (token refresh, TOTP set-up, sign-out) and non-objects are not attempts', () => {
    expect(signInAttemptOf(target('InitiateAuth'), { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 'r' } }, '192.0.2.1')).toBeUndefined();
    expect(signInAttemptOf(target('VerifySoftwareToken'), { UserCode: '123456' }, '192.0.2.1')).toBeUndefined();
    expect(signInAttemptOf(target('GlobalSignOut'), {}, '192.0.2.1')).toBeUndefined();
    expect(signInAttemptOf(target('InitiateAuth'), undefined, '192.0.2.1')).toBeUndefined();
  });
});

describe('twoFactorMissing: one rule for members and administrators', () => {
  const settings = { ...defaultSiteSettings('T1'), twoFactorRequired: true, adminTwoFactorRequired: false };
  it('applies each role its own setting', () => {
    expect(twoFactorMissing('member', settings, false)).toBe(true);
    expect(twoFactorMissing('member', settings, true)).toBe(false);
    expect(twoFactorMissing('admin', settings, false)).toBe(false);
    expect(twoFactorMissing('admin', { ...settings, adminTwoFactorRequired: true }, false)).toBe(true);
    expect(twoFactorMissing('admin', { ...settings, adminTwoFactorRequired: true }, true)).toBe(false);
  });
});
