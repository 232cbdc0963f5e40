import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import * as calls from '../../../shared/api/calls/payments';
import type { Price, ProductInfo, Product } from '../../../shared/api/calls/payments';
import type { Caller } from '../content/people';
import { call } from '../support/api';
import { connectedTeam, member, newPrice, newProduct, subscriber } from './shop';

/**
 * SPEC §8 `product/not_found` and `price/not_found`: every call that reads a product or a price by id answers them
 * (404) for an id Stripe does not have, for another team's id, and for one no longer on sale; the member's pages
 * show the SPEC §2 not-found pages on them. Each call's success, bad input (400 naming the field) and wrong role too.
 */
const MISSING_PRODUCT = 'prod_doesnotexist000000';
const MISSING_PRICE = 'price_doesnotexist00000';

let admin: Caller;
let buyer: Caller;
let product: Product;
let oneTime: Price;
let monthly: Price;
let retired: Product;
let retiredPrice: Price;
let offSale: Price;
let other: Caller;
let otherProduct: Product;
let otherPrice: Price;

beforeAll(async () => {
  ({ admin } = await connectedTeam('Not found shop'));
  product = await newProduct(admin);
  oneTime = await newPrice(admin, product.id);
  monthly = await newPrice(admin, product.id, { nickname: 'Monthly', type: 'recurring', interval: 'month', unitAmount: 980, validDays: undefined });
  offSale = await newPrice(admin, product.id, { nickname: 'Withdrawn', active: false });
  retired = await newProduct(admin, { name: 'Retired course' });
  retiredPrice = await newPrice(admin, retired.id, { nickname: 'Retired price' });
  const off = await call(calls.saveProductCall, { ...admin.ctx, id: retired.id, name: retired.name, currency: 'jpy', active: false }, admin.token);
  expect(off.status).toBe(200);
  buyer = await member(admin.teamId);
  ({ admin: other } = await connectedTeam('Other not found shop'));
  otherProduct = await newProduct(other);
  otherPrice = await newPrice(other, otherProduct.id);
});

const notFound = (res: { status: number; body: { error?: { code: string } } }, code: 'product/not_found' | 'price/not_found') => {
  expect(res.status).toBe(404);
  expect(res.body.error?.code).toBe(code);
};

describe('/stripe/get_product_info (a member reads a product and its prices)', () => {
  it('answers the product and its prices on sale', async () => {
    const res = await call(calls.getProductInfoCall, { ...buyer.ctx, product: product.id }, buyer.token);
    expect(res.status).toBe(200);
    const info = res.body as ProductInfo;
    expect(info.product.id).toBe(product.id);
    expect(info.offers.map((o) => o.price.id).sort()).toEqual([oneTime.id, monthly.id].sort());
  });

  it('answers product/not_found for an unknown id, another team’s product and one no longer sold', async () => {
    notFound(await call(calls.getProductInfoCall, { ...buyer.ctx, product: MISSING_PRODUCT }, buyer.token), 'product/not_found');
    const foreign = await call(calls.getProductInfoCall, { ...buyer.ctx, product: otherProduct.id }, buyer.token);
    notFound(foreign, 'product/not_found');
    expect(JSON.stringify(foreign.body)).not.toContain(otherProduct.name);
    notFound(await call(calls.getProductInfoCall, { ...buyer.ctx, product: retired.id }, buyer.token), 'product/not_found');
  });

  it('refuses a malformed id naming the field, and a caller who is not signed in', async () => {
    const bad = await call(calls.getProductInfoCall, { ...buyer.ctx, product: 'price_1' }, buyer.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toHaveProperty('product');
    const anonymous = await call(calls.getProductInfoCall, { ...buyer.ctx, product: product.id });
    expect(anonymous.status).toBe(401);
    // Another team's member naming this team: refused before any read.
    const outsider = await member(other.teamId);
    const cross = await call(calls.getProductInfoCall, { ...buyer.ctx, product: product.id }, outsider.token);
    expect(cross.status).toBe(403);
  });
});

describe('/stripe/create_session and /stripe/create_invoice_payment (a member buys a price)', () => {
  const session = (price: string, who: Caller = buyer) =>
    call(calls.createSessionCall, { ...who.ctx, price, successPath: `/user/${admin.teamId}/purchased`, cancelPath: `/user/${admin.teamId}` }, who.token);
  const invoice = (price: string) => call(calls.createInvoicePaymentCall, { ...buyer.ctx, price, name: 'Buyer', email: 'buyer@example.com' }, buyer.token);

  it('opens Checkout for a price on sale', async () => {
    const res = await session(oneTime.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ url: expect.any(String) });
  });

  it('answers price/not_found for an unknown price, another team’s, one off sale and one of a product no longer sold', async () => {
    for (const price of [MISSING_PRICE, otherPrice.id, offSale.id, retiredPrice.id]) {
      notFound(await session(price), 'price/not_found');
      notFound(await invoice(price), 'price/not_found');
    }
  });

  it('refuses a malformed price naming the field, and a caller who is not signed in', async () => {
    const bad = await session('prod_1');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toHaveProperty('price');
    const anonymous = await call(calls.createSessionCall, { ...buyer.ctx, price: oneTime.id, successPath: '/', cancelPath: '/' });
    expect(anonymous.status).toBe(401);
  });
});

describe('/stripe/get_price and /stripe/save_price (an administrator reads and edits a product’s prices)', () => {
  it('lists a product’s prices', async () => {
    const res = await call(calls.getPricesCall, { ...admin.ctx, productId: product.id }, admin.token);
    expect(res.status).toBe(200);
    expect((res.body as { prices: Price[] }).prices.map((p) => p.id)).toContain(oneTime.id);
  });

  it('answers product/not_found for the prices of an unknown or another team’s product, and price/not_found for editing a price it does not have', async () => {
    notFound(await call(calls.getPricesCall, { ...admin.ctx, productId: MISSING_PRODUCT }, admin.token), 'product/not_found');
    notFound(await call(calls.getPricesCall, { ...admin.ctx, productId: otherProduct.id }, admin.token), 'product/not_found');
    const edit = (id: string | undefined, productId: string) =>
      call(calls.savePriceCall, { ...admin.ctx, ...(id ? { id } : {}), productId, nickname: 'x', unitAmount: 1000, currency: 'jpy', type: 'one_time' }, admin.token);
    notFound(await edit(undefined, MISSING_PRODUCT), 'product/not_found');
    notFound(await edit(otherPrice.id, product.id), 'price/not_found');
    notFound(await edit(MISSING_PRICE, product.id), 'price/not_found');
  });

  it('refuses a malformed product id naming the field, and a member', async () => {
    const bad = await call(calls.getPricesCall, { ...admin.ctx, productId: 'price_1' }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toHaveProperty('productId');
    const asMember = await call(calls.getPricesCall, { ...buyer.ctx, productId: product.id }, buyer.token);
    expect(asMember.status).toBe(403);
  });
});

describe('/stripe/preview_upcoming and /stripe/change_price (a subscriber changes price)', () => {
  it('answers price/not_found for a price the team does not have; another price of the product previews', async () => {
    const yearly = await newPrice(admin, product.id, { nickname: 'Yearly', type: 'recurring', interval: 'year', unitAmount: 9800, validDays: undefined });
    const { buyer: subscriberCaller, sub } = await subscriber(admin, monthly, '4242424242424242');
    const preview = (price: string) => call(calls.previewUpcomingCall, { ...subscriberCaller.ctx, subscription: sub.id, price }, subscriberCaller.token);
    expect((await preview(yearly.id)).status).toBe(200);
    notFound(await preview(MISSING_PRICE), 'price/not_found');
    notFound(await preview(otherPrice.id), 'price/not_found');
    const change = await call(calls.changePriceCall, { ...subscriberCaller.ctx, subscription: sub.id, price: otherPrice.id }, subscriberCaller.token);
    notFound(change, 'price/not_found');
  });
});
