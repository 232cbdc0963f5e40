import type { CallDef } from '../../../../shared/api/define';

/**
 * A VALID input for any declared call, built from its zod (v4 mini) schema: required fields get minimal values,
 * optional and defaulted fields are left out, except id-like fields, which are always filled from the fixture
 * (`IdSource`), so a call's every reference is tried with the fixture team's ids. An id-like field with no mapping,
 * or an input that its own schema refuses, is a problem naming the call: the suites fail on it, so a new call
 * cannot be skipped silently. Hand-written values are the one table `overrides` below.
 */

/** Answers the fixture's id for a field of a call (`siblings`: the object being built, e.g. its `type`), or undefined. */
export type IdSource = (field: string, path: string, siblings: Record<string, unknown>) => unknown;

/** Identifiers an operator copies from an outside service (an identity provider, Zoom): settings, not references. */
const externalIdentifiers = ['providerId', 'clientId', 'accountId'];

/** Field names that reference something stored (ours, Stripe's, S3's). Checked in the input at every depth. */
export const isIdField = (name: string): boolean =>
  !externalIdentifiers.includes(name) &&
  (/^(id|ids|key)$/.test(name) ||
  /[a-z](Id|Ids|Key|Keys)$/.test(name) ||
    ['subscription', 'price', 'coupon', 'invoice', 'product', 'number', 'versionNumber', 'conversationId'].includes(name));

/** Non-id fields that need a hand-written value: `<path>` for a whole input's fields, `*` for any call. */
const overrides: Record<string, Record<string, unknown>> = {
  '*': {},
  '/settings/update_security': { adminIpAllowList: [], memberIpAllowList: [] },
  '/settings/basic_info/update': { footerLinks: [], socialLinks: [], domain: '', analyticsTagId: '', tagManagerId: '', senderEmail: '' },
  '/settings/design/update_lp': { topImages: [] },
  '/settings/design/update_order': { headerItemOrder: [], topItemOrder: [] },
  '/settings/app/update': { memberLanguage: '', afterLoginPath: '' },
  '/invite/send_mail': { emails: ['guard-invitee@example.test'] },
  '/test/create': testForm(),
  '/test/update': testForm(),
  '/enquete/create': { questions: [{ title: 'Q', fieldName: 'q1', type: 'singleLine' }] },
  '/enquete/update': { questions: [{ title: 'Q', fieldName: 'q1', type: 'singleLine' }] },
  '/stripe/save_price': { unitAmount: 1000, validDays: 30 },
  '/live/zoom_meeting/create': { startAt: future(24), endAt: future(25) },
  '/member_schedule/list': { from: future(-24), to: future(24 * 7) },
  '/zoom/setting/save': { accountId: 'zoom-account', clientId: 'zoom-client', clientSecret: 'zoom-ok-guard' },
  // A coupon's `id` is the code its creator chooses, not a reference.
  '/stripe/create_coupon': { discount: { type: 'percent', percentOff: 10 }, duration: 'once', id: undefined },
  // At most one of category, tag and creator.
  '/member_content/list': { tagId: undefined, creatorId: undefined },
  // A saved card or a setup session, not both (the session's own check is in payments/cards-and-invoices).
  '/stripe/update_payment_method': { sessionId: undefined },
  '/upload/file/start': { contentType: 'image/jpeg', fileName: 'a.jpg', kind: 'thumbnail' },
  '/settings/design/upload_image': { contentType: 'image/jpeg', fileName: 'a.jpg' },
  '/settings/basic_info/upload_image': { contentType: 'image/png', fileName: 'a.png' },
  '/stripe/product/upload_image': { contentType: 'image/png', fileName: 'a.png' },
  '/upload/video/start': { contentType: 'video/mp4', fileName: 'a.mp4', sizeBytes: 1000 },
  '/member_import/upload': { fileName: 'members.csv' },
  '/settings/design/update_color': { accentColor: '#1d4ed8', textColor: '#111111', backgroundColor: '#ffffff' },
  // The fixture's live offers its survey.
  '/member_enquete/answer': { source: 'live' },
  '/member_enquete/get': { source: 'live' },
  // Watching through an event waits for its holding (two days ahead): the event reference is tried by progress.
  '/member_video/get': { eventId: undefined },
  '/member_content/get': { eventId: undefined },
  '/workflow/create': { eventType: 'welcome' },
  '/workflow/update': { eventType: 'welcome' },
};

function testForm() {
  return {
    questions: [{ title: 'Q', fieldName: 'q1', type: 'radio', options: ['a', 'b'], correctAnswers: [0] }],
    passStandard: 1,
  };
}

function future(hours: number) {
  const d = new Date(Date.now() + hours * 3_600_000);
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString();
}

/** Date fields whose order rules need them apart (an event's application before its holding, a live on air). */
const hoursAhead: Record<string, number> = { applicationStart: -1, applicationEnd: 24, holdStart: 48, holdEnd: 50, startAt: -1, endAt: 2 };

interface Def {
  type: string;
  [k: string]: unknown;
}
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

/** A minimal value for a non-id field, by its name where the name says what it holds. */
function stringFor(name: string): string {
  if (/email/i.test(name)) return 'guard@example.test';
  if (/(Path)$/.test(name)) return '/user/guard';
  if (/(url|Url)$|^issuer$/.test(name)) return 'https://example.test/x';
  if (name in hoursAhead) return future(hoursAhead[name]);
  if (name === 'language') return 'ja';
  if (/(At|Start|End)$|^(deadline|validUntil|redeemBy|from|to)$/.test(name)) return future(48);
  if (/color/i.test(name)) return '#123456';
  if (/password/i.test(name)) return 'Guard-pass1';
  if (/phone/i.test(name)) return '03-1234-5678';
  if (name === 'code') return '123456';
  if (name === 'typedCount') return '1';
  if (name === 'fieldName') return 'field1';
  return `guard ${name}`;
}

export interface BuiltInput {
  input: Record<string, unknown>;
  /** Whether any field was filled from the fixture's ids (the input names something of the fixture team). */
  references: boolean;
  problems: string[];
}

/** Builds `def`'s input with the fixture's ids; `problems` names every id-like field without a mapping. */
export function buildInput(def: CallDef, ids: IdSource): BuiltInput {
  const problems: string[] = [];
  const own = overrides[def.path] ?? {};
  let references = false;
  const mapped = (name: string, siblings: Record<string, unknown>) => {
    const v = ids(name, def.path, siblings);
    if (v !== undefined) references = true;
    return v;
  };

  function value(schema: unknown, name: string, siblings: Record<string, unknown>, where: string): { set: boolean; v?: unknown } {
    const d = defOf(schema);
    if (isIdField(name) && !['object', 'array'].includes(unwrap(schema).type)) {
      const v = mapped(name, siblings);
      if (v === undefined) {
        problems.push(`${def.path}: no fixture id for "${where}"`);
        return { set: false };
      }
      return { set: true, v };
    }
    switch (d.type) {
      case 'optional':
      case 'default':
      case 'prefault':
        return isIdField(name) || hasIdInside(d.innerType) ? value(d.innerType, name, siblings, where) : { set: false };
      case 'nullable': {
        if (!isIdField(name) && !hasIdInside(d.innerType)) return { set: true, v: null };
        const inner = value(d.innerType, name, siblings, where);
        return inner.set ? inner : { set: true, v: null };
      }
      case 'pipe':
        return value(d.in, name, siblings, where);
      case 'string':
        return { set: true, v: stringFor(name) };
      case 'number':
      case 'int':
        return { set: true, v: 1 };
      case 'boolean':
        return { set: true, v: false };
      case 'enum':
        return { set: true, v: Object.values(d.entries as Record<string, unknown>)[0] };
      case 'literal':
        return { set: true, v: (d.values as unknown[])[0] };
      case 'record':
        return { set: true, v: {} };
      case 'union':
        return value((d.options as unknown[])[0], name, siblings, where);
      case 'array': {
        if (isIdField(name)) {
          const v = mapped(name, siblings);
          if (v === undefined) {
            problems.push(`${def.path}: no fixture id for "${where}"`);
            return { set: false };
          }
          return { set: true, v: Array.isArray(v) ? v : [v] };
        }
        const el = value(d.element, name, siblings, `${where}[]`);
        return { set: true, v: el.set ? [el.v] : [] };
      }
      case 'object':
        return { set: true, v: object(schema, where) };
      case 'intersection': {
        const l = value(d.left, name, siblings, where);
        const r = value(d.right, name, siblings, where);
        return { set: true, v: { ...(l.v as object), ...(r.v as object) } };
      }
      default:
        problems.push(`${def.path}: cannot build "${where}" (${d.type})`);
        return { set: false };
    }
  }

  function object(schema: unknown, where: string, top = false): Record<string, unknown> {
    const shape = defOf(schema).shape as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    // Plain fields first, so an id field can read its siblings (e.g. `type` decides what `id` names).
    const names = Object.keys(shape).sort((a, b) => Number(isIdField(a)) - Number(isIdField(b)));
    for (const name of names) {
      if (top && name in own) {
        out[name] = own[name];
        continue;
      }
      const got = value(shape[name], name, out, where ? `${where}.${name}` : name);
      if (got.set) out[name] = got.v;
    }
    return out;
  }

  const root = defOf(def.input);
  let input: Record<string, unknown>;
  if (root.type === 'object') input = object(def.input, '', true);
  else {
    const got = value(def.input, '', {}, '');
    input = { ...(got.v as Record<string, unknown>), ...own };
  }
  const parsed = (def.input as unknown as { '~standard': { validate: (v: unknown) => unknown } })['~standard'].validate(input) as {
    issues?: { path?: PropertyKey[]; message: string }[];
  };
  if (parsed.issues?.length)
    problems.push(`${def.path}: the built input is refused by its schema (${parsed.issues.map((i) => `${(i.path ?? []).join('.')}: ${i.message}`).join('; ')}): add an override`);
  return { input, references, problems };
}

function unwrap(schema: unknown): Def {
  let d = defOf(schema);
  while (['optional', 'default', 'prefault', 'nullable'].includes(d.type)) d = defOf(d.innerType);
  if (d.type === 'pipe') return unwrap(d.in);
  return d;
}

/** Whether an optional part holds an id-like field (then it is filled, so its reference is tried too). */
function hasIdInside(schema: unknown, depth = 0): boolean {
  if (depth > 6) return false;
  const d = unwrap(schema);
  if (d.type === 'object') return Object.entries(d.shape as Record<string, unknown>).some(([k, v]) => isIdField(k) || hasIdInside(v, depth + 1));
  if (d.type === 'array') return hasIdInside(d.element, depth + 1);
  return false;
}
