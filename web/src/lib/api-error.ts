/** A failed call as the UI sees it: an HTTP status and SPEC §8 codes (the whole call's and per field). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly fields: Record<string, string> = {},
    /** What the message names that differs each time (shared/error-catalogue.ts errorMessageRuntimeValues). */
    readonly values: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** Status-only fallbacks for answers without our error body (a proxy's 413/429, a crashed gateway). */
const codeForStatus = (status: number): string => {
  if (status === 401) return 'auth/not_logged_in';
  if (status === 403) return 'common/no_operation_authority';
  if (status === 404) return 'common/not_found';
  if (status === 413) return 'common/payload_too_large';
  if (status === 429) return 'common/too_many_requests';
  return 'common/unknown';
};

/** Turns a non-2xx answer's status and parsed body (anything, possibly not ours) into an ApiError. */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: unknown; fields?: unknown; values?: unknown } } | null)?.error;
  const code = typeof error?.code === 'string' ? error.code : codeForStatus(status);
  const fields: Record<string, string> = {};
  if (error?.fields && typeof error.fields === 'object') {
    for (const [field, fieldCode] of Object.entries(error.fields)) {
      if (typeof fieldCode === 'string') fields[field] = fieldCode;
    }
  }
  const values: Record<string, string | number> = {};
  if (error?.values && typeof error.values === 'object') {
    for (const [name, value] of Object.entries(error.values)) {
      if (typeof value === 'string' || typeof value === 'number') values[name] = value;
    }
  }
  return new ApiError(status, code, fields, values);
}

/** The message code for anything a call or sign-in can throw; unknown failures become `common/unknown`. */
export function errorCodeOf(error: unknown): string {
  return error instanceof ApiError ? error.code : 'common/unknown';
}
