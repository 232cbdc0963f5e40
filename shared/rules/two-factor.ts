import * as z from 'zod/mini';
import { code, type ValidationCode } from './issues';

/** SPEC §5: two-factor authentication can be on only while the e-mail validity check is on. */
export const checkTwoFactorSetting = (settings: { twoFactor: boolean; emailValidityCheck: boolean }): ValidationCode | undefined =>
  settings.twoFactor && !settings.emailValidityCheck ? 'validation/two_factor_needs_email_check' : undefined;

/** The six-digit code of an authenticator app (TOTP), as typed. */
export const twoFactorCodeSchema = z
  .string({ error: code('validation/required') })
  .check(z.trim(), z.minLength(1, code('validation/required')), z.regex(/^[0-9]{6}$/, code('validation/invalid_two_factor_code')));
