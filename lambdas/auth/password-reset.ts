import type { Language } from '../../shared/api/calls/teams';
import { PASSWORD_RESET_LINK_SECONDS, SECONDS_PER_HOUR } from '../../shared/constants';
import type { ValidationCode } from '../../shared/error-catalogue';
import { checkPassword } from '../../shared/rules/password';
import { platformConfig } from '../platform/config';
import { findIdentity, setIdentityPassword } from '../platform/identity';
import { sendMail } from '../core/mail/send-mail';
import { getSiteSettings } from '../core/entities/site-settings';
import { getTeam } from '../core/entities/team';
import { getTeamUser, listMemberships, updateTeamUser } from '../core/entities/team-user';
import { mailText } from '../core/mail/mail-texts';
import { peekToken, useToken, createToken } from '../core/access/one-time-token';
import { withinRateLimit } from './rate-limit';
import { activateImportedMember } from '../core/access/activate-member';

/** Reset mails per e-mail address and hour: enough for a lost mail or two, not for mail-bombing. */
export const PASSWORD_RESET_REQUESTS_PER_HOUR = 5;

/**
 * /request_reset_password: mails a single-use link valid for one hour (SPEC §9) when the address
 * belongs to an account (of the team, when `teamId` is given). Answers only whether the rate limit
 * allowed the request, never whether the address exists.
 */
export async function requestPasswordReset(input: { email: string; teamId?: string; language: Language }): Promise<'accepted' | 'rateLimited'> {
  const allowed = await withinRateLimit('passwordReset', input.email, PASSWORD_RESET_REQUESTS_PER_HOUR, SECONDS_PER_HOUR);
  if (!allowed) return 'rateLimited';
  const userId = await findIdentity(input.email);
  if (!userId) return 'accepted';
  let teamId = input.teamId;
  if (teamId) {
    if (!(await getTeamUser(teamId, userId))) return 'accepted';
  } else {
    teamId = (await listMemberships(userId))[0]?.teamId;
    if (!teamId) return 'accepted';
  }
  const team = await getTeam(teamId);
  if (!team) return 'accepted';
  const token = await createToken('resetPassword', { teamId, userId }, PASSWORD_RESET_LINK_SECONDS);
  const tid = input.teamId ? `&tid=${encodeURIComponent(input.teamId)}` : '';
  const url = `${platformConfig().appOrigin}/change_password?token=${token}${tid}`;
  const mail = mailText(input.language, 'passwordReset', {
    siteName: team.siteName,
    email: input.email,
    url,
    minutes: PASSWORD_RESET_LINK_SECONDS / 60,
  });
  await sendMail({ to: input.email, teamId, ...mail });
  return 'accepted';
}

/**
 * The complex-password rule applies when any team the person belongs to turned it on: one Cognito
 * password serves all of their teams.
 */
export async function complexPasswordRequired(userId: string): Promise<boolean> {
  const memberships = await listMemberships(userId);
  const settings = await Promise.all(memberships.map((m) => getSiteSettings(m.teamId)));
  return settings.some((s) => s.complexPassword);
}

export type ResetPasswordResult =
  | { ok: true; teamId: string }
  | { ok: false; reason: 'invalid' | 'expired' }
  | { ok: false; reason: 'password'; code: ValidationCode };

/** /change_password?token=: checks the password against the rule first, so a refused password leaves the link usable. */
export async function resetPassword(token: string, password: string): Promise<ResetPasswordResult> {
  const peeked = await peekToken('resetPassword', token);
  if (!peeked.ok) return peeked;
  const code = checkPassword(password, { complex: await complexPasswordRequired(peeked.data.userId) });
  if (code) return { ok: false, reason: 'password', code };
  const used = await useToken('resetPassword', token);
  if (!used.ok) return used;
  const { teamId, userId } = used.data;
  const user = await getTeamUser(teamId, userId);
  // A member created by import has no login until this first password (see activate-member.ts).
  if (user?.loginPending) {
    await activateImportedMember(user, password);
    return { ok: true, teamId };
  }
  await setIdentityPassword(userId, password);
  // A new password chosen by the member answers the change-password prompt too.
  if (user?.mustChangePassword) await updateTeamUser(teamId, userId, { set: { mustChangePassword: false, updatedAt: new Date().toISOString() } });
  return { ok: true, teamId };
}
