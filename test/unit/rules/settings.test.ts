import { describe, expect, it } from 'vitest';
import { checkAuthMethodChange } from '../../../shared/rules/auth-method';
import { checkTaxRate, taxRateSchema } from '../../../shared/rules/tax-rate';
import { checkTwoFactorSetting, twoFactorCodeSchema } from '../../../shared/rules/two-factor';
import { fieldCodes } from './helpers';

describe('tax rate (SPEC §5: below 100)', () => {
  it('takes 0 to just under 100', () => {
    expect(checkTaxRate(0)).toBeUndefined();
    expect(checkTaxRate(10)).toBeUndefined();
    expect(checkTaxRate(99.99)).toBeUndefined();
    expect(checkTaxRate(100)).toBe('validation/tax_rate_out_of_range');
    expect(checkTaxRate(-0.01)).toBe('validation/tax_rate_out_of_range');
    expect(checkTaxRate(Number.NaN)).toBe('validation/tax_rate_out_of_range');
  });
  it('taxRateSchema needs a name and a rate', () => {
    expect(fieldCodes(taxRateSchema, { displayName: '消費税', percentage: 10 })).toEqual({});
    expect(fieldCodes(taxRateSchema, { displayName: '', percentage: 100 })).toEqual({
      displayName: 'validation/required',
      percentage: 'validation/tax_rate_out_of_range',
    });
  });
});

describe('two-factor (SPEC §5)', () => {
  it('needs the e-mail validity check', () => {
    expect(checkTwoFactorSetting({ twoFactor: true, emailValidityCheck: false })).toBe(
      'validation/two_factor_needs_email_check',
    );
    expect(checkTwoFactorSetting({ twoFactor: true, emailValidityCheck: true })).toBeUndefined();
    expect(checkTwoFactorSetting({ twoFactor: false, emailValidityCheck: false })).toBeUndefined();
  });
  it('takes a six-digit code only', () => {
    expect(fieldCodes(twoFactorCodeSchema, ' 123456 ')).toEqual({});
    expect(fieldCodes(twoFactorCodeSchema, '12345')).toEqual({ _: 'validation/invalid_two_factor_code' });
    expect(fieldCodes(twoFactorCodeSchema, '1234567')).toEqual({ _: 'validation/invalid_two_factor_code' });
    expect(fieldCodes(twoFactorCodeSchema, '')).toEqual({ _: 'validation/required' });
  });
});

describe('authentication method (SPEC §5)', () => {
  it('cannot change while users exist', () => {
    expect(checkAuthMethodChange('email', 'saml', 1)).toBe('validation/auth_method_users_exist');
    expect(checkAuthMethodChange('email', 'saml', 0)).toBeUndefined();
    expect(checkAuthMethodChange('saml', 'saml', 10)).toBeUndefined();
  });
});
