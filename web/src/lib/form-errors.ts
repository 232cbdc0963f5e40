import type { z } from 'zod/mini';

/**
 * A form's values checked with the call's own zod schema (the server runs the same one):
 * field -> message code, the first issue per field, `{}` when valid. Object-level issues go to `_`.
 */
export function zodFieldErrors(schema: z.ZodMiniType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    fields[field] ??= issue.message;
  }
  return fields;
}
