import type { ValidationCode } from './issues';

/**
 * SPEC §5: a bulk delete goes ahead only when the operator typed the number of items.
 * Full-width digits (what a Japanese keyboard often gives) count the same as half-width ones.
 */
export function checkTypedCount(typed: string, count: number): ValidationCode | undefined {
  const halfWidth = typed.trim().replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  return /^[0-9]+$/.test(halfWidth) && Number(halfWidth) === count ? undefined : 'validation/typed_count_mismatch';
}
