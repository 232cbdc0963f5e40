import type Stripe from 'stripe';
import type { Price } from '../../shared/api/calls/payments';

/**
 * SPEC §4 "a minimum usage period blocks cancellation". The price says how many months; checkout copies the
 * number onto the subscription, so what a member agreed to stays theirs when the operator edits the price later
 * or the member changes plan.
 */
const KEY = 'minimumUsageMonths';

export const minimumUsageMetadata = (price: Price): Record<string, string> =>
  price.type === 'recurring' && price.minimumUsageMonths ? { [KEY]: String(price.minimumUsageMonths) } : {};

/** The same day `months` later (the month's last day when it has no such day: 31 Jan + 1 month = 28/29 Feb), UTC. */
export function addMonths(iso: string, months: number): string {
  const at = new Date(iso);
  const day = at.getUTCDate();
  const moved = new Date(at);
  moved.setUTCDate(1);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() + 1, 0)).getUTCDate();
  moved.setUTCDate(Math.min(day, lastDay));
  return moved.toISOString();
}

/** When the subscription may be cancelled, counted from its start; undefined when it has no minimum. */
export function cancellableFrom(startedAt: string, metadata: Stripe.Metadata | null | undefined): string | undefined {
  const months = Number(metadata?.[KEY]);
  return Number.isSafeInteger(months) && months > 0 ? addMonths(startedAt, months) : undefined;
}
