import type { Language } from '../../shared/api/calls/teams';
import en from '../../web/src/i18n/en/mail.json';
import ja from '../../web/src/i18n/ja/mail.json';

const texts = { en, ja } as const;

/** The auth mails' subject and body in the reader's language, `{{placeholders}}` filled (i18next style). */
export function authMailText(
  language: Language,
  name: 'emailVerification' | 'passwordReset',
  values: Record<string, string | number>,
): { subject: string; text: string } {
  const t = texts[language][name];
  const fill = (template: string) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
  return { subject: fill(t.subject), text: fill(t.body) };
}
