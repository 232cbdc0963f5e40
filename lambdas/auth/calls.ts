import {
  adminLoginCall,
  getLoginPageInfoCall,
  getMemberContextCall,
  memberLoginCall,
  requestPasswordResetCall,
  resendVerificationMailCall,
  resetPasswordCall,
  setRequiredPasswordCall,
  verifyEmailCall,
} from '../../shared/api/calls/auth';
import { checkPassword } from '../../shared/rules/password';
import { AppError } from '../http/app-error';
import { implement, teamOf } from '../http/implement';
import { hasTotpMfa, setIdentityPassword } from '../platform/identity';
import { getSiteSettings } from '../settings/site-settings';
import { getTeam } from '../teams/team';
import { getTeamUser, listMemberships, updateTeamUser } from '../teams/team-user';
import { resendVerificationMail, verifyEmail } from './email-verification';
import { registrationSurveyPending } from '../content/enquete/enquete';
import { decideLoginOutcome } from './login-outcome';
import { recordLoginSession } from './login-session';
import { complexPasswordRequired, requestPasswordReset, resetPassword } from './password-reset';
import { recordActivity } from '../analytics/rollups';

const linkError = (reason: 'invalid' | 'expired') => new AppError(reason === 'expired' ? 'auth/link_expired' : 'auth/link_invalid', { token: reason === 'expired' ? 'auth/link_expired' : 'auth/link_invalid' });

export const authCalls = [
  /** SPEC §4/§8: only administrators pass the admin login; a member-only account is told so. */
  implement(adminLoginCall, async (_input, ctx) => {
    const userId = ctx.caller!.userId;
    const memberships = await listMemberships(userId);
    const adminOf = memberships.filter((m) => m.role === 'admin');
    if (adminOf.length === 0) {
      throw new AppError(memberships.length > 0 ? 'auth/no_admin_account' : 'common/no_team');
    }
    const teams = await Promise.all(adminOf.map((m) => getTeam(m.teamId)));
    return {
      userId,
      teams: teams.flatMap((t) => (t ? [{ teamId: t.teamId, siteName: t.siteName }] : [])),
    };
  }),

  /** Public: only what a login page may show. */
  implement(getLoginPageInfoCall, async ({ teamId }) => {
    const [team, settings] = await Promise.all([getTeam(teamId), getSiteSettings(teamId)]);
    if (!team) throw new AppError('common/no_team');
    return { teamId, siteName: team.siteName, complexPassword: settings.complexPassword };
  }),

  implement(memberLoginCall, async ({ teamId }, ctx) => {
    const userId = ctx.caller!.userId;
    const [team, user, settings] = await Promise.all([getTeam(teamId), getTeamUser(teamId, userId), getSiteSettings(teamId)]);
    if (!team) throw new AppError('common/no_team');
    // Cognito is asked only when the answer matters (a member of a team that requires two-factor).
    const twoFactorEnrolled = settings.twoFactorRequired && user?.role === 'member' ? await hasTotpMfa(userId) : false;
    const outcome = decideLoginOutcome({ user, settings, sourceIp: ctx.sourceIp, twoFactorEnrolled, now: new Date() });
    if (outcome === 'cancelled') {
      return { outcome, ...(user?.deletionScheduledAt ? { deletionScheduledAt: user.deletionScheduledAt } : {}) };
    }
    if (outcome !== 'login') return { outcome };
    const session = await recordLoginSession(teamId, userId, twoFactorEnrolled);
    await recordActivity({ teamId, at: new Date(), userId, counts: { logins: 1 } });
    // SPEC §4 survey user: the session is the member's as for `login`; the web sends them to the survey first.
    const surveyFirst = await registrationSurveyPending(teamId, userId, settings.registrationEnqueteId);
    return { outcome: surveyFirst ? ('surveyRequired' as const) : outcome, userId, siteName: team.siteName, loginSessionId: session.sessionId };
  }),

  implement(getMemberContextCall, async (_input, ctx) => {
    const { teamId, user } = teamOf(ctx);
    const team = await getTeam(teamId);
    if (!team) throw new AppError('common/no_team');
    return { teamId, userId: user.userId, name: user.name, email: user.email, siteName: team.siteName };
  }),

  implement(resendVerificationMailCall, async ({ teamId, language }, ctx) => {
    await resendVerificationMail(teamId, ctx.caller!.userId, language);
    return { sent: true as const };
  }),

  implement(verifyEmailCall, async ({ token }) => {
    const result = await verifyEmail(token);
    if (!result.ok) throw linkError(result.reason);
    return { teamId: result.teamId, ...(result.redirectPath ? { redirectPath: result.redirectPath } : {}) };
  }),

  implement(requestPasswordResetCall, async (input) => {
    if ((await requestPasswordReset(input)) === 'rateLimited') throw new AppError('common/too_many_requests');
    return { accepted: true as const };
  }),

  implement(resetPasswordCall, async ({ token, password }) => {
    const result = await resetPassword(token, password);
    if (result.ok) return { teamId: result.teamId };
    if (result.reason === 'password') throw new AppError('common/invalid_input', { password: result.code });
    throw linkError(result.reason);
  }),

  /** Only while the team asks this member for a new password; the flag is cleared with it. */
  implement(setRequiredPasswordCall, async ({ teamId, password }, ctx) => {
    const userId = ctx.caller!.userId;
    const user = await getTeamUser(teamId, userId);
    if (!user || user.role !== 'member' || !user.mustChangePassword) throw new AppError('common/illegal_operation');
    const code = checkPassword(password, { complex: await complexPasswordRequired(userId) });
    if (code) throw new AppError('common/invalid_input', { password: code });
    await setIdentityPassword(userId, password);
    await updateTeamUser(teamId, userId, { set: { mustChangePassword: false, updatedAt: new Date().toISOString() } });
    return { done: true as const };
  }),
];
