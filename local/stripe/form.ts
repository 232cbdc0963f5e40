/**
 * Stripe's request encoding (application/x-www-form-urlencoded with brackets: `recurring[interval]=month`,
 * `expand[0]=data.product`, `metadata[videoId]=…`) as a nested object. An index in brackets makes an array.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

export function parseForm(body: string): Form {
  const root: Form = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, FormValue> | FormValue[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]);
      const key = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part;
      const container = node as Record<string | number, FormValue>;
      if (last) container[key] = value;
      else {
        container[key] ??= nextIsIndex ? [] : {};
        node = container[key] as Record<string, FormValue> | FormValue[];
      }
    });
  }
  return root;
}

/** A form value as text, when it is one. */
export const text = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/** A form value as a record of strings (metadata). */
export const record = (v: FormValue | undefined): Record<string, string> =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};

/** A nested parameter (`payment_settings[…]`) as its own form, empty when absent. */
export const section = (form: Form, key: string): Form => {
  const v = form[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
};

/** A list parameter (`payment_method_types[]=…`) as its strings. */
export const strings = (v: FormValue | undefined): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** Metadata as Stripe keeps it: a key whose value is empty is unset. */
export const withoutEmpty = (metadata: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(metadata).filter(([, v]) => v !== ''));
