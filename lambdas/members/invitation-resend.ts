import { EMAIL_VERIFICATION_LINK_SECONDS, MEMBER_IMPORT_LINK_SECONDS, SECONDS_PER_DAY, SECONDS_PER_HOUR } from '../../shared/constants';
import { createToken } from '../core/access/one-time-token';
import { getTeam } from '../core/entities/team';
import { memberStateOf, updateTeamUser, type TeamUser } from '../core/entities/team-user';
import { AppError } from '../core/http/app-error';
import { mailText } from '../core/mail/mail-texts';
import { readerLanguage } from '../core/mail/reader-language';
import { sendMail } from '../core/mail/send-mail';
import { platformConfig } from '../platform/config';
import { getMember } from './members';

/** One resend per member and minute: a double click or an impatient second click sends one mail, not two. */
export const INVITATION_RESEND_INTERVAL_SECONDS = 60;

/**
 * The resend rule, pure: only an invited member (SPEC §4 state `invited`: no password yet) gets a new link, and not
 * twice within the interval. Answers the refusal's code, or undefined when the resend may go.
 */
export function resendRefusal(user: TeamUser, now: Date): 'member/not_invited' | 'common/too_many_requests' | undefined {
  if (user.role !== 'member' || memberStateOf(user) !== 'invited') return 'member/not_invited';
  const last = user.invitationSentAt ? Date.parse(user.invitationSentAt) : NaN;
  if (now.getTime() - last < INVITATION_RESEND_INTERVAL_SECONDS * 1000) return 'common/too_many_requests';
  return undefined;
}

/**
 * Resends the mail a member import sent (a fresh single-use link to /change_password, which sets the first password and
 * activates the member: lambdas/core/access/activate-member.ts). A member imported to confirm their e-mail address
 * (`emailVerified` false) gets that mail again, the others the invitation. The resend is noted on the record first
 * (a conditional write: of two resends at once one passes), then the link is made and mailed; earlier links stay
 * valid until they expire. The mail's language follows the one rule (lambdas/core/mail/reader-language.ts).
 */
export async function resendInvitation(teamId: string, userId: string, now = new Date()): Promise<TeamUser> {
  await getMember(teamId, userId);
  const at = now.toISOString();
  const user = await updateTeamUser(teamId, userId, (current) => {
    const refusal = resendRefusal(current, now);
    if (refusal) throw new AppError(refusal);
    return { ...current, invitationSentAt: at, updatedAt: at };
  });
  // Activated (the record moved to the member's login id) between the two reads.
  if (!user) throw new AppError('member/not_invited');
  const team = await getTeam(teamId);
  const emailAuth = user.emailVerified === false;
  const ttl = emailAuth ? EMAIL_VERIFICATION_LINK_SECONDS : MEMBER_IMPORT_LINK_SECONDS;
  const token = await createToken('resetPassword', { teamId, userId }, ttl, now);
  const url = `${platformConfig().appOrigin}/change_password?token=${token}&tid=${encodeURIComponent(teamId)}`;
  const language = readerLanguage(user, { language: team?.language ?? 'ja' });
  const siteName = team?.siteName ?? '';
  const mail = emailAuth
    ? mailText(language, 'emailVerification', { siteName, url, hours: ttl / SECONDS_PER_HOUR })
    : mailText(language, 'memberImport.invitation', { siteName, name: user.name, email: user.email, url, days: ttl / SECONDS_PER_DAY });
  await sendMail({ to: user.email, teamId, ...mail, tags: { mailKind: 'memberInvitationResend' } });
  return user;
}
