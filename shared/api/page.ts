import * as z from 'zod/mini';

/** One answer shape for every list: a page of items and, when more follow, the opaque cursor of the next. */
export interface Page<T> {
  items: T[];
  /** Opaque; pass back as `cursor` for the next page. Absent on the last page. */
  nextCursor?: string;
}

/** Largest page any list answers. */
export const PAGE_SIZE_MAX = 100;

/**
 * One input shape for every list: `{ cursor?, limit }`; spread into a call's input object. `cursorMax` is larger
 * for lists that page several partitions at once (a member's groups).
 */
export const pageInput = (defaultLimit = 20, maxLimit = PAGE_SIZE_MAX, cursorMax = 2000) => ({
  cursor: z.optional(z.string({ error: 'validation/invalid_value' }).check(z.maxLength(cursorMax, 'validation/too_long'))),
  limit: z._default(
    z
      .number({ error: 'validation/invalid_value' })
      .check(
        z.refine(Number.isSafeInteger, 'validation/not_integer'),
        z.gte(1, 'validation/invalid_value'),
        z.lte(maxLimit, 'validation/invalid_value'),
      ),
    defaultLimit,
  ),
});
