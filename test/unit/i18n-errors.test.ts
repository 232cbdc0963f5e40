import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../shared/errors';
import { errorMessageRuntimeValues, errorMessageValues, spec8ErrorCatalogue } from '../../shared/error-catalogue';

const languages = ['ja', 'en'] as const;
const messagesOf = (lang: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../web/src/i18n/${lang}/errors.json`, import.meta.url), 'utf8'));

// Spreading both is correct before and after spec8ErrorCatalogue is merged into shared/errors.ts.
const union: Record<string, number> = { ...errorCatalogue, ...spec8ErrorCatalogue };
const codes = Object.keys(union);
const placeholders = (message: string) => [...message.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('error catalogue (SPEC §8)', () => {
  it('gives a code already in shared/errors.ts the same status', () => {
    const shared: Record<string, number> = errorCatalogue;
    for (const [code, status] of Object.entries(spec8ErrorCatalogue)) {
      if (code in shared) expect(shared[code], code).toBe(status);
    }
  });

  it('names every code area/snake_case with an HTTP error status', () => {
    for (const code of codes) {
      expect(code).toMatch(/^[a-z0-9_]+\/[a-z0-9_]+$/);
      expect(union[code], code).toBeGreaterThanOrEqual(400);
      expect(union[code], code).toBeLessThan(600);
    }
  });

  it('declares message values only for codes of the catalogue', () => {
    for (const code of [...Object.keys(errorMessageValues), ...Object.keys(errorMessageRuntimeValues)]) {
      expect(codes, code).toContain(code);
    }
  });
});

describe.each(languages)('web/src/i18n/%s/errors.json', (lang) => {
  const messages = messagesOf(lang);

  it('has a non-empty message for every code', () => {
    const missing = codes.filter(
      (code) => typeof messages[code] !== 'string' || (messages[code] as string).trim() === '',
    );
    expect(missing).toEqual([]);
  });

  it('has no key that is not a code', () => {
    expect(Object.keys(messages).filter((key) => !(key in union))).toEqual([]);
  });

  it('uses only the values each code is given', () => {
    for (const code of codes) {
      const given = [
        ...Object.keys(errorMessageValues[code as keyof typeof errorMessageValues] ?? {}),
        ...(errorMessageRuntimeValues[code as keyof typeof errorMessageRuntimeValues] ?? []),
      ].sort();
      expect(placeholders(String(messages[code] ?? '')), code).toEqual(given);
    }
  });
});

describe('Japanese messages', () => {
  const ja = messagesOf('ja');
  it('are polite Japanese sentences (です・ます調)', () => {
    for (const code of codes) {
      const message = String(ja[code]);
      expect(message, code).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(message, code).toMatch(/(です|ます|ません|ください|ました|でした)。$/);
    }
  });
});
