import type { z } from 'zod/mini';
import type { ValidationCode } from '../error-catalogue';

export type { ValidationCode };

/** One field message of a rule that looks at several fields; `path` as zod reports it. */
export interface FieldIssue {
  path: (string | number)[];
  code: ValidationCode;
}

/** A typed message for a zod schema: a misspelt code fails the type check, not a user. */
export const code = (c: ValidationCode): ValidationCode => c;

/** Hands a rule's issues to zod (inside `superRefine`), so the server answers them per field. */
export function reportIssues(ctx: z.core.$RefinementCtx, issues: readonly FieldIssue[]): void {
  for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.code, path: issue.path });
}

/** A single-field rule's answer as issues on `path`. */
export const issueAt = (path: (string | number)[], c: ValidationCode | undefined): FieldIssue[] => (c ? [{ path, code: c }] : []);

/**
 * Options for `superRefine`: run a rule across fields only once the fields it reads have
 * parsed. zod runs an object's refinements even when one of its fields failed, with that
 * field's raw input in place, so a date rule could otherwise meet a string.
 */
export const whenValid = (...fields: string[]): z.core.$ZodSuperRefineParams => ({
  // Not at all when the value itself is no object (e.g. missing): an issue with no path is the value's own.
  when: (payload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0]))),
});

/** zod params for a wrong type or shape: the generic field message instead of zod's English. */
export const invalidValue = { error: code('validation/invalid_value') };
