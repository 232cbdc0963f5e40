import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The app's own strings, so each test finds the same controls in Japanese and in English. */
export const languages = ['en', 'ja'] as const;
export type Lang = (typeof languages)[number];

type Tree = { [key: string]: string | Tree };
/** Every namespace the web ships (web/src/i18n/<lang>/<namespace>.json), read once. */
const resources = Object.fromEntries(
  languages.map((lang) => {
    const dir = fileURLToPath(new URL(`../../../web/src/i18n/${lang}/`, import.meta.url));
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    return [lang, Object.fromEntries(files.map((f) => [f.slice(0, -'.json'.length), JSON.parse(readFileSync(`${dir}${f}`, 'utf8')) as Tree]))];
  }),
) as Record<Lang, Record<string, Tree>>;

function lookup(lang: Lang, nsKey: string): string | undefined {
  const [ns, key] = nsKey.split(':') as [string, string];
  const tree = resources[lang][ns];
  if (!tree) return undefined;
  // errors.json is flat ("auth/wrong_password"); the others nest by dots.
  if (typeof tree[key] === 'string') return tree[key];
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** `t('auth:login.submit')` as the app renders it, with i18next's `{{var}}` and `_one/_other` plurals. */
export function t(lang: Lang, nsKey: string, values: Record<string, string | number> = {}): string {
  const plural = typeof values.count === 'number' ? lookup(lang, `${nsKey}_${new Intl.PluralRules(lang).select(values.count)}`) : undefined;
  const text = plural ?? lookup(lang, nsKey);
  if (text === undefined) throw new Error(`No ${lang} string for ${nsKey}`);
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches text that contains the message (used for accessible descriptions holding hint + error). */
export const containing = (text: string) => new RegExp(escape(text));

/** Any rendering of a message: each `{{var}}` matches some text, and every plural form is accepted. */
export function matching(lang: Lang, nsKey: string): RegExp {
  const forms = ['', '_zero', '_one', '_two', '_few', '_many', '_other']
    .map((suffix) => lookup(lang, `${nsKey}${suffix}`))
    .filter((text): text is string => text !== undefined);
  if (forms.length === 0) throw new Error(`No ${lang} string for ${nsKey}`);
  return new RegExp(forms.map((text) => text.split(/{{\s*\w+\s*}}/).map(escape).join('.+?')).join('|'));
}
