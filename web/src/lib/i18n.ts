import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { Language } from '../../../shared/api/calls/teams';
import { ApiError, errorCodeOf } from './api-error';
import { formatDate } from './format';
import { isLanguage, pickLanguage } from './language';

/**
 * The UI strings: one JSON per language and namespace (`web/src/i18n/<ja|en>/<ns>.json`), loaded on demand, with
 * i18next's key format (`ns:key.path`, `{{name}}` interpolation, `_one`/`_other` plural keys picked by
 * Intl.PluralRules from `count`). In-house rather than i18next + react-i18next: those were 17 KB gzipped of a
 * member's first load for the few features used here.
 */

/** Namespaces every page needs; the others (auth, admin) are loaded by the routes that use them. */
const BASE_NAMESPACES = ['common', 'errors'];
const STORAGE_KEY = 'mvp.language';

// One chunk per language and namespace, so a page downloads only the strings it shows.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../i18n/*/*.json');

type Strings = Record<string, unknown>;
const loaded = new Map<string, Strings>();
const loading = new Map<string, Promise<void>>();
let language: Language = 'ja';
/** Bumped on every change a rendered string may depend on (language, newly loaded namespace). */
let version = 0;
const listeners = new Set<() => void>();
const changed = () => {
  version++;
  for (const l of listeners) l();
};

function load(lang: Language, namespace: string): Promise<void> {
  const id = `${lang}/${namespace}`;
  if (loaded.has(id)) return Promise.resolve();
  let pending = loading.get(id);
  if (!pending) {
    const importer = bundles[`../i18n/${id}.json`];
    if (!importer) return Promise.reject(new Error(`No strings for ${id}`));
    pending = importer().then(
      (module) => {
        loaded.set(id, module.default);
        loading.delete(id);
        changed();
      },
      (error: unknown) => {
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

/** Namespaces asked for so far: a language change loads them all in the new language. */
const wanted = new Set<string>(BASE_NAMESPACES);

const lookup = (namespace: string, key: string): string | undefined => {
  let node: unknown = loaded.get(`${language}/${namespace}`);
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Strings)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

export type TOptions = Record<string, unknown> & { count?: number; defaultValue?: string };

/** A string by `ns:key` (or `key` in `defaultNamespace`), interpolated; the key itself when it is missing. */
export function translate(fullKey: string, options: TOptions = {}, defaultNamespace = 'common'): string {
  const split = fullKey.indexOf(':');
  const [namespace, key] = split > 0 ? [fullKey.slice(0, split), fullKey.slice(split + 1)] : [defaultNamespace, fullKey];
  const plural = typeof options.count === 'number' ? new Intl.PluralRules(language).select(options.count) : undefined;
  const text =
    (plural && (lookup(namespace, `${key}_${plural}`) ?? lookup(namespace, `${key}_other`))) ?? lookup(namespace, key) ?? options.defaultValue ?? fullKey;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => (name in options ? String(options[name]) : match));
}

const readStored = (): string | null => {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
};

const store = (lang: Language): void => {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
};

async function switchLanguage(lang: Language): Promise<void> {
  await Promise.all([...wanted].map((ns) => load(lang, ns)));
  language = lang;
  document.documentElement.lang = lang;
  document.title = translate('common:app.name');
  changed();
}

export async function initI18n(): Promise<void> {
  const query = new URLSearchParams(window.location.search).get('lang');
  const lang = pickLanguage(query, readStored(), navigator.languages ?? [navigator.language]);
  if (query === lang) store(lang);
  await switchLanguage(lang);
}

/**
 * The site's default language (SPEC §3 site settings, app_setting) for a visitor who has not chosen one: applied
 * for this page without remembering it; `?lang=` and a stored choice win.
 */
export async function applySiteLanguage(lang: Language): Promise<void> {
  const query = new URLSearchParams(window.location.search).get('lang');
  if (lang === language || isLanguage(query) || isLanguage(readStored())) return;
  await switchLanguage(lang);
}

/** The language the UI runs in now (sent with the sign-in and the shells' context calls: mails follow it, issue 30). */
export const uiLanguage = (): Language => language;

/**
 * Calls `refresh` when the UI language changes (not on the first render): the signed-in shells ask for their context
 * again, which notes the new language at once, so the next mail already follows it (issue 30).
 */
export function useOnLanguageChange(refresh: () => void): void {
  const current = useSyncExternalStore(subscribe, () => language);
  const seen = useRef(current);
  useEffect(() => {
    if (seen.current === current) return;
    seen.current = current;
    refresh();
  }, [current]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** Switches the UI language and remembers the choice for the next visit. */
export async function changeLanguage(lang: Language): Promise<void> {
  store(lang);
  await switchLanguage(lang);
}

/** Resolves once the namespaces a route renders are loaded for the current language. */
export function loadNamespaces(...namespaces: string[]): Promise<void> {
  for (const ns of namespaces) wanted.add(ns);
  return Promise.all(namespaces.map((ns) => load(language, ns))).then(() => undefined);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The strings in a component (react-i18next's shape): `t` in `namespace` (default `common`) under `keyPrefix`;
 * the component renders again when the language changes or a namespace arrives.
 */
export function useTranslation(namespace = 'common', opts: { keyPrefix?: string } = {}) {
  const current = useSyncExternalStore(subscribe, () => version);
  const prefix = opts.keyPrefix ? `${opts.keyPrefix}.` : '';
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useCallback((key: string, options?: TOptions) => translate(key.includes(':') ? key : prefix + key, options, namespace), [namespace, prefix, current]);
  return { t, i18n: { language } };
}

/**
 * A SPEC §8 code (or anything thrown by a call) as a message in the current language. Some messages
 * name a limit (`{{min}}`, `{{max}}`): the caller knows the rule and passes it in `values`.
 */
export function errorMessage(codeOrError: unknown, values: Record<string, string | number> = {}): string {
  const code = typeof codeOrError === 'string' ? codeOrError : errorCodeOf(codeOrError);
  // The server's values (an instant as ISO-8601 under `date`) shown in SPEC §9's format and the viewer's zone.
  const fromServer = codeOrError instanceof ApiError ? codeOrError.values : {};
  const shown = Object.fromEntries(Object.entries(fromServer).map(([k, v]) => [k, k === 'date' && typeof v === 'string' ? formatDate(v) || v : v]));
  return translate(`errors:${code}`, { ...shown, ...values, defaultValue: translate('errors:common/unknown') });
}
