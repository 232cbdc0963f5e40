import * as z from 'zod/mini';
import { DESCRIPTION_MAX_LENGTH } from '../constants';
import { code, type ValidationCode } from './issues';

/**
 * Length limits count characters as a person does (code points), so an emoji or a rare
 * kanji outside the BMP counts once, not twice as `string.length` would.
 */
export const characterCount = (text: string): number => Array.from(text).length;

/** Builds a "at most `max` characters" rule that answers `failure`. */
export const maxLengthRule =
  (max: number, failure: ValidationCode) =>
  (text: string): ValidationCode | undefined =>
    characterCount(text) > max ? failure : undefined;

/** SPEC §5: a description (product, price, content overview) has at most 500 characters. */
export const checkDescription = maxLengthRule(DESCRIPTION_MAX_LENGTH, 'validation/description_too_long');

/** An optional description; empty is fine. */
export const descriptionSchema = z
  .string({ error: code('validation/invalid_value') })
  .check(z.refine((text) => !checkDescription(text), code('validation/description_too_long')));
