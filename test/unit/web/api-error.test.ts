import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom, errorCodeOf } from '../../../web/src/lib/api-error';

describe('apiErrorFrom', () => {
  it('keeps the server code and its per-field codes', () => {
    const error = apiErrorFrom(400, {
      error: { code: 'common/invalid_input', fields: { email: 'validation/invalid_email', phone: 'validation/required' } },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'common/invalid_input',
      fields: { email: 'validation/invalid_email', phone: 'validation/required' },
    });
  });

  it("keeps the message's values, dropping what is neither text nor number", () => {
    const error = apiErrorFrom(409, { error: { code: 'subscription/minimum_usage_period', values: { date: '2027-03-05T00:00:00.000Z', bad: { x: 1 } } } });
    expect(error.values).toEqual({ date: '2027-03-05T00:00:00.000Z' });
  });

  it('drops field entries that are not codes', () => {
    const error = apiErrorFrom(400, { error: { code: 'common/invalid_input', fields: { a: 1, b: 'validation/required' } } });
    expect(error.fields).toEqual({ b: 'validation/required' });
  });

  it.each([
    [401, 'auth/not_logged_in'],
    [403, 'common/no_operation_authority'],
    [404, 'common/not_found'],
    [413, 'common/payload_too_large'],
    [429, 'common/too_many_requests'],
    [502, 'common/unknown'],
  ])('falls back on the status %i when the body is not ours', (status, code) => {
    expect(apiErrorFrom(status, '<html>Bad gateway</html>').code).toBe(code);
    expect(apiErrorFrom(status, null).code).toBe(code);
  });
});

describe('errorCodeOf', () => {
  it('is the code of an ApiError and common/unknown for anything else', () => {
    expect(errorCodeOf(new ApiError(409, 'auth/email_already_registered'))).toBe('auth/email_already_registered');
    expect(errorCodeOf(new TypeError('Failed to fetch'))).toBe('common/unknown');
    expect(errorCodeOf(undefined)).toBe('common/unknown');
  });
});
