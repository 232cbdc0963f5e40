import * as z from 'zod/mini';
import { NEWS_CONTENT_MAX_LENGTH } from '../constants';
import { requiredText } from './account';
import { code, invalidValue, type ValidationCode } from './issues';
import { maxLengthRule } from './text';
import { idListSchema } from './common';

const tooLong = maxLengthRule(NEWS_CONTENT_MAX_LENGTH, 'validation/news_content_too_long');

/** SPEC §5: news content is required and has at most 1000 characters. */
export const checkNewsContent = (content: string): ValidationCode | undefined =>
  content.trim() === '' ? 'validation/required' : tooLong(content);

export const newsContentSchema = z.string({ error: code('validation/required') }).check(
  z.refine((content) => content.trim() !== '', code('validation/required')),
  z.refine((content) => !tooLong(content), code('validation/news_content_too_long')),
);

/** A news item: title and content required; no groups means every member sees it. */
export const newsSchema = z.object(
  { title: requiredText(), content: newsContentSchema, groupIds: z._default(idListSchema, []) },
  invalidValue,
);
export type NewsInput = z.input<typeof newsSchema>;
