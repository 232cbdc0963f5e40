import type { PaymentState, PurchasedInfo, SubscriptionState } from '../../shared/api/calls/payments';
import type { Entitlements } from '../../shared/content-access';
import { ConditionFailedError, getItem, putItem, query, type Item } from '../platform/db';
import { assertId, teamKey } from '../platform/keys';

/**
 * What a member bought (SPEC §3 Payment; §4 subscription and payment states): one item per subscription or
 * one-time payment, written only from Stripe's state as the webhook (or the member's own change) read it.
 * A member's purchases are one Query; the access decision reads them only for priced content.
 */
export interface Purchase extends PurchasedInfo {
  teamId: string;
  userId: string;
  /** Stripe's `created` of the event that wrote this state: an older event never overwrites a newer one. */
  eventCreated: number;
  updatedAt: string;
}

const pk = (teamId: string, userId: string) => teamKey(teamId, 'PURCHASE', assertId(userId, 'userId'));
const sk = (id: string) => `P#${assertId(id, 'purchaseId')}`;

const fromItem = (item: Item): Purchase => {
  const { pk: _pk, sk: _sk, type: _type, ...purchase } = item;
  return purchase as unknown as Purchase;
};

/**
 * Writes the purchase's state. `created` is true only for the write that made the item: whatever the number
 * of duplicate or reordered events, exactly one write grants it (and sends its notices).
 */
export async function savePurchase(purchase: Purchase): Promise<{ created: boolean; stale: boolean }> {
  const item = { pk: pk(purchase.teamId, purchase.userId), sk: sk(purchase.id), type: 'purchase', ...purchase };
  try {
    await putItem(item, { ifNotExists: true });
    return { created: true, stale: false };
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
  }
  try {
    await putItem(item, { condition: '#e <= :e', names: { '#e': 'eventCreated' }, values: { ':e': purchase.eventCreated } });
    return { created: false, stale: false };
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    return { created: false, stale: true };
  }
}

export async function getPurchase(teamId: string, userId: string, id: string): Promise<Purchase | undefined> {
  const item = await getItem(({ pk: pk(teamId, userId), sk: sk(id) }), true);
  return item ? fromItem(item) : undefined;
}

/** A member's purchases, newest first (a member holds a handful; 200 covers any real account). */
export async function listPurchases(teamId: string, userId: string): Promise<Purchase[]> {
  const page = await query({ pk: pk(teamId, userId), limit: 200 });
  return page.items.map(fromItem).sort((a, b) => (a.purchasedAt < b.purchasedAt ? 1 : -1));
}

/** Renewals arrive by webhook shortly after a period ends; a day's grace keeps access across that gap. */
const RENEWAL_GRACE_MS = 24 * 3600 * 1000;

const ENTITLING: readonly (SubscriptionState | PaymentState)[] = ['trialing', 'active', 'cancel_scheduled', 'success'];

/** The purchases that give access now, as the access decision reads them (shared/content-access.ts). */
export function entitlementsOf(purchases: readonly Purchase[]): Entitlements['purchases'] {
  return purchases
    .filter((p) => ENTITLING.includes(p.state))
    .map((p) => {
      if (p.kind === 'one_time') return p.accessUntil ? { priceId: p.priceId, expiresAt: p.accessUntil } : { priceId: p.priceId };
      const end = p.currentPeriodEnd ? Date.parse(p.currentPeriodEnd) : undefined;
      if (end === undefined) return { priceId: p.priceId };
      return { priceId: p.priceId, expiresAt: new Date(p.state === 'cancel_scheduled' ? end : end + RENEWAL_GRACE_MS).toISOString() };
    });
}

export async function memberEntitlements(teamId: string, userId: string): Promise<Entitlements['purchases']> {
  return entitlementsOf(await listPurchases(teamId, userId));
}

export const purchasedInfoOf = (p: Purchase): PurchasedInfo => {
  const { teamId: _t, userId: _u, eventCreated: _e, updatedAt: _up, ...info } = p;
  return info;
};
