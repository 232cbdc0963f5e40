import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../http/app-error';
import { ipAllowed } from './ip-allow-list';
import { getSiteSettings, type SiteSettings } from '../entities/site-settings';
import type { TeamUser } from '../entities/team-user';
import { decideLoginOutcome, outcomeErrorCode, twoFactorMissing, twoFactorRequiredFor } from './login-outcome';
import { getLoginSession } from './login-session';

const sameId = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The security gate of every team call (after the role check): the team's IP allow list for the
 * caller's role, and for members the login outcome's checks (a disabled, cancelled, expired,
 * unapproved or unverified member cannot call even with a valid token), single login and the
 * two-factor rule through the recorded login session.
 */
export async function checkTeamCallSecurity(input: {
  user: TeamUser;
  sourceIp: string;
  loginSessionId: string | undefined;
  /** The team's settings when the caller already read them (alongside the team user). */
  settings?: SiteSettings;
  now?: Date;
}): Promise<void> {
  const { user, sourceIp } = input;
  const settings = input.settings ?? (await getSiteSettings(user.teamId));
  if (user.role === 'admin') {
    if (!ipAllowed(sourceIp, settings.adminIpAllowList)) throw new AppError('auth/ip_not_allowed');
    // The team requires administrators to use TOTP: the admin login recorded whether this one does.
    if (twoFactorRequiredFor('admin', settings)) {
      const session = await getLoginSession(user.teamId, user.userId);
      if (twoFactorMissing('admin', settings, session?.twoFactorEnrolled ?? false)) throw new AppError(outcomeErrorCode.twoFactorNotConfigured);
    }
    return;
  }
  const needsSession = settings.singleLogin || settings.twoFactorRequired;
  const session = needsSession ? await getLoginSession(user.teamId, user.userId) : undefined;
  const outcome = decideLoginOutcome({
    user,
    settings,
    sourceIp,
    twoFactorEnrolled: session?.twoFactorEnrolled ?? false,
    now: input.now ?? new Date(),
  });
  if (outcome === 'cancelled') {
    throw new AppError('account/cancelled', undefined, user.deletionScheduledAt ? { date: user.deletionScheduledAt } : undefined);
  }
  if (outcome !== 'login') throw new AppError(outcomeErrorCode[outcome]);
  if (settings.singleLogin && !(session && input.loginSessionId && sameId(session.sessionId, input.loginSessionId))) {
    throw new AppError('auth/logged_in_elsewhere');
  }
}
