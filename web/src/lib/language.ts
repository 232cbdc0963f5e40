import type { Language } from '../../../shared/api/calls/teams';

// Listed here rather than imported: shared/api/calls/teams.ts builds zod schemas at load time,
// which would pull zod into every page's first load.
const supportedLanguages = ['ja', 'en'] as const satisfies readonly Language[];

export const isLanguage = (value: string | null | undefined): value is Language =>
  (supportedLanguages as readonly string[]).includes(value ?? '');

/**
 * The UI language: `?lang=` forces one, else the stored choice, else the first ja/en browser
 * language, else Japanese (the product's home market).
 */
export function pickLanguage(query: string | null, stored: string | null, browser: readonly string[]): Language {
  if (isLanguage(query)) return query;
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'ja';
}
