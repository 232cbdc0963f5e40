import type { Language } from '../../shared/constants';
import type { Invite } from '../../shared/api/calls/invites';
import { platformConfig } from '../platform/config';
import { mailText } from '../core/mail/mail-texts';
import { sendMail } from '../core/mail/send-mail';

/** The link a person registers through (SPEC §2 /join/user/:inviteId, /join/admin/:inviteId). */
export const joinUrl = (invite: Pick<Invite, 'kind' | 'inviteId'>) => `${platformConfig().appOrigin}/join/${invite.kind}/${invite.inviteId}`;

/** The invite link to one address, filed in the team's mail log. */
export async function sendInviteLinkMail(to: string, ctx: { teamId: string; siteName: string; language: Language; invite: Invite }) {
  const values = { siteName: ctx.siteName, title: ctx.invite.title, comment: ctx.invite.comment ?? '', url: joinUrl(ctx.invite) };
  const { subject, text } = mailText(ctx.language, 'invites.inviteLink', values);
  return sendMail({
    to,
    teamId: ctx.teamId,
    subject,
    text: text.replace(/\n{3,}/g, '\n\n'),
    tags: { mailKind: 'invite', inviteId: ctx.invite.inviteId },
  });
}

