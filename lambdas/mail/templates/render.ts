import type { AutoMailEvent, Language } from '../../../shared/constants';
import { customFieldVariable, fillMailVariables, fixedMailVariables } from '../../../shared/mail-variables';
import { listCustomFields } from '../../core/entities/custom-field';
import { platformConfig } from '../../platform/config';
import type { Team } from '../../core/entities/team';
import type { TeamUser } from '../../core/entities/team-user';
import { mailText, type MailTextKey } from '../../core/mail/mail-texts';
import { sendMail } from '../../core/mail/send-mail';

/** Where each auto mail's default text lives (lambdas/mail/texts); approval keeps the text it always had. */
const defaultTextKeys: Record<AutoMailEvent, MailTextKey> = {
  welcome: 'autoMail.welcome',
  approval: 'invites.approved',
  completedPurchase: 'autoMail.completedPurchase',
  cancelSubscription: 'autoMail.cancelSubscription',
};

/** The platform's default subject and body of an auto mail, with its `{{variables}}` unfilled. */
export function defaultAutoMail(event: AutoMailEvent, language: Language): { subject: string; body: string } {
  // mailText fills placeholders; giving each variable its own placeholder back leaves the template as written.
  const asWritten = Object.fromEntries(fixedMailVariables.map((v) => [v, `{{${v}}}`]));
  const { subject, text } = mailText(language, defaultTextKeys[event], asWritten);
  return { subject, body: text };
}

const answerText = (answer: TeamUser['customFields'] extends Record<string, infer A> | undefined ? A : never): string =>
  Array.isArray(answer) ? answer.join(', ') : String(answer);

/** Every variable's value for one member of `team` (custom fields by their current name). */
export async function variablesFor(team: Pick<Team, 'teamId' | 'siteName'>, user: TeamUser): Promise<Record<string, string>> {
  const values: Record<string, string> = {
    teamName: team.siteName,
    userName: user.name,
    email: user.email,
    loginUrl: `${platformConfig().appOrigin}/login/${team.teamId}`,
  };
  const answers = user.customFields ?? {};
  for (const field of await listCustomFields(team.teamId)) {
    const answer = answers[field.fieldId];
    if (answer !== undefined) values[customFieldVariable(field.name)] = answerText(answer);
  }
  return values;
}

/** The one way a template reaches a member: filled for them and sent, filed in the team's mail log. */
export async function sendTemplateTo(
  team: Pick<Team, 'teamId' | 'siteName'>,
  user: TeamUser,
  template: { subject: string; body: string },
  tags: Record<string, string>,
  values?: Record<string, string>,
): Promise<void> {
  const filled = values ?? (await variablesFor(team, user));
  await sendMail({
    to: user.email,
    teamId: team.teamId,
    subject: fillMailVariables(template.subject, filled).replace(/[\r\n]+/g, ' '),
    text: fillMailVariables(template.body, filled),
    tags,
  });
}
