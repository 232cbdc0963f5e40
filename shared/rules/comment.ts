import * as z from 'zod/mini';
import { COMMENT_BODY_MAX_LENGTH } from '../constants';
import { code, type ValidationCode } from './issues';
import { maxLengthRule } from './text';

const tooLong = maxLengthRule(COMMENT_BODY_MAX_LENGTH, 'validation/comment_too_long');

/** SPEC §5/§8: a comment or a reply is required and has at most 1000 characters. */
export const checkCommentBody = (body: string): ValidationCode | undefined => (body.trim() === '' ? 'validation/required' : tooLong(body));

export const commentBodySchema = z.string({ error: code('validation/required') }).check(
  z.refine((body) => body.trim() !== '', code('validation/required')),
  z.refine((body) => !tooLong(body), code('validation/comment_too_long')),
);
