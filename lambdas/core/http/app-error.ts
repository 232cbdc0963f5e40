import { errorCatalogue, type ErrorCode } from '../../../shared/errors';

/** A failure the caller can act on: answered as `{ error: { code, fields } }` with the catalogue's status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    public readonly code: ErrorCode,
    public readonly fields?: Record<string, ErrorCode>,
    /** Values for the message's placeholders (SPEC §8 messages that show a date or a count). */
    public readonly values?: Record<string, string | number>,
  ) {
    super(code);
    this.status = errorCatalogue[code];
  }
}

/**
 * A save from a form loaded before someone else's save (its `version` is no longer the item's): 409, SPEC §8's retry
 * message, with the field the forms react to by reloading the item.
 */
export const staleVersion = (): AppError => new AppError('common/concurrent_update', { version: 'validation/invalid_value' });
