import * as z from 'zod/mini';
import { code, invalidValue } from './issues';

/** An id chosen in a form (a group, a template, a content): a non-empty string. */
export const idSchema = z.string(invalidValue).check(z.minLength(1, code('validation/invalid_value')));
export const idListSchema = z.array(idSchema, invalidValue);
/** A switch with its default. */
export const flagSchema = (defaultValue: boolean) => z._default(z.boolean(invalidValue), defaultValue);
