import * as z from 'zod/mini';
import { COMPLEX_PASSWORD_MIN_LENGTH, isHalfWidth, PASSWORD_MIN_LENGTH, passwordSchema } from './account';
import { code, type ValidationCode } from './issues';

export { passwordSchema };

/** SPEC §5 complex password: at least 8 characters with a lowercase letter, an uppercase letter and a digit. */
export const isComplexPassword = (password: string): boolean =>
  password.length >= COMPLEX_PASSWORD_MIN_LENGTH && /[a-z]/.test(password) && /[A-Z]/.test(password) && /[0-9]/.test(password);

/**
 * A password under the team's setting: required, half-width only, then 6+ characters, or the
 * complex rule when the team turned it on.
 */
export function checkPassword(password: string, { complex }: { complex: boolean }): ValidationCode | undefined {
  if (password === '') return 'validation/required';
  if (!isHalfWidth(password)) return 'validation/password_half_width';
  if (password.length > 256) return 'validation/too_long';
  if (complex) return isComplexPassword(password) ? undefined : 'validation/password_too_weak';
  return password.length >= PASSWORD_MIN_LENGTH ? undefined : 'validation/password_too_short';
}

export const complexPasswordSchema = z.string({ error: code('validation/required') }).check(
  z.superRefine((password, ctx) => {
    const failure = checkPassword(password, { complex: true });
    if (failure) ctx.addIssue({ code: 'custom', message: failure });
  }),
);

/** The password schema for a team: `complexPassword` is the team's site setting. */
export const passwordSchemaFor = (complexPassword: boolean) => (complexPassword ? complexPasswordSchema : passwordSchema);

/** SPEC §5: the confirmation must equal the password. */
export const checkPasswordsMatch = (password: string, confirmation: string): ValidationCode | undefined =>
  password === confirmation ? undefined : 'validation/password_mismatch';

/** For `.refine(passwordsMatch, passwordConfirmationCheck)` on any form holding both fields. */
export const passwordsMatch = (v: { password: string; passwordConfirmation: string }): boolean =>
  !checkPasswordsMatch(v.password, v.passwordConfirmation);

/**
 * Reports a mismatch on the confirmation field, and runs as soon as both are strings, so the mismatch
 * shows together with the other fields' errors rather than only once they are all fixed.
 */
export const passwordConfirmationCheck = {
  path: ['passwordConfirmation'],
  message: code('validation/password_mismatch'),
  when: ({ value }: { value: unknown }): boolean => {
    const v = value as { password?: unknown; passwordConfirmation?: unknown } | undefined;
    return typeof v?.password === 'string' && typeof v.passwordConfirmation === 'string' && v.passwordConfirmation !== '';
  },
};

/** A new password with its confirmation; a mismatch is reported on the confirmation. */
export const newPasswordSchema = (complexPassword: boolean) =>
  z
    .object({
      password: passwordSchemaFor(complexPassword),
      passwordConfirmation: z.string({ error: code('validation/required') }).check(z.minLength(1, code('validation/required'))),
    })
    .check(z.refine(passwordsMatch, passwordConfirmationCheck));

/** SPEC §5: IDs (login IDs, account IDs) are half-width only, like passwords. */
export const loginIdSchema = z
  .string({ error: code('validation/required') })
  .check(
    z.trim(),
    z.minLength(1, code('validation/required')),
    z.maxLength(128, code('validation/too_long')),
    z.refine(isHalfWidth, code('validation/id_half_width')),
  );
