import type { Language } from '../../shared/constants';
import type { Invite } from '../../shared/api/calls/invites';
import { platformConfig } from '../platform/config';
import { sendMail } from '../platform/mail';
import en from '../../web/src/i18n/en/mail.json';
import ja from '../../web/src/i18n/ja/mail.json';

const texts = { en, ja } as const;

/** i18next-style `{{name}}` placeholders, so the same JSON serves the web's translators. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

/** The link a person registers through (SPEC §2 /join/user/:inviteId, /join/admin/:inviteId). */
export const joinUrl = (invite: Pick<Invite, 'kind' | 'inviteId'>) => `${platformConfig().appOrigin}/join/${invite.kind}/${invite.inviteId}`;

/** The invite link to one address; the mail port files it in the team's mail log. */
export async function sendInviteLinkMail(to: string, ctx: { teamId: string; siteName: string; language: Language; invite: Invite }) {
  const t = texts[ctx.language].invites.inviteLink;
  const values = { siteName: ctx.siteName, title: ctx.invite.title, comment: ctx.invite.comment ?? '', url: joinUrl(ctx.invite) };
  return sendMail({
    to,
    teamId: ctx.teamId,
    subject: fill(t.subject, values),
    text: fill(t.body, values).replace(/\n{3,}/g, '\n\n'),
    tags: { mailKind: 'invite', inviteId: ctx.invite.inviteId },
  });
}

/** SPEC §3 auto mail "approval": the member may now log in. */
export async function sendApprovalMail(to: { email: string; name: string }, ctx: { teamId: string; siteName: string; language: Language }) {
  const t = texts[ctx.language].invites.approved;
  const values = { siteName: ctx.siteName, name: to.name, email: to.email, loginUrl: `${platformConfig().appOrigin}/login/${ctx.teamId}` };
  return sendMail({ to: to.email, teamId: ctx.teamId, subject: fill(t.subject, values), text: fill(t.body, values), tags: { mailKind: 'approval' } });
}
