/**
 * The variables an auto mail or a custom auto mail may use (SPEC §3 Auto mail; issue 13 "variables are checked
 * when saving"): `{{teamName}}`, `{{userName}}`, `{{email}}`, `{{loginUrl}}` and `{{customField.<field name>}}`
 * for each of the team's custom member fields. The server checks them on save and fills them per member; the web
 * lists them in the editor's variable inserter.
 */
export const fixedMailVariables = ['teamName', 'userName', 'email', 'loginUrl'] as const;
export type FixedMailVariable = (typeof fixedMailVariables)[number];

const CUSTOM_FIELD_PREFIX = 'customField.';

/** `{{ name }}`: anything but braces between the double braces (field names may hold spaces or Japanese). */
const VARIABLE = /\{\{([^{}]*)\}\}/g;

export const customFieldVariable = (fieldName: string) => `${CUSTOM_FIELD_PREFIX}${fieldName}`;

/** What the inserter shows and what `{{…}}` may name in a team whose custom fields are `fieldNames`. */
export const mailVariablesOf = (fieldNames: readonly string[]): string[] => [...fixedMailVariables, ...fieldNames.map(customFieldVariable)];

/** The variable names used in `text`, as written between the braces (trimmed). */
export const mailVariablesIn = (text: string): string[] => [...text.matchAll(VARIABLE)].map((m) => m[1]!.trim());

/** Whether `text` names a variable outside `allowed`. */
export const hasUnknownMailVariable = (text: string, allowed: readonly string[]): boolean =>
  mailVariablesIn(text).some((name) => !allowed.includes(name));

/** The custom field a variable names, or undefined for a fixed one. */
export const customFieldOfVariable = (name: string): string | undefined =>
  name.startsWith(CUSTOM_FIELD_PREFIX) ? name.slice(CUSTOM_FIELD_PREFIX.length) : undefined;

/** Fills every `{{name}}` with `values[name]`; a name without a value becomes empty (a field the member left blank). */
export const fillMailVariables = (text: string, values: Readonly<Record<string, string>>): string =>
  text.replace(VARIABLE, (_, name: string) => values[name.trim()] ?? '');
