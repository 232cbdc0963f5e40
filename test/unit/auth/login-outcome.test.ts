import { describe, expect, it } from 'vitest';
import { decideLoginOutcome, type LoginFacts } from '../../../lambdas/core/access/login-outcome';
import { defaultSiteSettings } from '../../../lambdas/core/entities/site-settings';
import { teamUser } from '../support/team-user';

const now = new Date('2025-06-01T00:00:00Z');
const facts = (overrides: Partial<LoginFacts> = {}, settings: Partial<LoginFacts['settings']> = {}): LoginFacts => ({
  user: teamUser(),
  settings: { ...defaultSiteSettings('T1'), ...settings },
  sourceIp: '127.0.0.1',
  twoFactorEnrolled: false,
  now,
  ...overrides,
});

describe('decideLoginOutcome', () => {
  it('lets an enabled, approved, verified member in', () => {
    expect(decideLoginOutcome(facts())).toBe('login');
  });

  it('answers each state on its own', () => {
    expect(decideLoginOutcome(facts({ user: undefined }))).toBe('noAccountForTeam');
    expect(decideLoginOutcome(facts({ user: teamUser({ role: 'admin', adminLevel: 'super' }) }))).toBe('adminMustUseAdminLogin');
    expect(decideLoginOutcome(facts({}, { memberIpAllowList: ['10.0.0.0/8'] }))).toBe('ipRestricted');
    expect(decideLoginOutcome(facts({ user: teamUser({ disabled: true }) }))).toBe('disabled');
    expect(
      decideLoginOutcome(facts({ user: teamUser({ cancelledAt: '2025-05-01T00:00:00Z', deletionScheduledAt: '2025-06-30T00:00:00Z' }) })),
    ).toBe('cancelled');
    expect(decideLoginOutcome(facts({ user: teamUser({ expiresAt: '2025-05-31T23:59:59Z' }) }))).toBe('expired');
    expect(decideLoginOutcome(facts({ user: teamUser({ approval: 'pending' }) }))).toBe('unapproved');
    expect(decideLoginOutcome(facts({ user: teamUser({ approval: 'rejected' }) }))).toBe('unapproved');
    expect(decideLoginOutcome(facts({ user: teamUser({ emailVerified: false }) }, { emailValidityCheck: true }))).toBe('unverifiedEmail');
    expect(decideLoginOutcome(facts({ user: teamUser({ mustChangePassword: true }) }))).toBe('changePassword');
    expect(decideLoginOutcome(facts({}, { emailValidityCheck: true, twoFactorRequired: true }))).toBe('twoFactorNotConfigured');
  });

  it('does not refuse on settings that are off or states that do not hold', () => {
    expect(decideLoginOutcome(facts({ user: teamUser({ emailVerified: false }) }, { emailValidityCheck: false }))).toBe('login');
    expect(decideLoginOutcome(facts({ user: teamUser({ expiresAt: '2025-06-01T00:00:01Z', approval: 'approved' }) }))).toBe('login');
    expect(decideLoginOutcome(facts({ twoFactorEnrolled: true }, { emailValidityCheck: true, twoFactorRequired: true }))).toBe('login');
    expect(decideLoginOutcome(facts({}, { memberIpAllowList: ['127.0.0.0/8'], adminIpAllowList: ['10.0.0.0/8'] }))).toBe('login');
  });

  it('treats the end of the valid period itself as expired', () => {
    expect(decideLoginOutcome(facts({ user: teamUser({ expiresAt: now.toISOString() }) }))).toBe('expired');
  });

  it('applies the precedence: team record, address, account state, then what the member must do', () => {
    const everything = teamUser({
      disabled: true,
      cancelledAt: '2025-05-01T00:00:00Z',
      expiresAt: '2025-01-01T00:00:00Z',
      approval: 'pending',
      emailVerified: false,
      mustChangePassword: true,
    });
    const strict = { emailValidityCheck: true, twoFactorRequired: true, memberIpAllowList: ['10.0.0.0/8'] };
    expect(decideLoginOutcome(facts({ user: teamUser({ role: 'admin' }) }, strict))).toBe('adminMustUseAdminLogin');
    expect(decideLoginOutcome(facts({ user: everything }, strict))).toBe('ipRestricted');
    const allowed = { ...strict, memberIpAllowList: [] };
    expect(decideLoginOutcome(facts({ user: everything }, allowed))).toBe('disabled');
    expect(decideLoginOutcome(facts({ user: { ...everything, disabled: false } }, allowed))).toBe('cancelled');
    expect(decideLoginOutcome(facts({ user: { ...everything, disabled: false, cancelledAt: undefined } }, allowed))).toBe('expired');
    const notExpired = { ...everything, disabled: false, cancelledAt: undefined, expiresAt: undefined };
    expect(decideLoginOutcome(facts({ user: notExpired }, allowed))).toBe('unapproved');
    expect(decideLoginOutcome(facts({ user: { ...notExpired, approval: 'approved' } }, allowed))).toBe('unverifiedEmail');
    expect(decideLoginOutcome(facts({ user: { ...notExpired, approval: 'approved', emailVerified: true } }, allowed))).toBe('changePassword');
    expect(
      decideLoginOutcome(facts({ user: { ...notExpired, approval: 'approved', emailVerified: true, mustChangePassword: false } }, allowed)),
    ).toBe('twoFactorNotConfigured');
  });
});
