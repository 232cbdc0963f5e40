import { getTeam } from '../../core/entities/team';
import { getTeamUser } from '../../core/entities/team-user';
import type { MemberEvent } from '../../core/events/domain-events';
import { customMailsFor } from './custom-mail-template';
import { getAutoMailTemplate } from './template-service';
import { sendTemplateTo, variablesFor } from './render';

/**
 * The mails a member event sends (SPEC §3 Auto mail, Custom auto mail): the event's auto mail in the team's
 * language when switched on, and every switched-on custom auto mail of the event's type that names one of the
 * event's objects. Members have no language of their own: the site's language is theirs.
 */
export async function sendEventMails(event: MemberEvent): Promise<void> {
  const [team, user] = await Promise.all([getTeam(event.teamId), getTeamUser(event.teamId, event.userId)]);
  if (!team || !user) return;
  const [auto, custom] = await Promise.all([
    getAutoMailTemplate(team.teamId, event.type, team.language, false),
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
