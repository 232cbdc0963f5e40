import * as calls from '../../shared/api/calls/payments';
import { AppError } from '../core/http/app-error';
import { authorize } from '../core/http/authorize';
import { implement, teamOf, type CallContext } from '../core/http/implement';
import { getTeamUser } from '../core/entities/team-user';
import * as catalogue from '../core/entities/catalogue';
import { checkoutResult, createCheckout, offersFor, productInfo } from './checkout';
import { connectedAccount, connectionStatus, disconnect, startConnect } from '../core/entities/connect';
import { listPurchases, purchasedInfoOf } from '../core/entities/purchase';
import * as subscriptions from './subscriptions';
import * as invoices from './invoice-payment';
import { listNotices } from '../core/entities/notice';
import { startFileUpload } from '../core/media/file-upload';
import { confirmIncompletePayment, createSetupSession, updatePaymentMethod } from './payment-methods';

/** The member whose purchases a call reads: the caller, or for billing administrators the member named. */
async function purchaser(ctx: CallContext, userId: string | undefined) {
  const team = teamOf(ctx);
  if (!userId || userId === team.userId) return team.user;
  authorize(ctx, 'admin.billing');
  const user = await getTeamUser(team.teamId, userId);
  if (!user) throw new AppError('common/no_user');
  return user;
}

export const paymentCalls = [
  implement(calls.getConnectionCall, (_input, ctx) => connectionStatus(teamOf(ctx).team)),
  implement(calls.startConnectCall, (_input, ctx) => startConnect(teamOf(ctx).team)),
  implement(calls.disconnectCall, (_input, ctx) => disconnect(teamOf(ctx).team)),

  implement(calls.getProductsCall, async (_input, ctx) => ({ products: await catalogue.listProducts(connectedAccount(teamOf(ctx).team)) })),
  implement(calls.saveProductCall, async (input, ctx) => {
    const { team, teamId } = teamOf(ctx);
    const account = connectedAccount(team);
    await catalogue.checkProductImage(teamId, input.imageKey);
    return catalogue.saveProduct(account, team.language, input);
  }),
  implement(calls.uploadProductImageCall, async (input, ctx) => startFileUpload(teamOf(ctx).teamId, { kind: 'productImage', ...input })),
  implement(calls.getPricesCall, async (input, ctx) => {
    const account = connectedAccount(teamOf(ctx).team);
    // SPEC §8: the prices of a product the account does not have answer `product/not_found`, not an empty list.
    const [prices] = await Promise.all([catalogue.listPrices(account, input.productId), input.productId && catalogue.getProduct(account, input.productId)]);
    return { prices };
  }),
  implement(calls.savePriceCall, (input, ctx) => {
    const { team } = teamOf(ctx);
    return catalogue.savePrice(connectedAccount(team), team.language, input);
  }),
  implement(calls.getCouponsCall, async (_input, ctx) => ({ coupons: await catalogue.listCoupons(connectedAccount(teamOf(ctx).team)) })),
  implement(calls.createCouponCall, (input, ctx) => {
    const { team } = teamOf(ctx);
    return catalogue.createCoupon(connectedAccount(team), team.language, input);
  }),
  implement(calls.getTaxRatesCall, async (_input, ctx) => ({ taxRates: await catalogue.listTaxRates(connectedAccount(teamOf(ctx).team)) })),
  implement(calls.saveTaxRateCall, (input, ctx) => catalogue.saveTaxRate(connectedAccount(teamOf(ctx).team), input)),

  implement(calls.getProductInfoCall, (input, ctx) => productInfo(teamOf(ctx).team, input.product)),
  implement(calls.getOffersCall, async (input, ctx) => ({ offers: await offersFor(teamOf(ctx).team, input.priceIds, input.onlyOneTime) })),
  implement(calls.createSessionCall, (input, ctx) => {
    const { team, user } = teamOf(ctx);
    return createCheckout(team, user, input, new Date());
  }),

  implement(calls.getCheckoutResultCall, (input, ctx) => checkoutResult(teamOf(ctx).team, teamOf(ctx).userId, input.sessionId)),

  implement(calls.createSetupSessionCall, (input, ctx) => createSetupSession(teamOf(ctx).team, teamOf(ctx).user, input)),
  implement(calls.updatePaymentMethodCall, (input, ctx) => updatePaymentMethod(teamOf(ctx).team, teamOf(ctx).user, input, new Date())),
  implement(calls.confirmIncompletePaymentCall, (input, ctx) => confirmIncompletePayment(teamOf(ctx).team, teamOf(ctx).user, input)),
  implement(calls.createInvoicePaymentCall, (input, ctx) => invoices.createInvoicePayment(teamOf(ctx).team, teamOf(ctx).user, input, new Date())),
  implement(calls.sendInvoiceCall, (input, ctx) => invoices.sendInvoice(teamOf(ctx).team, teamOf(ctx).user, input.invoiceId)),
  implement(calls.cancelInvoicePaymentCall, (input, ctx) => invoices.cancelInvoicePayment(teamOf(ctx).team, teamOf(ctx).user, input.invoiceId)),
  implement(calls.replaceInvoicePaymentCall, (input, ctx) => invoices.replaceInvoicePayment(teamOf(ctx).team, teamOf(ctx).user, input, new Date())),

  implement(calls.getPurchasedCall, async (input, ctx) => {
    const user = await purchaser(ctx, input.userId);
    return { purchases: (await listPurchases(user.teamId, user.userId)).map(purchasedInfoOf) };
  }),
  implement(calls.cancelSubscriptionCall, (input, ctx) => subscriptions.cancelSubscription(teamOf(ctx).team, teamOf(ctx).userId, input.subscription, new Date())),
  implement(calls.restartSubscriptionCall, (input, ctx) => subscriptions.restartSubscription(teamOf(ctx).team, teamOf(ctx).userId, input.subscription, new Date())),
  implement(calls.previewUpcomingCall, (input, ctx) => subscriptions.previewPriceChange(teamOf(ctx).team, teamOf(ctx).userId, input.subscription, input.price)),
  implement(calls.changePriceCall, (input, ctx) => subscriptions.changePrice(teamOf(ctx).team, teamOf(ctx).userId, input.subscription, input.price, new Date())),
  implement(calls.getInvoicesCall, async (input, ctx) => {
    const { team } = teamOf(ctx);
    const user = await purchaser(ctx, input.userId);
    return { invoices: await subscriptions.listInvoices(team, subscriptions.customerIn(connectedAccount(team), user)) };
  }),
  implement(calls.getInvoiceCall, (input, ctx) => {
    const { team, user } = teamOf(ctx);
    return subscriptions.getInvoice(team, subscriptions.customerIn(connectedAccount(team), user), input.invoice);
  }),
  implement(calls.getOneTimePaymentsCall, async (input, ctx) => {
    const { team } = teamOf(ctx);
    const user = await purchaser(ctx, input.userId);
    return { payments: await subscriptions.listOneTimePayments(team, subscriptions.customerIn(connectedAccount(team), user)) };
  }),
  implement(calls.listPaymentNotificationsCall, (input, ctx) => listNotices<calls.PaymentNotification>(teamOf(ctx).teamId, 'payment', input)),
];
