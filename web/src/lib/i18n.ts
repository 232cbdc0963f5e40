import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../shared/api/calls/teams';
import { errorCodeOf } from './api-error';
import { pickLanguage } from './language';

/** Namespaces every page needs; the others (auth, admin) are loaded by the routes that use them. */
const BASE_NAMESPACES = ['common', 'errors'];
const STORAGE_KEY = 'mvp.language';

// One chunk per language and namespace, so a page downloads only the strings it shows.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../i18n/*/*.json');

const jsonBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, namespace, callback) {
    const load = bundles[`../i18n/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No strings for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

const readStored = (): string | null => {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
};

const store = (language: Language): void => {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
};

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  document.title = i18n.t('common:app.name');
});

export async function initI18n(): Promise<void> {
  const query = new URLSearchParams(window.location.search).get('lang');
  const language = pickLanguage(query, readStored(), navigator.languages ?? [navigator.language]);
  if (query === language) store(language);
  await i18n
    .use(jsonBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: ['ja', 'en'],
      load: 'currentOnly',
      // Both languages hold every key (test/unit/web/i18n.test.ts), so nothing to fall back to.
      fallbackLng: false,
      ns: BASE_NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
}

/** Switches the UI language and remembers the choice for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  store(language);
  await i18n.changeLanguage(language);
}

/** Resolves once the namespaces a route renders are loaded for the current language. */
export function loadNamespaces(...namespaces: string[]): Promise<void> {
  return i18n.loadNamespaces(namespaces);
}

/**
 * A SPEC §8 code (or anything thrown by a call) as a message in the current language. Some messages
 * name a limit (`{{min}}`, `{{max}}`): the caller knows the rule and passes it in `values`.
 */
export function errorMessage(codeOrError: unknown, values: Record<string, string | number> = {}): string {
  const code = typeof codeOrError === 'string' ? codeOrError : errorCodeOf(codeOrError);
  return i18n.t(`errors:${code}`, { ...values, defaultValue: i18n.t('errors:common/unknown') });
}
