import { describe, expect, it } from 'vitest';
import { pickLanguage } from '../../../web/src/lib/language';

describe('pickLanguage', () => {
  it('lets ?lang= override a stored choice and the browser', () => {
    expect(pickLanguage('en', 'ja', ['ja-JP'])).toBe('en');
    expect(pickLanguage('ja', 'en', ['en-US'])).toBe('ja');
  });

  it('uses the stored choice when ?lang= is absent or unsupported', () => {
    expect(pickLanguage(null, 'en', ['ja-JP'])).toBe('en');
    expect(pickLanguage('fr', 'en', ['ja-JP'])).toBe('en');
  });

  it('takes the first supported browser language, by its primary subtag', () => {
    expect(pickLanguage(null, null, ['fr-FR', 'en-GB', 'ja'])).toBe('en');
    expect(pickLanguage(null, 'de', ['JA-jp'])).toBe('ja');
  });

  it('falls back to Japanese', () => {
    expect(pickLanguage(null, null, ['fr', 'de'])).toBe('ja');
    expect(pickLanguage(null, null, [])).toBe('ja');
  });
});
