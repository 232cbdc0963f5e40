import { transact } from '../lambdas/platform/db';
import { stripeClient } from '../lambdas/platform/payments';
import { createCoupon, listPrices, saveProduct, savePrice, saveTaxRate } from '../lambdas/core/entities/catalogue';
import { putAccountLookupOp } from '../lambdas/core/entities/payment-account';
import { getTeam, linkTeamPaymentOp } from '../lambdas/core/entities/team';
import { createCouponInput, productInput, savePriceInput, saveTaxRateInput } from '../shared/api/calls/payments';

/** The demo coupon code members can type at checkout. */
export const DEMO_COUPON = 'WELCOME20';

/**
 * The demo team's shop (SPEC §7 on the local Stripe server): a connected, onboarded account; a 10% tax rate;
 * a product with a one-time price (30 days), a monthly subscription with a 7-day trial and a dearer monthly one
 * (to change plan to; subscribed to directly, it has a 3-month minimum term); a 20% coupon.
 * Made through the same domain functions and rules as the admin screens. Answers the active price ids, for the
 * priced demo video. Safe on every start: a connected team is left as it is.
 */
export async function seedDemoShop(teamId: string): Promise<string[]> {
  const team = await getTeam(teamId);
  if (!team) throw new Error('The demo team does not exist');
  if (team.payment) return (await listPrices(team.payment.accountId)).filter((p) => p.active).map((p) => p.id);
  const stripe = await stripeClient();
  // The stand-in's shortcut for an operator who has finished Stripe's onboarding form.
  const account = await stripe.accounts.create({ type: 'standard', country: 'JP', email: 'admin@demo.example', metadata: { teamId, local_onboarded: 'true' } });
  await transact([linkTeamPaymentOp(teamId, { accountId: account.id, chargesEnabled: true, detailsSubmitted: true }), putAccountLookupOp(account.id, teamId)]);
  const tax = await saveTaxRate(account.id, saveTaxRateInput.parse({ displayName: '消費税 / Consumption tax', percentage: 10, inclusive: false }));
  const product = await saveProduct(
    account.id,
    team.language,
    productInput.parse({ name: 'プレミアム講座 / Premium course', description: 'Lessons for purchasers.', currency: 'jpy', taxRateId: tax.id }),
  );
  const oneTime = await savePrice(
    account.id,
    team.language,
    savePriceInput.parse({ productId: product.id, nickname: '30日間 / 30 days', unitAmount: 1000, currency: 'jpy', type: 'one_time', validDays: 30 }),
  );
  const monthly = await savePrice(
    account.id,
    team.language,
    savePriceInput.parse({ productId: product.id, nickname: '月額 / Monthly', unitAmount: 980, currency: 'jpy', type: 'recurring', interval: 'month', trialDays: 7 }),
  );
  const plus = await savePrice(
    account.id,
    team.language,
    savePriceInput.parse({ productId: product.id, nickname: '月額プラス / Monthly plus', unitAmount: 1980, currency: 'jpy', type: 'recurring', interval: 'month', minimumUsageMonths: 3 }),
  );
  await createCoupon(account.id, team.language, createCouponInput.parse({ id: DEMO_COUPON, name: 'Welcome 20%', discount: { type: 'percent', percentOff: 20 }, duration: 'once' }));
  return [oneTime.id, monthly.id, plus.id];
}
