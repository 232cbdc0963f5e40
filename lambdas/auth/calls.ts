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
import { AppError } from '../core/http/app-error';
import { implement, teamOf } from '../core/http/implement';
import { hasTotpMfa, setIdentityPassword } from '../platform/identity';
import { getSiteSettings } from '../core/entities/site-settings';
import { getTeam } from '../core/entities/team';
import { getIdentityLink, getTeamUser, listMemberships, updateTeamUser } from '../core/entities/team-user';
import { resendVerificationMail, verifyEmail } from '../core/access/email-verification';
import { peekToken } from '../core/access/one-time-token';
import { registrationSurveyPending } from '../core/entities/enquete';
import { decideLoginOutcome } from '../core/access/login-outcome';
import { adminTeamsOf } from './admin-login';
import { recordLoginSession } from '../core/access/login-session';
import { noteUiLanguage } from '../core/access/ui-language';
import { complexPasswordRequired, requestPasswordReset, resetPassword } from './password-reset';
import { emitActivity } from '../core/events/domain-events';
import { getLoginMethodsCall, startFederatedLoginCall } from '../../shared/api/calls/federation';
import { getFederation } from '../core/entities/federation-settings';
import { admitCaller, federatedLoginUrl, loginMethodsOf, refusePasswordWhenSaml } from './federated-login';

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
    return { userId, teams: await adminTeamsOf(userId, adminOf.map((m) => m.teamId)) };
  }),

  /** Public: only what a login page may show. */
  implement(getLoginPageInfoCall, async ({ teamId }) => {
    const [team, settings] = await Promise.all([getTeam(teamId), getSiteSettings(teamId)]);
    if (!team) throw new AppError('common/no_team');
    return { teamId, siteName: team.siteName, complexPassword: settings.complexPassword };
  }),

  implement(memberLoginCall, async ({ teamId, language }, ctx) => {
    const [team, settings] = await Promise.all([getTeam(teamId), getSiteSettings(teamId)]);
    if (!team) throw new AppError('common/no_team');
    // Federated sign-in (issue 15): the provider must be this team's; a first login links to the member of the
    // same e-mail or creates one. The team user may so be another identity's (userId != the caller's sub).
    const user = await admitCaller(teamId, ctx.caller!);
    // Cognito is asked only when the answer matters (a member of a team that requires two-factor); always about
    // the identity that signed in, never a linked password account's TOTP (this sign-in did not use it).
    const twoFactorEnrolled = settings.twoFactorRequired && user?.role === 'member' ? await hasTotpMfa(ctx.caller!.userId) : false;
    const outcome = decideLoginOutcome({ user, settings, sourceIp: ctx.sourceIp, twoFactorEnrolled, now: new Date() });
    if (outcome === 'cancelled') {
      return { outcome, ...(user?.deletionScheduledAt ? { deletionScheduledAt: user.deletionScheduledAt } : {}) };
    }
    if (outcome !== 'login') return { outcome };
    if (!user) return { outcome: 'noAccountForTeam' as const };
    const { userId } = user;
    const session = await recordLoginSession(teamId, userId, twoFactorEnrolled);
    await noteUiLanguage(user, language, ctx);
    await emitActivity({ teamId, at: new Date(), userId, counts: { logins: 1 } });
    // SPEC §4 survey user: the session is the member's as for `login`; the web sends them to the survey first.
    const surveyFirst = await registrationSurveyPending(teamId, userId, settings.registrationEnqueteId);
    return { outcome: surveyFirst ? ('surveyRequired' as const) : outcome, userId, siteName: team.siteName, loginSessionId: session.sessionId };
  }),

  /** Public: the member login page's sign-in choices (issue 15). */
  implement(getLoginMethodsCall, async ({ teamId }) => {
    const team = await getTeam(teamId);
    if (!team) throw new AppError('common/no_team');
    return loginMethodsOf(await getFederation(teamId));
  }),

  implement(startFederatedLoginCall, async (input) => federatedLoginUrl(input)),

  implement(getMemberContextCall, async ({ language }, ctx) => {
    const { teamId, user } = teamOf(ctx);
    await noteUiLanguage(user, language, ctx);
    const team = await getTeam(teamId);
    if (!team) throw new AppError('common/no_team');
    const analyzesGroups = Object.values(user.managerOf ?? {}).some((granted) => granted.includes('analyst'));
    const managesGroups = Object.values(user.managerOf ?? {}).some((granted) => granted.some((p) => p !== 'analyst'));
    return { teamId, userId: user.userId, name: user.name, email: user.email, siteName: team.siteName, plan: team.plan, analyzesGroups, managesGroups };
  }),

  implement(resendVerificationMailCall, async ({ teamId, language }, ctx) => {
    await resendVerificationMail(teamId, (await getIdentityLink(ctx.caller!.userId, teamId))?.userId ?? ctx.caller!.userId, language);
    return { sent: true as const };
  }),

  implement(verifyEmailCall, async ({ token }) => {
    const result = await verifyEmail(token);
    if (!result.ok) throw linkError(result.reason);
    return { teamId: result.teamId, ...(result.redirectPath ? { redirectPath: result.redirectPath } : {}) };
  }),

  implement(requestPasswordResetCall, async (input) => {
    if (input.teamId) await refusePasswordWhenSaml(input.teamId);
    if ((await requestPasswordReset(input)) === 'rateLimited') throw new AppError('common/too_many_requests');
    return { accepted: true as const };
  }),

  implement(resetPasswordCall, async ({ token, password }) => {
    const link = await peekToken('resetPassword', token);
    if (link.ok) await refusePasswordWhenSaml(link.data.teamId);
    const result = await resetPassword(token, password);
    if (result.ok) return { teamId: result.teamId };
    if (result.reason === 'password') throw new AppError('common/invalid_input', { password: result.code });
    throw linkError(result.reason);
  }),

  /** Only while the team asks this member for a new password; the flag is cleared with it. */
  implement(setRequiredPasswordCall, async ({ teamId, password }, ctx) => {
    // A federated identity linked to a password member acts for that member (issue 15): the password set is the
    // member's own account's, as a reset mailed to that (provider-verified) address would set it.
    const userId = (await getIdentityLink(ctx.caller!.userId, teamId))?.userId ?? ctx.caller!.userId;
    const user = await getTeamUser(teamId, userId);
    if (!user || user.role !== 'member' || !user.mustChangePassword) throw new AppError('common/illegal_operation');
    const code = checkPassword(password, { complex: await complexPasswordRequired(userId) });
    if (code) throw new AppError('common/invalid_input', { password: code });
    await setIdentityPassword(userId, password);
    await updateTeamUser(teamId, userId, { set: { mustChangePassword: false, updatedAt: new Date().toISOString() } });
    return { done: true as const };
  }),
];
