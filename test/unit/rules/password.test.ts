import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  checkPasswordsMatch,
  complexPasswordSchema,
  isComplexPassword,
  loginIdSchema,
  newPasswordSchema,
  passwordSchemaFor,
} from '../../../shared/rules/password';
import { fieldCodes } from './helpers';

describe('password (SPEC §5)', () => {
  it('takes 6 characters and refuses 5 without the complex setting', () => {
    expect(checkPassword('abcdef', { complex: false })).toBeUndefined();
    expect(checkPassword('abcde', { complex: false })).toBe('validation/password_too_short');
  });

  it('complex: 8 characters with lowercase, uppercase and digit', () => {
    expect(isComplexPassword('Abcdefg1')).toBe(true);
    expect(isComplexPassword('Abcdef1')).toBe(false);
    expect(isComplexPassword('abcdefg1')).toBe(false);
    expect(isComplexPassword('ABCDEFG1')).toBe(false);
    expect(isComplexPassword('Abcdefgh')).toBe(false);
    expect(checkPassword('Abcdefg1', { complex: true })).toBeUndefined();
    expect(checkPassword('abcdef', { complex: true })).toBe('validation/password_too_weak');
  });

  it('is half-width only and required', () => {
    expect(checkPassword('ＡＢＣdef12', { complex: false })).toBe('validation/password_half_width');
    expect(checkPassword('abc def', { complex: false })).toBe('validation/password_half_width');
    expect(checkPassword('パスワード123', { complex: true })).toBe('validation/password_half_width');
    expect(checkPassword('', { complex: true })).toBe('validation/required');
  });

  it('schemas answer the same codes', () => {
    expect(fieldCodes(complexPasswordSchema, 'Abcdefg1')).toEqual({});
    expect(fieldCodes(complexPasswordSchema, 'abcdefgh')).toEqual({ _: 'validation/password_too_weak' });
    expect(fieldCodes(passwordSchemaFor(false), 'abcdef')).toEqual({});
    expect(fieldCodes(passwordSchemaFor(true), 'abcdef')).toEqual({ _: 'validation/password_too_weak' });
  });

  it('passwords must match, reported on the confirmation', () => {
    expect(checkPasswordsMatch('abcdef', 'abcdef')).toBeUndefined();
    expect(checkPasswordsMatch('abcdef', 'abcdeF')).toBe('validation/password_mismatch');
    expect(fieldCodes(newPasswordSchema(false), { password: 'abcdef', passwordConfirmation: 'abcdeg' })).toEqual({
      passwordConfirmation: 'validation/password_mismatch',
    });
    expect(fieldCodes(newPasswordSchema(true), { password: 'Abcdefg1', passwordConfirmation: 'Abcdefg1' })).toEqual({});
  });

  it('IDs are required and half-width only', () => {
    expect(fieldCodes(loginIdSchema, 'user_01')).toEqual({});
    expect(fieldCodes(loginIdSchema, 'ユーザー')).toEqual({ _: 'validation/id_half_width' });
    expect(fieldCodes(loginIdSchema, '  ')).toEqual({ _: 'validation/required' });
  });
});
