import fc from 'fast-check';
import type { z } from 'zod/mini';

/**
 * Bad request bodies for one call, derived from its zod (v4 mini) input: an otherwise plausible body in
 * which one field is spoiled (wrong type, missing, 1 MB string, 10,000 levels of nesting, prototype keys,
 * unicode edge cases, invalid dates), or a body that is not a JSON object at all. Only bodies the call's
 * own schema refuses are kept, so every one of them must be answered 4xx.
 */

/** The JSON text of a body, and what the server parses it to (checked against the schema here). */
export interface BadBody {
  kind: string;
  text: string;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  element?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  getter?: () => z.ZodMiniType;
  left?: z.ZodMiniType;
}

const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** 10,000 levels: built as text because JSON.stringify itself overflows the stack at that depth. */
export const DEEP_LEVELS = 10_000;
const DEEP_OBJECT = '"\u0000deep-object\u0000"';
const DEEP_ARRAY = '"\u0000deep-array\u0000"';
const deepText = (marker: string) =>
  marker === DEEP_OBJECT ? `${'{"a":'.repeat(DEEP_LEVELS)}1${'}'.repeat(DEEP_LEVELS)}` : `${'['.repeat(DEEP_LEVELS)}${']'.repeat(DEEP_LEVELS)}`;

/** Own `__proto__` / `constructor` / `prototype` keys, as JSON.parse makes them (an object literal would set the prototype). */
const protoObject = (inner: string) => JSON.parse(`{"__proto__":${inner},"constructor":{"prototype":${inner}},"prototype":${inner}}`) as unknown;

const MB_ASCII = 'a'.repeat(1_000_000);
const MB_WIDE = '字'.repeat(340_000); // about 1 MB of UTF-8

const unicodeEdges = [
  '\uD800',
  'a\uDFFFb',
  '\u202Eevil\u202C',
  'מנהל',
  '\u200B',
  '\u200D\u200C\uFEFF',
  'nul\u0000byte',
  '\u0000',
  '\uFFFF\uFFFE',
  'e\u0301\u0301\u0301',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\u0085\u2028\u2029',
  '',
  ' ',
];

const invalidDates = [
  '2026-02-30',
  '2026-13-01T00:00:00.000Z',
  '2026-01-01T25:61:61Z',
  'not a date',
  '0000-00-00',
  '+275760-09-13T00:00:00.001Z',
  '-271821-04-19T00:00:00.000Z',
  '9999-99-99T99:99:99Z',
  '2026-01-01T00:00:00.000+99:99',
  'Invalid Date',
  8.64e15 + 1,
  -1,
];

const wrongTypes: unknown[] = [0, -1, 1.5, 1e308, -0, true, false, null, [], {}, [null], { a: 1 }, '', 'x', [[[]]], ['x', 1]];

const placeholders = ['01J00000000000000000000000', 'x', 'someone@example.test', '2026-01-01T00:00:00.000Z', 'https://example.test/', 'ja'];

/** A value of the field's kind that a real client might send (often still refused: ids that are not there, etc.). */
function plausible(schema: z.ZodMiniType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 4) return fc.constant('x');
  switch (def.type) {
    case 'object':
      return plausibleObject(schema, depth + 1);
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return plausible(def.innerType!, depth);
    case 'nullable':
      return fc.oneof(fc.constant(null), plausible(def.innerType!, depth));
    case 'pipe':
      return plausible(def.in!, depth);
    case 'lazy':
      return plausible(def.getter!(), depth + 1);
    case 'array':
      return fc.oneof(fc.constant([]), plausible(def.element!, depth + 1).map((v) => [v]));
    case 'union':
      return fc.oneof(...def.options!.map((o) => plausible(o, depth + 1)));
    case 'intersection':
      return plausible(def.left!, depth + 1);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries!));
    case 'literal':
      return fc.constantFrom(...def.values!);
    case 'boolean':
      return fc.boolean();
    case 'number':
    case 'int':
      return fc.constantFrom(0, 1, 10, 100);
    case 'string':
      if (def.format === 'email') return fc.constant('someone@example.test');
      if (def.format === 'url') return fc.constant('https://example.test/');
      if (def.format === 'datetime' || def.format === 'date') return fc.constant('2026-01-01T00:00:00.000Z');
      return fc.constantFrom(...placeholders);
    case 'record':
      return fc.constant({});
    default:
      return fc.constant('x');
  }
}

function plausibleObject(schema: z.ZodMiniType, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const shape = defOf(schema).shape ?? {};
  const keys = Object.keys(shape);
  if (keys.length === 0) return fc.constant({});
  return fc.tuple(...keys.map((k) => fc.option(plausible(shape[k], depth), { nil: undefined, freq: 4 }))).map((values) => {
    const out: Record<string, unknown> = {};
    keys.forEach((k, i) => {
      if (values[i] !== undefined) out[k] = values[i];
    });
    return out;
  });
}

/** What to put in place of one field. `undefined` = leave the field out. */
const spoilers: Record<string, fc.Arbitrary<unknown>> = {
  wrongType: fc.constantFrom(...wrongTypes),
  missing: fc.constant(undefined),
  hugeString: fc.constantFrom(MB_ASCII, MB_WIDE),
  deepNesting: fc.constantFrom(DEEP_OBJECT, DEEP_ARRAY).map((m) => ({ [m]: true })),
  prototypeKeys: fc.constantFrom('{"polluted":true}', 'null', '"x"', '[]').map(protoObject),
  unicode: fc.oneof(fc.constantFrom(...unicodeEdges), fc.string({ unit: 'binary', maxLength: 40 })),
  invalidDate: fc.constantFrom(...invalidDates),
  arrayOfBad: fc.array(fc.constantFrom(...wrongTypes, ...unicodeEdges, ...invalidDates), { maxLength: 5 }),
};

/** JSON text of a body; the deep-nesting markers (as keys or values) become 10,000 levels of real JSON. */
function toText(body: unknown): string {
  let text = JSON.stringify(body);
  for (const marker of [DEEP_OBJECT, DEEP_ARRAY]) {
    text = text.split(`{${marker}:true}`).join(deepText(marker));
  }
  return text;
}

/** Whether the server's schema refuses this body (a schema that throws counts as refusing: the server must cope). */
export function refusedBy(schema: z.ZodMiniType, text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return true;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return true;
  const { operatedTeamId: _t, operatedUserId: _u, stripeAccount: _s, ...input } = value as Record<string, unknown>;
  try {
    return !schema.safeParse(input).success;
  } catch {
    return true;
  }
}

/** Bodies that are not a JSON object: the router must answer 400 (or 413 when too large), whatever the call. */
export const notJsonBodies: BadBody[] = [
  { kind: 'notJson', text: '{"a":' },
  { kind: 'notJson', text: 'not json at all' },
  { kind: 'notJson', text: '\u0000\u0001\u0002' },
  { kind: 'notJson', text: '[]' },
  { kind: 'notJson', text: 'null' },
  { kind: 'notJson', text: '"string"' },
  { kind: 'notJson', text: '1e999' },
  { kind: 'notJson', text: '{"a":1}}' },
  { kind: 'notJson', text: '\uFEFF{}' },
  { kind: 'deepNesting', text: deepText(DEEP_ARRAY) },
  { kind: 'hugeBody', text: JSON.stringify({ a: 'a'.repeat(1024 * 1024) }) },
  { kind: 'hugeBody', text: 'x'.repeat(3 * 1024 * 1024) },
];

/**
 * Bad bodies for `schema`: one field spoiled (or a prototype-key / deep / huge extra key at the top), the
 * team context fields added by `context` (the caller's own). Keep only those `refusedBy` the schema (a
 * call whose input accepts nearly anything gives few).
 */
export function badBodies(schema: z.ZodMiniType, context: Record<string, string> = {}): fc.Arbitrary<BadBody> {
  const def = defOf(schema);
  const keys = def.type === 'object' ? Object.keys(def.shape ?? {}) : [];
  const base = def.type === 'object' ? plausibleObject(schema, 0) : fc.constant({} as Record<string, unknown>);
  const target = keys.length ? fc.oneof(fc.constantFrom(...keys), fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra')) : fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra');
  const spoiler = fc.constantFrom(...Object.keys(spoilers)).chain((kind) => spoilers[kind].map((value) => ({ kind, value })));
  return fc
    .tuple(base, target, spoiler)
    .map(([body, key, { kind, value }]) => {
      // An own property even for `__proto__` (as JSON.parse would make it), never the prototype.
      const spoiled: Record<string, unknown> = {};
      for (const [k, v] of Object.entries({ ...body, ...context })) if (k !== key) spoiled[k] = v;
      if (value !== undefined) Object.defineProperty(spoiled, key, { value, enumerable: true, configurable: true, writable: true });
      return { kind, text: toText(spoiled) };
    });
}
