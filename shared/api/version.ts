import * as z from 'zod/mini';
import { code, invalidValue } from '../rules/issues';

/**
 * An edit's `version` (optimistic locking: the server answers 409 when it is no longer the stored one): a safe
 * integer from `min`, 1 for items, 0 for settings that may never have been saved.
 */
export const versionSchema = (min: 0 | 1 = 1) =>
  z.number(invalidValue).check(z.refine(Number.isSafeInteger, code('validation/not_integer')), z.gte(min, invalidValue));
