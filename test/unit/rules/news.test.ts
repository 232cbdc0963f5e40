import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX_LENGTH, NEWS_CONTENT_MAX_LENGTH } from '../../../shared/constants';
import { checkNewsContent, newsSchema } from '../../../shared/rules/news';
import { characterCount, checkDescription, descriptionSchema } from '../../../shared/rules/text';
import { fieldCodes } from './helpers';

describe('news content (SPEC §5: required, up to 1000)', () => {
  it('takes 1000 characters and refuses 1001', () => {
    expect(NEWS_CONTENT_MAX_LENGTH).toBe(1000);
    expect(checkNewsContent('a'.repeat(1000))).toBeUndefined();
    expect(checkNewsContent('a'.repeat(1001))).toBe('validation/news_content_too_long');
  });
  it('is required', () => {
    expect(checkNewsContent('')).toBe('validation/required');
    expect(checkNewsContent('   ')).toBe('validation/required');
  });
  it('newsSchema needs a title and content; groups are optional', () => {
    expect(fieldCodes(newsSchema, { title: 'お知らせ', content: '本文' })).toEqual({});
    expect(fieldCodes(newsSchema, { title: '', content: 'x'.repeat(1001) })).toEqual({
      title: 'validation/required',
      content: 'validation/news_content_too_long',
    });
  });
});

describe('description (SPEC §5: up to 500)', () => {
  it('takes 500 characters and refuses 501', () => {
    expect(DESCRIPTION_MAX_LENGTH).toBe(500);
    expect(checkDescription('説'.repeat(500))).toBeUndefined();
    expect(checkDescription('説'.repeat(501))).toBe('validation/description_too_long');
    expect(fieldCodes(descriptionSchema, '')).toEqual({});
    expect(fieldCodes(descriptionSchema, 'x'.repeat(501))).toEqual({ _: 'validation/description_too_long' });
  });
  it('counts characters, not UTF-16 units', () => {
    expect(characterCount('𩸽のひらき')).toBe(5);
    expect(checkDescription('𩸽'.repeat(500))).toBeUndefined();
  });
});
