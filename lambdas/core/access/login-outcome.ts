import type { MemberLoginOutcome } from '../../../shared/api/calls/auth';
import type { ErrorCode } from '../../../shared/errors';
import { ipAllowed } from './ip-allow-list';
import type { SiteSettings } from '../entities/site-settings';
import type { TeamUser } from '../entities/team-user';

export interface LoginFacts {
  /** The person's record in the team, if any. */
  user: TeamUser | undefined;
  settings: SiteSettings;
  sourceIp: string;
  /** Whether the person signs in with a TOTP code (only asked when the team requires two-factor). */
  twoFactorEnrolled: boolean;
  now: Date;
}

/**
 * SPEC §4: the outcome of a member login to one team, and the gate of every member call. The order
 * is the precedence: who the person is in the team, then the request's address, then the account's
 * state (disabled, cancelled, expired, awaiting approval, e-mail unconfirmed), then what the member
 * must do before continuing (set a password, set up two-factor).
 */
export function decideLoginOutcome({ user, settings, sourceIp, twoFactorEnrolled, now }: LoginFacts): Exclude<MemberLoginOutcome, 'surveyRequired'> {
  if (!user) return 'noAccountForTeam';
  if (user.role === 'admin') return 'adminMustUseAdminLogin';
  if (!ipAllowed(sourceIp, settings.memberIpAllowList)) return 'ipRestricted';
  if (user.disabled) return 'disabled';
  if (user.cancelledAt) return 'cancelled';
  if (user.expiresAt && Date.parse(user.expiresAt) <= now.getTime()) return 'expired';
  if (user.approval === 'pending' || user.approval === 'rejected') return 'unapproved';
  if (settings.emailValidityCheck && user.emailVerified === false) return 'unverifiedEmail';
  if (user.mustChangePassword) return 'changePassword';
  if (twoFactorMissing('member', settings, twoFactorEnrolled)) return 'twoFactorNotConfigured';
  return 'login';
}

/** Whether the team asks this role for a TOTP code (members: `twoFactorRequired`, administrators: `adminTwoFactorRequired`). */
export const twoFactorRequiredFor = (role: 'admin' | 'member', settings: SiteSettings): boolean =>
  role === 'admin' ? settings.adminTwoFactorRequired : settings.twoFactorRequired;

/** The two-factor rule of a login, for either role: required by the team and the login has no TOTP. */
export const twoFactorMissing = (role: 'admin' | 'member', settings: SiteSettings, twoFactorEnrolled: boolean): boolean =>
  twoFactorRequiredFor(role, settings) && !twoFactorEnrolled;

/** The SPEC §8 message of each refused outcome, as a member call answers it. */
// surveyRequired is decided after `login` (memberLoginCall) and refuses no call: it only routes the member.
export const outcomeErrorCode: Record<Exclude<MemberLoginOutcome, 'login' | 'surveyRequired'>, ErrorCode> = {
  noAccountForTeam: 'auth/no_account_for_team',
  adminMustUseAdminLogin: 'auth/admin_must_use_admin_login',
  ipRestricted: 'auth/ip_not_allowed',
  disabled: 'auth/account_disabled',
  cancelled: 'account/cancelled',
  expired: 'auth/account_expired',
  unapproved: 'auth/unapproved',
  unverifiedEmail: 'auth/email_unverified',
  changePassword: 'auth/password_change_required',
  twoFactorNotConfigured: 'auth/two_factor_not_configured',
};
