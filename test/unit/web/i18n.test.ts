import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webSrc = fileURLToPath(new URL('../../../web/src/', import.meta.url));
const i18nDir = join(webSrc, 'i18n');
const languages = ['ja', 'en'] as const;
const namespaces = readdirSync(join(i18nDir, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

type Tree = { [key: string]: string | Tree };

/** Leaf keys as dotted paths; non-string leaves are reported so a stray number or array fails too. */
function flatten(tree: Tree, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) Object.assign(out, flatten(value, path));
    else out[path] = value;
  }
  return out;
}

const load = (language: string, namespace: string): Record<string, unknown> =>
  flatten(JSON.parse(readFileSync(join(i18nDir, language, `${namespace}.json`), 'utf8')) as Tree);

// i18next plural forms: `key_one`, `key_other`, ... (a plural always has `_other`). Japanese needs
// only `_other`, English `_one` and `_other`; a key like `options_too_few` without `_other` is plain.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBases = (keys: string[]) => new Set(keys.filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -6)));
const baseKeys = (keys: string[]): string[] => {
  const plurals = pluralBases(keys);
  const bases = keys.map((k) => (PLURAL.test(k) && plurals.has(k.replace(PLURAL, '')) ? k.replace(PLURAL, '') : k));
  return [...new Set(bases)];
};
const requiredPlurals = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories;

describe('web i18n files', () => {
  it('has the same namespaces in every language', () => {
    for (const language of languages) {
      const files = readdirSync(join(i18nDir, language)).filter((f) => f.endsWith('.json'));
      expect(files.sort(), language).toEqual(namespaces.map((n) => `${n}.json`).sort());
    }
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'auth', 'admin', 'errors']));
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    const strings = Object.fromEntries(languages.map((l) => [l, load(l, namespace)]));

    it.each(languages)('has no empty or non-text value in %s', (language) => {
      const bad = Object.entries(strings[language]).filter(([, v]) => typeof v !== 'string' || v.trim() === '');
      expect(bad.map(([k]) => k)).toEqual([]);
    });

    it('has every key in both languages', () => {
      const [ja, en] = languages.map((l) => new Set(baseKeys(Object.keys(strings[l]))));
      expect([...en].filter((k) => !ja.has(k)), 'missing in ja').toEqual([]);
      expect([...ja].filter((k) => !en.has(k)), 'missing in en').toEqual([]);
    });

    it.each(languages)('has every plural form %s needs', (language) => {
      const keys = Object.keys(strings[language]);
      const otherLanguage = languages.find((l) => l !== language)!;
      const plurals = new Set([...pluralBases(keys), ...pluralBases(Object.keys(strings[otherLanguage]))]);
      const missing = [...plurals].flatMap((base) =>
        requiredPlurals(language)
          .map((form) => `${base}_${form}`)
          .filter((k) => !keys.includes(k)),
      );
      expect(missing).toEqual([]);
    });

    it('uses the same placeholders in both languages', () => {
      const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort();
      const en = strings.en;
      const ja = strings.ja;
      const differing = baseKeys(Object.keys(en)).filter((key) => {
        const enText = en[key] ?? en[`${key}_other`];
        const jaText = ja[key] ?? ja[`${key}_other`];
        return jaText !== undefined && placeholders(enText).join() !== placeholders(jaText).join();
      });
      expect(differing).toEqual([]);
    });
  });

  it('defines every key the web code uses', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
      );
    const known = Object.fromEntries(namespaces.map((ns) => [ns, baseKeys(Object.keys(load('en', ns)))]));
    const missing: string[] = [];
    let checked = 0;
    for (const file of files(webSrc)) {
      const source = readFileSync(file, 'utf8');
      // t('ns:key') and t(`ns:prefix.${x}.suffix`): a template part must match at least one key.
      for (const [, quote, ns, key] of source.matchAll(/\bt\(\s*(['`])(\w+):([\w./${}-]+)\1/g)) {
        checked += 1;
        const pattern = quote === '`' ? new RegExp(`^${key.replace(/\./g, '\\.').replace(/\$\{[^}]+\}/g, '[\\w/-]+')}$`) : null;
        const keys = known[ns] ?? [];
        const found = pattern ? keys.some((k) => pattern.test(k)) : keys.includes(key);
        if (!found) missing.push(`${relative(webSrc, file)}: ${ns}:${key}`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
