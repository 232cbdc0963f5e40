import type { AutoMailTemplate } from '../../../shared/api/calls/mail-templates';
import type { AutoMailEvent, Language } from '../../../shared/constants';
import { getTeam } from '../../core/entities/team';
import { getTeamUser } from '../../core/entities/team-user';
import type { MemberEvent } from '../../core/events/domain-events';
import { readerLanguage } from '../../core/mail/reader-language';
import { customMailsFor } from './custom-mail-template';
import { getAutoMailTemplate } from './template-service';
import { sendTemplateTo, variablesFor } from './render';

/**
 * The auto mail of `event` for a reader of `language`: the team's template of that language. One never saved in that
 * language (the default text of that language) is on or off as the team's own language's template is, so a member
 * reading another language is not left out of a mail the operator switched on.
 */
export async function autoMailFor(teamId: string, event: AutoMailEvent, language: Language, teamLanguage: Language): Promise<AutoMailTemplate> {
  const own = await getAutoMailTemplate(teamId, event, language, false);
  if (own.version > 0 || language === teamLanguage) return own;
  const teams = await getAutoMailTemplate(teamId, event, teamLanguage, false);
  return { ...own, enabled: teams.enabled };
}

/**
 * The mails a member event sends (SPEC §3 Auto mail, Custom auto mail): the event's auto mail in the member's own
 * language (lambdas/core/mail/reader-language.ts: the team's template of that language, else that language's default
 * text) when switched on, and every switched-on custom auto mail of the event's type that names one of the event's
 * objects (a custom auto mail has one text, written in whatever language the operator chose).
 */
export async function sendEventMails(event: MemberEvent): Promise<void> {
  const [team, user] = await Promise.all([getTeam(event.teamId), getTeamUser(event.teamId, event.userId)]);
  if (!team || !user) return;
  const [auto, custom] = await Promise.all([
    autoMailFor(team.teamId, event.type, readerLanguage(user, team), team.language),
    customMailsFor(team.teamId, event.type, event.objectIds),
  ]);
  const enabledCustom = custom.filter((t) => t.enabled);
  // Most events send nothing (three of the four auto mails start off): then the member's values are not read.
  if (!auto.enabled && enabledCustom.length === 0) return;
  const values = await variablesFor(team, user);
  const sends: Promise<void>[] = [];
  if (auto.enabled) sends.push(sendTemplateTo(team, user, auto, { mailKind: 'autoMail', event: event.type }, values));
  for (const t of enabledCustom) {
    sends.push(sendTemplateTo(team, user, t, { mailKind: 'customMail', customMailTemplateId: t.customMailTemplateId }, values));
  }
  const results = await Promise.allSettled(sends);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  // One mail failing must not stop the others; the caller logs what failed.
  if (failed) throw failed.reason;
}
