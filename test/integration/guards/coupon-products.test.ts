import '../support/platform-env';
import { describe, expect, it } from 'vitest';
import { createCouponCall, type Coupon } from '../../../shared/api/calls/payments';
import { call } from '../support/api';
import { connectedTeam, newProduct } from '../payments/shop';

/**
 * Found by the isolation suite: a coupon limited to products was created with another team's product id (the
 * products were not checked in the team's own Stripe account). Now each must be the team's own product.
 */
describe('/stripe/create_coupon limited to products', () => {
  it("refuses another team's product and accepts the team's own", async () => {
    const { admin: alpha } = await connectedTeam('Coupon Alpha');
    const { admin: bravo } = await connectedTeam('Coupon Bravo');
    const alphaProduct = await newProduct(alpha);
    const bravoProduct = await newProduct(bravo);
    const coupon = (productIds: string[]) => ({ ...bravo.ctx, name: 'Ten off', discount: { type: 'percent', percentOff: 10 }, duration: 'once', productIds });

    const foreign = await call(createCouponCall, coupon([bravoProduct.id, alphaProduct.id]), bravo.token);
    expect(foreign).toMatchObject({ status: 400, body: { error: { code: 'common/invalid_input', fields: { 'productIds.1': 'validation/invalid_value' } } } });
    expect(JSON.stringify(foreign.body)).not.toContain(alphaProduct.id);

    const own = await call(createCouponCall, coupon([bravoProduct.id]), bravo.token);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((own.body as unknown as Coupon).valid).toBe(true);
  });
});
