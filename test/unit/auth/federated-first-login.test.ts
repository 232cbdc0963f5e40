import { describe, expect, it } from 'vitest';
import { decideFirstLogin, providerEmailVerified } from '../../../lambdas/auth/federated-first-login';
import { teamUser } from '../support/team-user';


describe('providerEmailVerified', () => {
  it("counts SAML from the team's own IdP as verified, OIDC unless its email_verified says false", () => {
    expect(providerEmailVerified('saml', undefined)).toBe(true);
    expect(providerEmailVerified('saml', 'false')).toBe(true);
    expect(providerEmailVerified('oidc', undefined)).toBe(true);
    expect(providerEmailVerified('oidc', 'true')).toBe(true);
    expect(providerEmailVerified('oidc', 'false')).toBe(false);
    expect(providerEmailVerified('google', 'FALSE')).toBe(false);
    expect(providerEmailVerified('google', 'true')).toBe(true);
  });
});

describe('decideFirstLogin', () => {
  it('creates a member when the team has nobody with that e-mail', () => {
    expect(decideFirstLogin({ kind: 'oidc', emailVerified: 'true', matches: [] })).toEqual({ action: 'create' });
    // Even unverified: there is nobody to take over (the same as before linking existed).
    expect(decideFirstLogin({ kind: 'oidc', emailVerified: 'false', matches: [] })).toEqual({ action: 'create' });
  });

  it('links to the member of that e-mail when the provider verified it', () => {
    const member = teamUser({ userId: 'PW1' });
    expect(decideFirstLogin({ kind: 'oidc', emailVerified: 'true', matches: [member] })).toEqual({ action: 'link', user: member });
    expect(decideFirstLogin({ kind: 'saml', emailVerified: undefined, matches: [member] })).toEqual({ action: 'link', user: member });
    // A customer or manager tab member, a disabled one (the login outcome then refuses them) is linked the same way.
    const customer = teamUser({ userId: 'PW2', roleTab: 'customer', disabled: true });
    expect(decideFirstLogin({ kind: 'google', emailVerified: 'true', matches: [customer] })).toEqual({ action: 'link', user: customer });
  });

  it('links to the oldest when the team already holds several users of that e-mail', () => {
    const newer = teamUser({ userId: 'B', createdAt: '2025-03-01T00:00:00Z' });
    const older = teamUser({ userId: 'A', createdAt: '2025-02-01T00:00:00Z' });
    expect(decideFirstLogin({ kind: 'oidc', emailVerified: 'true', matches: [newer, older] })).toEqual({ action: 'link', user: older });
  });

  it('refuses to link or create when the provider says the e-mail is not verified', () => {
    expect(decideFirstLogin({ kind: 'oidc', emailVerified: 'false', matches: [teamUser()] })).toEqual({
      action: 'refuse',
      code: 'auth/email_already_registered',
    });
  });

  it('never links an administrator, whatever the provider says: the admin must use the admin login', () => {
    const admin = teamUser({ userId: 'AD', role: 'admin', adminLevel: 'super' });
    expect(decideFirstLogin({ kind: 'saml', emailVerified: undefined, matches: [admin] })).toEqual({ action: 'admin', user: admin });
    expect(decideFirstLogin({ kind: 'oidc', emailVerified: 'true', matches: [teamUser(), admin] })).toEqual({ action: 'admin', user: admin });
    expect(decideFirstLogin({ kind: 'oidc', emailVerified: 'false', matches: [admin] })).toEqual({ action: 'admin', user: admin });
  });

  it('activates a member imported with no login yet instead of linking its provisional id', () => {
    const imported = teamUser({ userId: 'provisional-1', loginPending: true });
    expect(decideFirstLogin({ kind: 'oidc', emailVerified: 'true', matches: [imported] })).toEqual({ action: 'activate', user: imported });
  });
});
