import { getTeam } from '../../core/entities/team';
import { getTeamUser } from '../../core/entities/team-user';
import { getCustomMail } from './custom-mail-template';
import { sendTemplateTo } from './render';

/**
 * A workflow's "send a template" action (issue 13): one custom auto mail to one member, filled for them.
 * 'missing': the template (or the member, or the team) no longer exists; 'disabled': its switch is off.
 * Either way nothing is sent and the caller decides whether that matters.
 */
export async function sendCustomTemplateMail(teamId: string, customMailTemplateId: string, userId: string): Promise<'sent' | 'missing' | 'disabled'> {
  const [template, team, user] = await Promise.all([getCustomMail(teamId, customMailTemplateId, true), getTeam(teamId), getTeamUser(teamId, userId)]);
  if (!template || !team || !user) return 'missing';
  if (!template.enabled) return 'disabled';
  await sendTemplateTo(team, user, template, { mailKind: 'customMail', customMailTemplateId });
  return 'sent';
}

/** Whether the team has this custom auto mail (a workflow's "send a template" action names one of its own). */
export async function customMailTemplateExists(teamId: string, customMailTemplateId: string): Promise<boolean> {
  return (await getCustomMail(teamId, customMailTemplateId, true)) !== undefined;
}
