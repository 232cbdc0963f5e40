import type { Language } from '../../../shared/constants';
import en from './texts/en.json';
import ja from './texts/ja.json';

/**
 * The one loader of the platform's mail texts (lambdas/mail/texts/{ja,en}.json): subject and body in the reader's
 * language with i18next-style `{{name}}` placeholders filled. Server code owns these texts; the web never shows them.
 */
const texts = { en, ja } as const;
type Texts = typeof en;

/** Every mail text, by its path in the JSON (`invites.inviteLink`). */
export type MailTextKey =
  | { [K in keyof Texts]: Texts[K] extends { subject: string } ? K : { [S in keyof Texts[K] & string]: `${K & string}.${S}` }[keyof Texts[K] & string] }[keyof Texts];

export function mailText(language: Language, key: MailTextKey, values: Record<string, string | number>): { subject: string; text: string } {
  let node: unknown = texts[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  const t = node as { subject: string; body: string };
  const fill = (template: string) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
  return { subject: fill(t.subject), text: fill(t.body) };
}
