/**
 * Payment figures (issue "Selling access"): the Stripe webhook's median time per event, and what the entitlement
 * check adds to the member video call (a priced video the member bought, against a free one of the same team,
 * timed in alternation). Both against the local Stripe server: Stripe's own latency on AWS is not measured here.
 */
import { performance } from 'node:perf_hooks';
import { ulid } from 'ulid';
import { listingEntryOf, newVideoBase, saveVideoOps } from '../lambdas/core/entities/video';
import { listRowsOf } from '../lambdas/core/entities/list-rows';
import { outputPrefix } from '../lambdas/media/video-upload';
import { transact } from '../lambdas/platform/db';
import { createIdentity } from '../lambdas/platform/identity';
import { stripeClient } from '../lambdas/platform/payments';
import { OUTPUT_BASENAME } from '../lambdas/platform/transcoder/ladder';
import { putAccountLookupOp } from '../lambdas/core/entities/payment-account';
import { savePrice, saveProduct } from '../lambdas/core/entities/catalogue';
import { linkTeamPaymentOp } from '../lambdas/core/entities/team';
import { putTeamUserOps } from '../lambdas/core/entities/team-user';
import { productInput, savePriceInput } from '../shared/api/calls/payments';
import { batchWrite, median, registerTeam, signIn, timePair, type Figure } from './support';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localCredentials } from '../lambdas/platform/config';

const WEBHOOK_ROUNDS = 100;
const ACCESS_ROUNDS = 150;

/** A ready video written straight to the table (playback keys only: the call signs them, it does not read them). */
function readyVideoItems(teamId: string, title: string, priceIds: string[]) {
  const at = new Date();
  const videoId = ulid(at.getTime());
  const prefix = outputPrefix(teamId, videoId, ulid(at.getTime()));
  const video = {
    ...newVideoBase(videoId, at),
    title,
    status: 'public' as const,
    uploadState: 'ready' as const,
    currentVersion: 1,
    durationSeconds: 20,
    priceIds,
    playback: { masterPlaylistKey: `${prefix}/${OUTPUT_BASENAME}.m3u8` },
  };
  const items = saveVideoOps(teamId, undefined, video).map((op) => {
    if (!('put' in op)) throw new Error('a new video should only put items');
    return op.put;
  });
  return { videoId, items: [...items, ...listRowsOf(teamId, listingEntryOf({ ...video, version: 1 }))] };
}

export async function paymentFigures(ctx: { baseUrl: string; env: Record<string, string> }): Promise<Figure[]> {
  const { baseUrl, env } = ctx;
  const team = await registerTeam(baseUrl, env, 'payments');
  const stripe = await stripeClient();
  const account = await stripe.accounts.create({ type: 'standard', metadata: { teamId: team.teamId, local_onboarded: 'true' } });
  await transact([linkTeamPaymentOp(team.teamId, { accountId: account.id, chargesEnabled: true, detailsSubmitted: true }), putAccountLookupOp(account.id, team.teamId)]);
  const product = await saveProduct(account.id, 'ja', productInput.parse({ name: 'Bench course', currency: 'jpy' }));
  const price = await savePrice(account.id, 'ja', savePriceInput.parse({ productId: product.id, nickname: 'Bench', unitAmount: 1000, currency: 'jpy', type: 'one_time' }));

  // A member who bought the price through Checkout, as the e2e member does.
  const email = `bench-buyer-${Date.now()}@example.test`;
  const userId = await createIdentity(email, 'bench-pass1', 'Bench Buyer');
  await transact(putTeamUserOps({ teamId: team.teamId, userId, email, name: 'Bench Buyer', role: 'member', categories: [], disabled: false, createdAt: new Date().toISOString() }));
  const token = await signIn(env, email, 'bench-pass1');
  const post = (path: string, body: Record<string, unknown>) =>
    fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...body, operatedTeamId: team.teamId, operatedUserId: userId }),
    });
  const session = (await (await post('/stripe/create_session', { price: price.id, successPath: `/user/${team.teamId}`, cancelPath: `/user/${team.teamId}` })).json()) as { id: string; url: string };
  await fetch(session.url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'card_number=4242424242424242&expiry=12%2F34&cvc=123' });
  for (let i = 0; ; i++) {
    const purchases = (await (await post('/stripe/purchased/get_infos', {})).json()) as { purchases: unknown[] };
    if (purchases.purchases.length) break;
    if (i > 100) throw new Error('the bench purchase was never granted');
    await new Promise((r) => setTimeout(r, 100));
  }
  const paid = await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: account.id });

  // Webhook: fresh event ids (each processed), then one id again and again (duplicates).
  const deliver = async (id: string) => {
    const payload = JSON.stringify({ id, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), account: account.id, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, api_version: null, data: { object: paid } });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: env.STRIPE_WEBHOOK_SECRET! });
    const res = await fetch(`${baseUrl}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
  };
  const processed: number[] = [];
  const duplicates: number[] = [];
  const repeated = `evt_benchrepeat${Date.now()}`;
  await deliver(repeated);
  for (let i = 0; i < WEBHOOK_ROUNDS; i++) {
    let t = performance.now();
    await deliver(`evt_bench${Date.now()}x${i}`);
    processed.push(performance.now() - t);
    t = performance.now();
    await deliver(repeated);
    duplicates.push(performance.now() - t);
  }

  // Entitlement: the member video call on the bought priced video vs a free video.
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT, credentials: localCredentials }));
  const free = readyVideoItems(team.teamId, 'Free', []);
  const priced = readyVideoItems(team.teamId, 'Priced', [price.id]);
  await batchWrite(doc, env.TABLE_NAME, [...free.items, ...priced.items]);
  const watch = (videoId: string) => async () => {
    const res = await post('/member_video/get', { videoId });
    const body = (await res.json()) as { state?: string };
    if (body.state !== 'visible') throw new Error(`member video answered ${res.status} ${JSON.stringify(body)}`);
  };
  const [pricedMs, freeMs] = await timePair(ACCESS_ROUNDS, watch(priced.videoId), watch(free.videoId));

  return [
    ['Stripe webhook, checkout.session.completed processed (median per event, local Stripe)', `${median(processed).toFixed(1)} ms`, ''],
    ['Stripe webhook, duplicate event (median)', `${median(duplicates).toFixed(1)} ms`, ''],
    ['member video call: priced and bought / free (entitlement check, ratio of medians)', `${(pricedMs / freeMs).toFixed(2)}x (${pricedMs.toFixed(1)} / ${freeMs.toFixed(1)} ms)`, ''],
  ];
}
