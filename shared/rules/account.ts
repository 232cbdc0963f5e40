import * as z from 'zod/mini';
import { COMPLEX_PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { normalizeEmail } from './email';

/** SPEC §9: password at least 6 characters (8 with the complex-password setting); the numbers live in shared/constants.ts. */
export { COMPLEX_PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH };

/** SPEC §5: passwords and IDs are half-width (printable ASCII, no spaces) only. */
export const isHalfWidth = (text: string): boolean => /^[\x21-\x7e]*$/.test(text);

export const requiredText = (max = 200) =>
  z
    .string({ error: 'validation/required' })
    .check(z.trim(), z.minLength(1, 'validation/required'), z.maxLength(max, 'validation/too_long'));

/** An address as a person types it, answered in the one stored form (./email.ts), so every call's input is already normalized. */
export const emailSchema = z.pipe(
  z.pipe(
    z
      .string({ error: 'validation/required' })
      .check(z.trim(), z.minLength(1, 'validation/required'), z.maxLength(254, 'validation/too_long')),
    z.email('validation/invalid_email'),
  ),
  z.transform(normalizeEmail),
);

export const passwordSchema = z.string({ error: 'validation/required' }).check(
  z.minLength(1, 'validation/required'),
  z.refine(isHalfWidth, 'validation/password_half_width'),
  z.refine((p) => p.length >= PASSWORD_MIN_LENGTH, 'validation/password_too_short'),
  z.refine((p) => p.length <= 256, 'validation/too_long'),
);

/** Phone numbers: half-width digits with optional +, hyphens, spaces or brackets. */
export const phoneSchema = requiredText(30).check(
  z.refine((p) => /^\+?[0-9()\- ]{6,29}$/.test(p) && /[0-9]{2,}/.test(p.replace(/[^0-9]/g, '')), 'validation/invalid_phone'),
);
