import { describe, expect, it } from 'vitest';
import { registerOperatorInput } from '../../../shared/api/calls/teams';
import { zodFieldErrors } from '../../../web/src/lib/form-errors';

const valid = {
  email: 'owner@example.com',
  password: 'secret-1',
  passwordConfirmation: 'secret-1',
  name: 'Hanako Yamada',
  companyName: 'Example Inc.',
  siteName: 'Example Videos',
  phone: '03-1234-5678',
  agreeToTerms: true,
  language: 'en',
};

describe('zodFieldErrors with the /register schema', () => {
  it('is empty for a valid form', () => {
    expect(zodFieldErrors(registerOperatorInput, valid)).toEqual({});
  });

  it('gives one code per invalid field, as the server would', () => {
    const errors = zodFieldErrors(registerOperatorInput, {
      ...valid,
      email: 'not-an-email',
      password: 'abc',
      passwordConfirmation: '',
      name: '  ',
      phone: 'call me',
      agreeToTerms: false,
    });
    expect(errors).toEqual({
      email: 'validation/invalid_email',
      password: 'validation/password_too_short',
      passwordConfirmation: 'validation/required',
      name: 'validation/required',
      phone: 'validation/invalid_phone',
      agreeToTerms: 'validation/terms_required',
    });
  });

  it('reports full-width passwords and mismatched confirmations', () => {
    expect(zodFieldErrors(registerOperatorInput, { ...valid, password: 'ｐａｓｓｗｏｒｄ', passwordConfirmation: 'ｐａｓｓｗｏｒｄ' })).toEqual({
      password: 'validation/password_half_width',
    });
    expect(zodFieldErrors(registerOperatorInput, { ...valid, passwordConfirmation: 'secret-2' })).toEqual({
      passwordConfirmation: 'validation/password_mismatch',
    });
  });
});
