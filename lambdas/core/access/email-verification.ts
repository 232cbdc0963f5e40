import type { Language } from '../../../shared/api/calls/teams';
import { EMAIL_VERIFICATION_LINK_SECONDS, SECONDS_PER_HOUR } from '../../../shared/constants';
import { platformConfig } from '../../platform/config';
import { sendMail } from '../mail/send-mail';
import { getTeam } from '../entities/team';
import { getTeamUser, updateTeamUser } from '../entities/team-user';
import { mailText } from '../mail/mail-texts';
import { createToken, useToken } from './one-time-token';
import { sameSitePath } from '../../../shared/api/calls/auth';

/**
 * SPEC §4 "email unverified then verified": mails a single-use link, valid 24 hours (SPEC §9), to
 * `/verify_email/<token>?tid=<teamId>`. `redirectPath` (a same-site path, e.g. the join's redirect)
 * is where the member continues after verifying and logging in.
 */
export async function sendVerificationMail(input: {
  teamId: string;
  userId: string;
  email: string;
  language: Language;
  redirectPath?: string;
}): Promise<void> {
  const team = await getTeam(input.teamId);
  if (!team) throw new Error('Team not found');
  const redirectPath = sameSitePath(input.redirectPath);
  const token = await createToken(
    'verifyEmail',
    { teamId: input.teamId, userId: input.userId, ...(redirectPath ? { redirectPath } : {}) },
    EMAIL_VERIFICATION_LINK_SECONDS,
  );
  const url = `${platformConfig().appOrigin}/verify_email/${token}?tid=${encodeURIComponent(input.teamId)}`;
  const mail = mailText(input.language, 'emailVerification', {
    siteName: team.siteName,
    url,
    hours: EMAIL_VERIFICATION_LINK_SECONDS / SECONDS_PER_HOUR,
  });
  await sendMail({ to: input.email, teamId: input.teamId, ...mail });
}

export type VerifyEmailResult =
  | { ok: true; teamId: string; redirectPath?: string }
  | { ok: false; reason: 'invalid' | 'expired' };

/** Uses a verification link: marks the member's e-mail verified in that team. */
export async function verifyEmail(token: string): Promise<VerifyEmailResult> {
  const used = await useToken('verifyEmail', token);
  if (!used.ok) return used;
  const { teamId, userId, redirectPath } = used.data;
  const updated = await updateTeamUser(teamId, userId, { set: { emailVerified: true, updatedAt: new Date().toISOString() } });
  if (!updated) return { ok: false, reason: 'invalid' };
  return { ok: true, teamId, ...(redirectPath ? { redirectPath } : {}) };
}

/** Sends a new link to a member who is still unverified (the "resend" of /unverified_email). */
export async function resendVerificationMail(teamId: string, userId: string, language: Language): Promise<boolean> {
  const user = await getTeamUser(teamId, userId);
  if (!user || user.emailVerified !== false) return false;
  await sendVerificationMail({ teamId, userId, email: user.email, language });
  return true;
}
