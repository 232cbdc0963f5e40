import { describe, expect, it } from 'vitest';
import { readerLanguage } from '../../../lambdas/core/mail/reader-language';

describe('the language of a mail to one person (issue 30)', () => {
  const jaTeam = { language: 'ja' as const };
  const enTeam = { language: 'en' as const };

  it('is the language the person chose, over the one they last used and the team’s', () => {
    expect(readerLanguage({ language: 'en', lastLanguage: 'ja' }, jaTeam)).toBe('en');
    expect(readerLanguage({ language: 'ja', lastLanguage: 'en' }, enTeam)).toBe('ja');
    expect(readerLanguage({ language: 'en' }, jaTeam)).toBe('en');
  });

  it('is the language they last used the site in when they chose none', () => {
    expect(readerLanguage({ lastLanguage: 'en' }, jaTeam)).toBe('en');
    expect(readerLanguage({ lastLanguage: 'ja' }, enTeam)).toBe('ja');
  });

  it('is the team’s default language for a person who chose none and never signed in, or one the team does not know', () => {
    expect(readerLanguage({}, jaTeam)).toBe('ja');
    expect(readerLanguage({}, enTeam)).toBe('en');
    expect(readerLanguage(undefined, enTeam)).toBe('en');
  });
});
