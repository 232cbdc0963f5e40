import { describe, expect, it } from 'vitest';
import { zoomAppError } from '../../../lambdas/content/live/zoom-calls';
import { ZoomRequestError } from '../../../lambdas/platform/zoom';
import { errorCatalogue } from '../../../shared/errors';

const answer = (e: ZoomRequestError, withFields = true) => {
  const a = zoomAppError(e, { withFields });
  return { status: a.status, code: a.code, fields: a.fields };
};
const invalidClient = new ZoomRequestError('token', 400, 'x', { error: 'invalid_client', reason: 'Invalid client_id or client_secret' });

describe('Zoom failures as answers (zoomAppError)', () => {
  it('answers a refusal of the typed credentials 400 with the fields Zoom points at', () => {
    expect(answer(invalidClient)).toEqual({
      status: 400,
      code: 'zoom/credentials_rejected',
      fields: { clientId: 'zoom/client_rejected', clientSecret: 'zoom/client_rejected' },
    });
    expect(answer(new ZoomRequestError('token', 400, 'x', { error: 'invalid_request', reason: 'Invalid account_id' }))).toEqual({
      status: 400,
      code: 'zoom/credentials_rejected',
      fields: { accountId: 'zoom/account_rejected' },
    });
    // A reason naming no credential (a deactivated app): the whole set, no field.
    expect(answer(new ZoomRequestError('token', 401, 'x', { error: 'invalid_client_app', reason: 'The app has been disabled' }))).toEqual({
      status: 400,
      code: 'zoom/credentials_rejected',
      fields: undefined,
    });
  });

  it('names no fields where the call has none (meeting creation with the stored credentials)', () => {
    expect(answer(invalidClient, false)).toEqual({ status: 400, code: 'zoom/credentials_rejected', fields: undefined });
  });

  it('answers refusals after the token 400 by step: the user, the meeting', () => {
    expect(answer(new ZoomRequestError('user', 404, 'x', { error: '1001' }))).toMatchObject({ status: 400, code: 'zoom/user_id_failed' });
    expect(answer(new ZoomRequestError('user', 400, 'x', { error: '4711' }))).toMatchObject({ status: 400, code: 'zoom/user_id_failed' });
    expect(answer(new ZoomRequestError('meeting', 400, 'x', { error: '200' }))).toMatchObject({ status: 400, code: 'zoom/meeting_refused' });
  });

  it('answers only an unreachable Zoom 502 zoom/connect_failed, at any step', () => {
    const outages = [
      new ZoomRequestError('token', undefined, 'fetch failed'),
      new ZoomRequestError('token', 500, 'x', { error: 'server_error' }),
      new ZoomRequestError('token', 503),
      new ZoomRequestError('token', 429, 'x', { error: 'invalid_client' }),
      new ZoomRequestError('token', 408),
      new ZoomRequestError('token', undefined, 'no access_token'),
      new ZoomRequestError('user', 502),
      new ZoomRequestError('meeting', undefined, 'The operation was aborted due to timeout'),
    ];
    for (const e of outages) expect(answer(e), e.message).toEqual({ status: 502, code: 'zoom/connect_failed', fields: undefined });
    expect(errorCatalogue['zoom/connect_failed']).toBe(502);
  });
});
