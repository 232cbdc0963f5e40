/**
 * SPEC §8 error catalogue as codes. The server answers `{ error: { code, fields } }`;
 * the web turns each code into its Japanese or English message (web/src/i18n/<lang>/errors.json).
 * Field messages use the `validation/*` codes.
 */
import { spec8ErrorCatalogue } from './error-catalogue';

const foundationCatalogue = {
  // generic
  'common/unknown': 500,
  'common/illegal_operation': 400,
  'common/not_found': 404,
  'common/payload_too_large': 413,
  'common/invalid_json': 400,
  'common/invalid_input': 400,
  'common/no_operation_authority': 403,
  'common/no_team': 404,
  'common/no_user': 404,
  'common/too_many_requests': 429,
  'common/temporarily_unavailable': 503,
  /** Someone else changed the same item at the same moment, more often than the server retries. */
  'common/concurrent_update': 409,
  /** Sales need the team's Stripe account connected (and onboarded) first, on /admin/payment. */
  'payment/not_connected': 409,
  // authentication
  'auth/not_logged_in': 401,
  'auth/token_expired': 401,
  'auth/email_already_registered': 409,
  /** The identity service failed to create the account (SPEC §8 "account creation failed"): an outside service, 502. */
  'auth/account_creation_failed': 502,
  'auth/login_failed': 401,
  'auth/wrong_password': 401,
  'auth/user_not_found': 401,
  'auth/no_admin_account': 403,
  'auth/admin_must_use_admin_login': 403,
  'auth/no_account_for_team': 403,
  'auth/account_disabled': 403,
  // member login outcomes that also guard every member call (SPEC §4)
  'auth/unapproved': 403,
  'auth/email_unverified': 403,
  'auth/account_expired': 403,
  'auth/password_change_required': 403,
  'auth/two_factor_not_configured': 403,
  // single-use mailed links (e-mail verification, password reset)
  'auth/link_invalid': 400,
  'auth/link_expired': 400,
  // security settings: the administrator's own address would be locked out
  'settings/ip_lockout': 409,
  'validation/invalid_ip_range': 400,
  // validation (field messages)
  'validation/required': 400,
  'validation/invalid_email': 400,
  'validation/password_too_short': 400,
  'validation/password_half_width': 400,
  'validation/password_mismatch': 400,
  'validation/terms_required': 400,
  'validation/invalid_phone': 400,
  'validation/too_long': 400,
  'validation/invalid_value': 400,
  // invitations: a passed deadline (SPEC §8 names not-found and limit-reached; a late link needs its own words)
  'invite/expired': 410,
  'validation/valid_days_not_positive': 400,
} as const;

export const errorCatalogue = { ...foundationCatalogue, ...spec8ErrorCatalogue } as const;

export type ErrorCode = keyof typeof errorCatalogue;
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export interface ErrorBody {
  /** `values` fill a message's placeholders (e.g. a deletion date, an error count). */
  error: { code: ErrorCode; fields?: Record<string, ErrorCode>; values?: Record<string, string | number> };
}

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(errorCatalogue, code);
}
