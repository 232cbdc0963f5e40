import { ruleOf, type CallDef } from '../../../../shared/api/define';

/**
 * A write is a call whose path names a verb that changes something; every other call is a read. Explicit: the verbs
 * are this list, and paths with a write verb that change nothing stored are named in `readsLookingLikeWrites`.
 */
const writeVerb =
  /(^|[/_])(create|update|delete|add|remove|sort|save|set|send|start|reply|answer|approve|reject|apply|read|reset|cancel|change|complete|abort|recreate|disconnect|checkout|upload|progress|confirm|request|restart|replace|setting|zoom_meeting|sign_parts|login|logout|join|register|verify)([/_]|$)/;

/** Paths with a write verb that only read (or only sign a URL) and change nothing stored. */
export const readsLookingLikeWrites = new Set(['/stripe/checkout_result', '/upload/video/sign_parts', '/member_import/upload', '/settings/design/upload_image', '/settings/basic_info/upload_image', '/stripe/product/upload_image']);

export const isWrite = (def: CallDef): boolean => ruleOf(def).kind !== 'public' && writeVerb.test(def.path) && !readsLookingLikeWrites.has(def.path);
