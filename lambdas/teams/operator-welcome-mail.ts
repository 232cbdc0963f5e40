import type { Language } from '../../shared/api/calls/teams';
import { TRIAL_DAYS } from '../../shared/constants';
import { platformConfig } from '../platform/config';
import { sendMail } from '../platform/mail';
import en from '../../web/src/i18n/en/mail.json';
import ja from '../../web/src/i18n/ja/mail.json';

const texts = { en, ja } as const;

/** i18next-style `{{name}}` placeholders, so the same JSON serves the web's translators. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

/** The new operator's welcome mail, in the language they registered in. */
export async function sendOperatorWelcome(to: { teamId: string; email: string; name: string; siteName: string; language: Language }) {
  const t = texts[to.language].operatorWelcome;
  const values = { name: to.name, siteName: to.siteName, email: to.email, trialDays: TRIAL_DAYS, loginUrl: `${platformConfig().appOrigin}/login` };
  return sendMail({ to: to.email, teamId: to.teamId, subject: fill(t.subject, values), text: fill(t.body, values) });
}
