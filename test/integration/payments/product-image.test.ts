import '../support/platform-env';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as calls from '../../../shared/api/calls/payments';
import type { PriceOffer, Product } from '../../../shared/api/calls/payments';
import { stripeClient } from '../../../lambdas/platform/payments';
import { newPerson, type Caller } from '../content/people';
import { call } from '../support/api';
import { connectedTeam, member, newPrice, newProduct } from './shop';

/**
 * SPEC §3 Product thumbnail: uploaded through /stripe/product/upload_image, its key saved with the product (kept in
 * the product's Stripe metadata), answered as a signed URL to the operator and to buyers.
 */
let admin: Caller;
let accountId: string;

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function uploadedImage(who: Caller): Promise<string> {
  const res = await call(calls.uploadProductImageCall, { ...who.ctx, fileName: 'course.png', contentType: 'image/png', sizeBytes: PNG.length }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { key, url, headers } = res.body as { key: string; url: string; headers: Record<string, string> };
  expect(key.startsWith(`T/${who.teamId}/files/productImage/`)).toBe(true);
  expect((await fetch(url, { method: 'PUT', headers, body: PNG })).status).toBe(200);
  return key;
}

beforeAll(async () => {
  ({ admin, accountId } = await connectedTeam('Thumbnails'));
});

describe('product thumbnail', () => {
  it('saves the uploaded key with the product and answers a signed URL to the operator and to buyers', async () => {
    const key = await uploadedImage(admin);
    const product = await newProduct(admin, { name: 'Illustrated course', imageKey: key });
    expect(product).toMatchObject({ name: 'Illustrated course', imageKey: key, imageUrl: expect.any(String) });
    // Kept in Stripe's metadata (not in `images`, which must be public addresses).
    const stored = await (await stripeClient()).products.retrieve(product.id, {}, { stripeAccount: accountId });
    expect(stored.metadata.platform_image).toBe(key);
    expect(stored.images).toEqual([]);

    const listed = (await call(calls.getProductsCall, admin.ctx, admin.token)).body as { products: Product[] };
    expect(listed.products.find((p) => p.id === product.id)).toMatchObject({ imageKey: key, imageUrl: expect.any(String) });

    const price = await newPrice(admin, product.id);
    const buyer = await member(admin.teamId);
    const offers = await call(calls.getOffersCall, { ...buyer.ctx, priceIds: [price.id] }, buyer.token);
    expect(offers.status).toBe(200);
    const offer = (offers.body as { offers: PriceOffer[] }).offers[0];
    expect(offer.product).toMatchObject({ id: product.id, name: 'Illustrated course', imageUrl: expect.any(String) });
    expect(offer.product).not.toHaveProperty('imageKey');
    const image = await fetch(new URL(offer.product.imageUrl!, inject('baseUrl')).href);
    expect(image.status).toBe(200);
    const info = await call(calls.getProductInfoCall, { ...buyer.ctx, product: product.id }, buyer.token);
    expect((info.body as calls.ProductInfo).product.imageUrl).toEqual(expect.any(String));

    // Taken away: the metadata key is unset (as Stripe does for a key sent empty).
    const removed = await call(calls.saveProductCall, { ...admin.ctx, id: product.id, name: product.name, currency: 'jpy', imageKey: null }, admin.token);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ imageKey: null });
    expect(removed.body).not.toHaveProperty('imageUrl');
    const after = await (await stripeClient()).products.retrieve(product.id, {}, { stripeAccount: accountId });
    expect(after.metadata).not.toHaveProperty('platform_image');
  });

  it("the Stripe stand-in keeps a product's images and metadata in Stripe's shapes", async () => {
    const stripe = await stripeClient();
    const on = { stripeAccount: accountId };
    const created = await stripe.products.create({ name: 'With images', images: ['https://example.com/a.png'], metadata: { kind: 'x', empty: '' } }, on);
    expect(created).toMatchObject({ images: ['https://example.com/a.png'], metadata: { kind: 'x' } });
    expect(created.metadata).not.toHaveProperty('empty');
    const updated = await stripe.products.update(created.id, { images: ['https://example.com/b.png', 'https://example.com/c.png'], metadata: { kind: '' } }, on);
    expect(updated.images).toEqual(['https://example.com/b.png', 'https://example.com/c.png']);
    expect(updated.metadata).toEqual({});
    // Stripe's way to unset a list: an empty string (the SDK leaves an empty array out of the request).
    const cleared = await stripe.products.update(created.id, { images: '' }, on);
    expect(cleared.images).toEqual([]);
    const renamed = await stripe.products.update(created.id, { name: 'Renamed' }, on);
    expect(renamed).toMatchObject({ name: 'Renamed', images: [] });
  });

  it('answers 400 on the field: a malformed key, a key never uploaded, a file that is not an image', async () => {
    const bad = await call(calls.saveProductCall, { ...admin.ctx, name: 'x', currency: 'jpy', imageKey: 'not-a-key' }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toMatchObject({ imageKey: 'validation/invalid_value' });
    const missing = await call(calls.saveProductCall, { ...admin.ctx, name: 'x', currency: 'jpy', imageKey: `T/${admin.teamId}/files/productImage/01JNEVERUPLOADED0000000000.png` }, admin.token);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'common/invalid_input', fields: { imageKey: 'validation/invalid_value' } });
    const pdf = await call(calls.uploadProductImageCall, { ...admin.ctx, fileName: 'a.pdf', contentType: 'application/pdf', sizeBytes: 100 }, admin.token);
    expect(pdf.status).toBe(400);
    expect(pdf.body.error?.fields).toMatchObject({ contentType: 'validation/invalid_value' });
    const big = await call(calls.uploadProductImageCall, { ...admin.ctx, fileName: 'a.png', contentType: 'image/png', sizeBytes: 6 * 1024 ** 2 }, admin.token);
    expect(big.body.error?.fields).toMatchObject({ sizeBytes: 'validation/invalid_value' });
    const noName = await call(calls.uploadProductImageCall, { ...admin.ctx, contentType: 'image/png', sizeBytes: 100 }, admin.token);
    expect(noName.body.error?.fields).toMatchObject({ fileName: 'validation/required' });
  });

  it('refuses a member and an administrator without the paying-manager category', async () => {
    const someone = await member(admin.teamId);
    const contents = await newPerson(admin.teamId, 'admin', ['contentsManager']);
    for (const who of [someone, contents]) {
      const res = await call(calls.uploadProductImageCall, { ...who.ctx, fileName: 'a.png', contentType: 'image/png', sizeBytes: 100 }, who.token);
      expect(res.status).toBe(403);
      expect(res.body.error?.code).toBe('common/no_operation_authority');
    }
  });

  it("refuses another team's upload key and another team's operated ids", async () => {
    const { admin: other } = await connectedTeam('Other thumbnails');
    const theirs = await uploadedImage(other);
    const taken = await call(calls.saveProductCall, { ...admin.ctx, name: 'Borrowed', currency: 'jpy', imageKey: theirs }, admin.token);
    expect(taken.status).toBe(400);
    expect(taken.body.error?.fields).toEqual({ imageKey: 'validation/invalid_value' });
    const cross = await call(calls.uploadProductImageCall, { ...admin.ctx, fileName: 'a.png', contentType: 'image/png', sizeBytes: 100 }, other.token);
    expect(cross.status).toBe(403);
  });
});
