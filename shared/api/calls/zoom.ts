import * as z from 'zod/mini';
import { code, invalidValue } from '../../rules/issues';
import { defineCall } from '../define';

/**
 * SPEC §2 /admin/setting/zoom_setting: the team's Zoom account, connected with a Server-to-Server OAuth app's
 * account ID, client ID and client secret (Zoom App Marketplace). Saving checks them with Zoom first and keeps the
 * Zoom user they act as; the secret is never answered, only whether one is kept. Contents managers: the
 * connection exists to create the meetings of lives, which they run (shared/permissions.ts `setting/zoom_setting`).
 */
export interface ZoomSettingView {
  connected: boolean;
  accountId?: string;
  clientId?: string;
  /** A client secret is kept (never sent back). */
  hasClientSecret: boolean;
  /** The Zoom user meetings are created for, as Zoom answered at connection. */
  userId?: string;
  email?: string;
  connectedAt?: string;
}

/** Zoom's account and client IDs are letters, digits, `-` and `_`. */
const credentialId = z
  .string(code('validation/required'))
  .check(z.trim(), z.minLength(1, code('validation/required')), z.maxLength(100, code('validation/too_long')), z.regex(/^[A-Za-z0-9_-]*$/, code('validation/id_half_width')));

const saveInput = z.object(
  {
    accountId: credentialId,
    clientId: credentialId,
    /** Omitted or empty: keep the secret already saved (the form never receives it). */
    clientSecret: z._default(
      z.string(invalidValue).check(z.trim(), z.maxLength(200, code('validation/too_long')), z.regex(/^[\x21-\x7e]*$/, code('validation/invalid_value'))),
      '',
    ),
  },
  invalidValue,
);
const noInput = z.object({}, invalidValue);
const permission = 'admin.contents';

export const getZoomSettingCall = defineCall<typeof noInput, ZoomSettingView>()({ path: '/zoom/setting/get', domain: 'content', permission, input: noInput });

/**
 * Checks the credentials with Zoom, then saves them. Refused by Zoom: 400 `zoom/credentials_rejected` (with
 * `zoom/client_rejected` / `zoom/account_rejected` on the fields Zoom's answer points at) or `zoom/user_id_failed`;
 * Zoom unreachable: 502 `zoom/connect_failed`. Nothing is saved on either.
 */
export const saveZoomSettingCall = defineCall<typeof saveInput, ZoomSettingView>()({ path: '/zoom/setting/save', domain: 'content', permission, input: saveInput });

/** Forgets the connection and its secret; lives keep their meeting IDs. */
export const disconnectZoomCall = defineCall<typeof noInput, ZoomSettingView>()({ path: '/zoom/setting/disconnect', domain: 'content', permission, input: noInput });
