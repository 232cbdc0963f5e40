import { describe, expect, it } from 'vitest';
import { ipAllowed } from '../../../lambdas/core/access/ip-allow-list';
import { ipFamily, isIpRange, securitySettingsInput } from '../../../shared/api/calls/settings';

describe('ipAllowed', () => {
  it('allows everyone while the list is empty', () => {
    expect(ipAllowed('203.0.113.9', [])).toBe(true);
  });

  it('matches IPv4 ranges and single addresses', () => {
    expect(ipAllowed('203.0.113.9', ['203.0.113.0/24'])).toBe(true);
    expect(ipAllowed('203.0.114.9', ['203.0.113.0/24'])).toBe(false);
    expect(ipAllowed('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(ipAllowed('127.0.0.2', ['127.0.0.1'])).toBe(false);
    expect(ipAllowed('8.8.8.8', ['0.0.0.0/0'])).toBe(true);
  });

  it('matches IPv6 ranges, and IPv4-mapped addresses as IPv4', () => {
    expect(ipAllowed('::1', ['::1/128'])).toBe(true);
    expect(ipAllowed('2001:db8::42', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed('2001:db9::42', ['2001:db8::/32'])).toBe(false);
    expect(ipAllowed('::ffff:10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('::1', ['127.0.0.0/8'])).toBe(false);
  });

  it('refuses an address it cannot read', () => {
    expect(ipAllowed('', ['0.0.0.0/0'])).toBe(false);
  });
});

describe('isIpRange', () => {
  it('accepts addresses and CIDR ranges of both families', () => {
    for (const ok of ['10.0.0.0/8', '192.168.1.1', '0.0.0.0/0', '::1', '2001:db8::/32', 'fe80::1/128', '::ffff:10.0.0.1']) {
      expect(isIpRange(ok), ok).toBe(true);
    }
  });

  it('refuses malformed entries and prefixes out of range', () => {
    for (const bad of ['', '10.0.0.0/33', '256.1.1.1', '10.0.0', '01.2.3.4', '2001:db8::/129', 'example.com', '10.0.0.0/8/1', '1.2.3.4/', 'gggg::1']) {
      expect(isIpRange(bad), bad).toBe(false);
    }
    expect(ipFamily('1.2.3.4')).toBe(4);
    expect(ipFamily('::')).toBe(6);
  });
});

describe('securitySettingsInput', () => {
  const valid = {
    emailValidityCheck: true,
    twoFactorRequired: true,
    complexPassword: false,
    adminIpAllowList: [],
    memberIpAllowList: ['10.0.0.0/8'],
    singleLogin: false,
  };

  it('accepts valid settings', () => {
    expect(securitySettingsInput.safeParse(valid).success).toBe(true);
  });

  it('names the entry of a list that is not a range', () => {
    const result = securitySettingsInput.safeParse({ ...valid, memberIpAllowList: ['10.0.0.0/8', 'nope'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['memberIpAllowList', 1], message: 'validation/invalid_ip_range' });
  });

  it('refuses two-factor without the e-mail validity check (SPEC §5)', () => {
    const result = securitySettingsInput.safeParse({ ...valid, emailValidityCheck: false });
    expect(result.error?.issues[0]).toMatchObject({ path: ['twoFactorRequired'], message: 'validation/two_factor_needs_email_check' });
  });
});
