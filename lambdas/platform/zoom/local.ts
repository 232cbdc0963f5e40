import { createHash, randomInt } from 'node:crypto';
import { ZoomRequestError, type ZoomAdapter, type ZoomCredentials } from './types';

/**
 * The local Zoom: no network, answers decided by the credentials so tests and demos can reach every outcome.
 * - a client secret starting with `zoom-ok` gets a token; any other is refused as Zoom refuses a wrong secret
 *   (the token step, OAuth error `invalid_client`: 400 `zoom/credentials_rejected` on the client ID and secret);
 * - an account ID starting with `bad-account` is refused at the token step as an account the app is not in
 *   (400 `zoom/credentials_rejected` on the account ID);
 * - an account ID starting with `unreachable` gets no answer, as when Zoom cannot be reached (502 `zoom/connect_failed`);
 * - an account ID starting with `no-user` gets a token but no user (`zoom/user_id_failed`);
 * - the user is `local-<12 hex of the account ID's hash>`, e-mail `zoom-owner@<account ID lower case>.zoom.local`;
 * - a meeting gets a random 11-digit ID, a 6-digit passcode and a `https://zoom.us/j/<id>` link that leads nowhere.
 * What differs from Zoom: nothing is kept (no meeting can be read back), scopes and plans (webinar licences) are
 * not checked, and there are no rate limits.
 */
export const LOCAL_ZOOM_GOOD_SECRET_PREFIX = 'zoom-ok';
export const LOCAL_ZOOM_NO_USER_ACCOUNT_PREFIX = 'no-user';
export const LOCAL_ZOOM_BAD_ACCOUNT_PREFIX = 'bad-account';
export const LOCAL_ZOOM_UNREACHABLE_ACCOUNT_PREFIX = 'unreachable';

function token(c: ZoomCredentials): void {
  if (c.accountId.startsWith(LOCAL_ZOOM_UNREACHABLE_ACCOUNT_PREFIX)) throw new ZoomRequestError('token', undefined, 'fetch failed');
  if (!c.clientSecret.startsWith(LOCAL_ZOOM_GOOD_SECRET_PREFIX) || !c.accountId || !c.clientId) {
    const reason = 'Invalid client_id or client_secret';
    throw new ZoomRequestError('token', 400, reason, { error: 'invalid_client', reason });
  }
  if (c.accountId.startsWith(LOCAL_ZOOM_BAD_ACCOUNT_PREFIX)) {
    const reason = 'Invalid account_id';
    throw new ZoomRequestError('token', 400, reason, { error: 'invalid_request', reason });
  }
}

export const localZoom: ZoomAdapter = {
  async connectedUser(c) {
    token(c);
    if (c.accountId.startsWith(LOCAL_ZOOM_NO_USER_ACCOUNT_PREFIX)) throw new ZoomRequestError('user', 404, 'User does not exist: me', { error: '1001', reason: 'User does not exist: me' });
    const id = `local-${createHash('sha256').update(c.accountId).digest('hex').slice(0, 12)}`;
    return { id, email: `zoom-owner@${c.accountId.toLowerCase()}.zoom.local` };
  },

  async createMeeting(c) {
    token(c);
    const id = `8${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
    const passcode = String(randomInt(0, 1_000_000)).padStart(6, '0');
    return { id, passcode, joinUrl: `https://zoom.us/j/${id}` };
  },
};
