import type { PaymentState, PurchasedInfo, SubscriptionState } from '../../../shared/api/calls/payments';
import type { Entitlements } from '../../../shared/content-access';
import { ConditionFailedError, getItem, putItem, query, type Item } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';

/**
 * What a member bought (SPEC §3 Payment; §4 subscription and payment states): one item per subscription or
 * one-time payment, written only from Stripe's state as the webhook (or the member's own change) read it.
 * A member's purchases are one Query; the access decision reads them only for priced content.
 */
export interface Purchase extends PurchasedInfo {
  teamId: string;
  userId: string;
  updatedAt: string;
  /** The buyer's customer in the team's account, as Stripe reported it. */
  paymentCustomerId?: string;
  /** Optimistic lock: each write is conditioned on the version it read before reading Stripe. */
  version?: number;
}

const pk = (teamId: string, userId: string) => teamKey(teamId, 'PURCHASE', assertId(userId, 'userId'));
const sk = (id: string) => `P#${assertId(id, 'purchaseId')}`;

const fromItem = (item: Item): Purchase => {
  const { pk: _pk, sk: _sk, type: _type, ...purchase } = item;
  return purchase as unknown as Purchase;
};

const WRITE_ATTEMPTS = 8;

/**
 * Writes a purchase from Stripe's current state, so that whatever the order of concurrent writers the item
 * ends with the newest state: each attempt reads the item's version, THEN reads Stripe (`read`), then writes
 * conditioned on that version; a writer that lost the race reads Stripe again. Only when the item does not
 * exist yet may the caller's first read (`first`) be used: its create is conditioned on absence, so a racer's
 * newer item is never overwritten by it. `created` is true only for the write that made the item: whatever the
 * number of duplicate or reordered events, exactly one write grants (and sends its notices). `previous` is the
 * state that write replaced (read before it, under its version condition): a change of state is seen by one writer.
 */
export async function savePurchase(
  first: Purchase,
  read: () => Promise<Purchase | undefined>,
): Promise<{ created: boolean; purchase: Purchase; previous?: Purchase }> {
  for (let attempt = 0; ; attempt++) {
    const current = await getPurchase(first.teamId, first.userId, first.id);
    const fresh = current ? await read() : first;
    if (!fresh) return { created: false, purchase: current ?? first };
    const version = (current?.version ?? 0) + 1;
    const item = { pk: pk(fresh.teamId, fresh.userId), sk: sk(fresh.id), type: 'purchase', ...fresh, version };
    try {
      if (current) await putItem(item, { condition: '#v = :v', names: { '#v': 'version' }, values: { ':v': current.version ?? 0 } });
      else await putItem(item, { ifNotExists: true });
      return { created: !current, purchase: { ...fresh, version }, ...(current ? { previous: current } : {}) };
    } catch (e) {
      if (!(e instanceof ConditionFailedError) || attempt >= WRITE_ATTEMPTS - 1) throw e;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)));
    }
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
      // A subscription's access runs to its period end; one paid by bank transfer, to the end of what it has paid.
      const until = p.accessUntil ?? p.currentPeriodEnd;
      const end = until ? Date.parse(until) : undefined;
      if (end === undefined) return { priceId: p.priceId };
      return { priceId: p.priceId, expiresAt: new Date(p.state === 'cancel_scheduled' ? end : end + RENEWAL_GRACE_MS).toISOString() };
    });
}

export async function memberEntitlements(teamId: string, userId: string): Promise<Entitlements['purchases']> {
  return entitlementsOf(await listPurchases(teamId, userId));
}

export const purchasedInfoOf = (p: Purchase): PurchasedInfo => {
  const { teamId: _t, userId: _u, updatedAt: _up, version: _v, paymentCustomerId: _c, ...info } = p;
  return info;
};
