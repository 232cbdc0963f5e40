import { expect } from 'vitest';
import type Stripe from 'stripe';
import { transact } from '../../../lambdas/platform/db';
import { stripeClient } from '../../../lambdas/platform/payments';
import { putAccountLookupOp } from '../../../lambdas/core/entities/payment-account';
import { linkTeamPaymentOp } from '../../../lambdas/core/entities/team';
import { createSessionCall, getPurchasedCall, savePriceCall, saveProductCall, type Price, type Product, type PurchasedInfo } from '../../../shared/api/calls/payments';
import { newOperator, newPerson, type Caller } from '../content/people';
import { call } from '../support/api';
import { inject } from 'vitest';

/** A team whose Stripe account is connected and onboarded (the stand-in's shortcut for an operator who finished Stripe's form). */
export async function connectedTeam(siteName = 'Shop'): Promise<{ admin: Caller; accountId: string }> {
  const admin = await newOperator(siteName);
  const stripe = await stripeClient();
  const account = await stripe.accounts.create({ type: 'standard', metadata: { teamId: admin.teamId, local_onboarded: 'true' } });
  await transact([
    linkTeamPaymentOp(admin.teamId, { accountId: account.id, chargesEnabled: true, detailsSubmitted: true }),
    putAccountLookupOp(account.id, admin.teamId),
  ]);
  return { admin, accountId: account.id };
}

export async function newProduct(admin: Caller, fields: Record<string, unknown> = {}): Promise<Product> {
  const res = await call(saveProductCall, { ...admin.ctx, name: 'Premium course', currency: 'jpy', ...fields }, admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Product;
}

export async function newPrice(admin: Caller, productId: string, fields: Record<string, unknown> = {}): Promise<Price> {
  const res = await call(savePriceCall, { ...admin.ctx, productId, nickname: '30 days', unitAmount: 1000, currency: 'jpy', type: 'one_time', validDays: 30, ...fields }, admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Price;
}

export const member = (teamId: string) => newPerson(teamId, 'member');

/** Pays a Checkout session on the stand-in's hosted page as a buyer's browser does; answers where it redirects. */
export async function payOnHostedPage(sessionUrl: string, card: string): Promise<{ status: number; location: string | null; text: string }> {
  const res = await fetch(sessionUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: card, expiry: '12/34', cvc: '123' }).toString(),
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

/** Waits until `probe` answers something (webhooks arrive asynchronously). */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** POSTs a Stripe event to the platform's webhook, signed with `secret` (the platform's, unless a forger's). */
export async function deliver(event: Pick<Stripe.Event, 'id' | 'type' | 'created'> & { account?: string; data: { object: unknown } }, secret?: string) {
  const stripe = await stripeClient();
  const payload = JSON.stringify({ object: 'event', api_version: '2026-10-28.endive', livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, ...event });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: secret ?? inject('platformEnv').STRIPE_WEBHOOK_SECRET! });
  const res = await fetch(`${inject('baseUrl')}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  return { status: res.status, body: (await res.json()) as { outcome?: string; error?: { code: string } } };
}

export async function purchasesOf(buyer: Caller): Promise<PurchasedInfo[]> {
  return ((await call(getPurchasedCall, buyer.ctx, buyer.token)).body as { purchases: PurchasedInfo[] }).purchases;
}

/** A new member of `admin`'s team subscribed to `price` with `card` (a 3-D Secure card authenticates on the page). */
export async function subscriber(admin: Caller, price: Price, card: string): Promise<{ buyer: Caller; sub: PurchasedInfo }> {
  const buyer = await member(admin.teamId);
  const session = await call(createSessionCall, { ...buyer.ctx, price: price.id, successPath: `/user/${admin.teamId}`, cancelPath: `/user/${admin.teamId}` }, buyer.token);
  const { url } = session.body as { url: string };
  const paid = await payOnHostedPage(url, card);
  if (paid.status === 200) {
    const res = await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=authenticated' });
    expect(res.status).toBe(303);
  }
  const [sub] = await eventually(async () => {
    const list = await purchasesOf(buyer);
    return list.length ? list : undefined;
  });
  return { buyer, sub: sub! };
}
