import * as z from 'zod/mini';
import { currencies, type CouponDuration, type Currency, type Interval } from '../../constants';
import { emailSchema, requiredText } from '../../rules/account';
import { couponSchema } from '../../rules/coupon';
import { code, invalidValue } from '../../rules/issues';
import { priceSchema, type PriceRules } from '../../rules/price';
import { taxRateSchema } from '../../rules/tax-rate';
import { descriptionSchema } from '../../rules/text';
import { flagSchema } from '../../rules/common';
import type { ErrorCode } from '../../errors';
import { idSchema } from '../ids';
import { callsOf } from '../define';
import { pageInput, type Page } from '../page';

const paymentsCall = callsOf('payments');

/**
 * SPEC §7 `/stripe/*`: the team's sales through its own connected Stripe account. The server reads the account
 * from the team (never from the body: SPEC's `stripeAccount` is ignored), and a member's customer from their own
 * record. Payload fields are camelCase like every other call; SPEC's snake_case names map one to one
 * (`unit_amount` → `unitAmount`, `success_url` → `successPath`, a path inside the app so nobody can send a buyer
 * elsewhere). The mode, valid days and trial of a checkout come from the price on the server, never from the body.
 */

/** A Stripe object id with its prefix (`prod_…`, `price_…`, `sub_…`). */
const stripeId = (prefix: string) =>
  z.string({ error: code('validation/required') }).check(z.regex(new RegExp(`^${prefix}_[0-9A-Za-z]{1,250}$`), code('validation/invalid_value')));
/** Coupon ids are chosen by people (Stripe takes any), so a typed code: letters, digits, `-` and `_`. */
const couponCodeSchema = z.string({ error: code('validation/required') }).check(z.trim(), z.regex(/^[0-9A-Za-z_-]{1,64}$/, 'payment/invalid_coupon'));
/** A path inside the web app where Checkout sends the buyer back (`/user/<team>/…`). */
const returnPathSchema = z
  .string({ error: code('validation/required') })
  .check(z.regex(/^\/(user|catalog|login)\/[0-9A-Za-z_-]{1,64}(\/[0-9A-Za-z_\-/.]*)?(\?[0-9A-Za-z_\-=&%.]*)?$/, code('validation/invalid_value')), z.maxLength(500, code('validation/too_long')));

export type SubscriptionState = 'trialing' | 'active' | 'past_due' | 'unpaid' | 'cancel_scheduled' | 'canceled' | 'incomplete';
/** SPEC §4 payment: success, canceled, refunded (plus Stripe's in-between states of a payment intent). */
export type PaymentState = 'success' | 'canceled' | 'refunded' | 'pending';
export const paymentIntentStatuses = ['succeeded', 'requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'canceled'] as const;
export type PaymentIntentStatus = (typeof paymentIntentStatuses)[number];
export const invoiceStatuses = ['draft', 'open', 'void', 'paid', 'uncollectible'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

// ---------------------------------------------------------------- connection (/admin/payment)

export interface PaymentConnection {
  /** none: never connected; onboarding: the operator has not finished Stripe's form; connected: ready to sell. */
  state: 'none' | 'onboarding' | 'connected';
  accountId?: string;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
}

export const getConnectionCall = paymentsCall<z.ZodMiniObject<{}>, PaymentConnection>()('/stripe/connect/status', 'admin.billing', z.object({}));

/** Creates (or reuses) the team's connected account and answers Stripe's onboarding link. */
export const startConnectCall = paymentsCall<z.ZodMiniObject<{}>, { url: string }>()('/stripe/connect/start', 'admin.billing', z.object({}));

/** Unlinks the account from the team (the Stripe account and its history stay with the operator). */
export const disconnectCall = paymentsCall<z.ZodMiniObject<{}>, PaymentConnection>()('/stripe/connect/disconnect', 'admin.billing', z.object({}));

// ---------------------------------------------------------------- catalogue (/admin/stripe/...)

export interface Product {
  id: string;
  name: string;
  description: string;
  active: boolean;
  currency: Currency;
  taxRateId?: string;
  /**
   * SPEC §3 Product thumbnail: the upload key (`productImage`, through /stripe/product/upload_image), kept in the
   * product's Stripe metadata; null = none. `imageUrl` is a signed URL of it, made when the product is read.
   */
  imageKey: string | null;
  imageUrl?: string;
  createdAt: string;
}

/** A price: its amount and terms (`PriceRules`, checked in shared/rules/price.ts) and what Stripe keeps with it. */
export interface Price extends PriceRules {
  id: string;
  productId: string;
  nickname: string;
  description: string;
  active: boolean;
  metadata: Record<string, string>;
  createdAt: string;
}

export interface Coupon {
  id: string;
  name: string;
  type: 'percent' | 'amount';
  percentOff?: number;
  amountOff?: number;
  currency?: Currency;
  duration: CouponDuration;
  durationInMonths?: number;
  redeemBy?: string;
  maxRedemptions?: number;
  timesRedeemed: number;
  productIds: string[];
  valid: boolean;
  createdAt: string;
}

export interface TaxRate {
  id: string;
  displayName: string;
  percentage: number;
  inclusive: boolean;
  active: boolean;
}

export const getProductsCall = paymentsCall<z.ZodMiniObject<{}>, { products: Product[] }>()('/stripe/get_product', 'admin.billing', z.object({}));

/** An uploaded product image's key (the server checks it is this team's and exists). */
const productImageKeySchema = z
  .string({ error: code('validation/required') })
  .check(z.regex(/^T\/[0-9A-Za-z_-]{1,64}\/files\/productImage\/[0-9A-Za-z_.-]{1,120}$/, code('validation/invalid_value')));

export const productInput = z.object(
  {
    /** Absent: create. */
    id: z.optional(stripeId('prod')),
    /** The thumbnail's upload key; null (or absent) = none. */
    imageKey: z._default(z.nullable(productImageKeySchema), null),
    name: requiredText(100),
    description: z._default(descriptionSchema, ''),
    active: flagSchema(true),
    currency: z.enum(currencies, { error: code('validation/required') }),
    taxRateId: z.optional(stripeId('txr')),
  },
  invalidValue,
);
export type ProductInput = z.input<typeof productInput>;

export const saveProductCall = paymentsCall<typeof productInput, Product>()('/stripe/save_product', 'admin.billing', productInput);

const uploadProductImageInput = z.object(
  {
    fileName: z.string({ error: code('validation/required') }).check(z.trim(), z.minLength(1, code('validation/required')), z.maxLength(255, code('validation/too_long'))),
    contentType: z.string({ error: code('validation/required') }).check(z.maxLength(100, invalidValue)),
    sizeBytes: z.number(invalidValue).check(z.refine(Number.isSafeInteger, code('validation/not_integer')), z.gte(1, invalidValue)),
  },
  invalidValue,
);

/** A presigned PUT for a product's thumbnail (JPEG, PNG or WebP up to 5 MB: uploads.ts `productImage`); then save its key with the product. */
export const uploadProductImageCall = paymentsCall<typeof uploadProductImageInput, { key: string; url: string; headers: Record<string, string>; expiresAt: string }>()(
  '/stripe/product/upload_image',
  'admin.billing',
  uploadProductImageInput,
);

export const getPricesCall = paymentsCall<z.ZodMiniObject<{ productId: z.ZodMiniOptional<ReturnType<typeof stripeId>> }>, { prices: Price[] }>()('/stripe/get_price', 'admin.billing', z.object({ productId: z.optional(stripeId('prod')) }, invalidValue));

/**
 * Stripe never changes a price's amount, currency or kind: an edit (with `id`) changes the nickname, the
 * description, `active` and the metadata; the rest must be as stored (else 400 `common/illegal_operation`).
 */
export const savePriceInput = z.extend(priceSchema, { id: z.optional(stripeId('price')) });
export type SavePriceInput = z.input<typeof savePriceInput>;

export const savePriceCall = paymentsCall<typeof savePriceInput, Price>()('/stripe/save_price', 'admin.billing', savePriceInput);

export const getCouponsCall = paymentsCall<z.ZodMiniObject<{}>, { coupons: Coupon[] }>()('/stripe/get_coupon', 'admin.billing', z.object({}));

/** Coupons are created, never edited (Stripe keeps a coupon's terms; SPEC §2 "coupon list, create"). */
export const createCouponInput = z.extend(couponSchema(), { id: z.optional(couponCodeSchema) });
export type CreateCouponInput = z.input<typeof createCouponInput>;

export const createCouponCall = paymentsCall<typeof createCouponInput, Coupon>()('/stripe/create_coupon', 'admin.billing', createCouponInput);

export const getTaxRatesCall = paymentsCall<z.ZodMiniObject<{}>, { taxRates: TaxRate[] }>()('/stripe/get_tax_rate', 'admin.billing', z.object({}));

/** A tax rate's percentage and inclusiveness are fixed once created (as in Stripe): an edit changes the name and `active`. */
export const saveTaxRateInput = z.extend(taxRateSchema, { id: z.optional(stripeId('txr')), active: flagSchema(true) });
export type SaveTaxRateInput = z.input<typeof saveTaxRateInput>;

export const saveTaxRateCall = paymentsCall<typeof saveTaxRateInput, TaxRate>()('/stripe/save_tax_rate', 'admin.billing', saveTaxRateInput);

// ---------------------------------------------------------------- what members see and buy

/** A price as a buyer sees it, with its product and the tax added at checkout. */
/** What a buyer sees of a product: its thumbnail as a signed URL only (`imageUrl`, absent = none). */
export type ProductSummary = Pick<Product, 'id' | 'name' | 'description' | 'currency' | 'imageUrl'>;

export interface PriceOffer {
  price: Price;
  product: ProductSummary;
  taxRate?: TaxRate;
  /** The amount with exclusive tax added (what the buyer pays before any coupon). */
  unitAmountWithTax: number;
}

export interface ProductInfo {
  product: ProductSummary;
  offers: PriceOffer[];
}

export const getProductInfoInput = z.object(
  {
    product: stripeId('prod'),
    taxRateId: z.optional(stripeId('txr')),
    currency: z.optional(z.enum(currencies, invalidValue)),
  },
  invalidValue,
);

export const getProductInfoCall = paymentsCall<typeof getProductInfoInput, ProductInfo>()('/stripe/get_product_info', 'member', getProductInfoInput);

export const offersInput = z.object(
  {
    priceIds: z.array(stripeId('price'), invalidValue).check(z.maxLength(20, code('validation/too_long'))),
    onlyOneTime: flagSchema(false),
  },
  invalidValue,
);

/** The active prices among `priceIds` (a content item's prices), for its "unpurchased" view. */
export const getOffersCall = paymentsCall<typeof offersInput, { offers: PriceOffer[] }>()('/stripe/price_ids/get_product_info', 'member', offersInput);

export const createSessionInput = z.object(
  {
    price: stripeId('price'),
    /** The coupon code the buyer typed. */
    coupon: z.optional(couponCodeSchema),
    successPath: returnPathSchema,
    cancelPath: returnPathSchema,
    /** The language of Stripe's page: the member's (default: the site's). */
    locale: z.optional(z.enum(['ja', 'en'], invalidValue)),
  },
  invalidValue,
);
export type CreateSessionInput = z.input<typeof createSessionInput>;

/** Stripe Checkout for one price: the buyer is sent to `url`; the purchase appears when Stripe's webhook arrives. */
export const createSessionCall = paymentsCall<typeof createSessionInput, { id: string; url: string }>()('/stripe/create_session', 'member', createSessionInput);

/**
 * What became of the member's own Checkout session, when Stripe's page sent them back without paying: a card
 * the buyer tried and Stripe declined is answered as SPEC §8's payment message (`error`).
 */
export interface CheckoutResult {
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  error?: ErrorCode;
}

/** A Checkout session id (`cs_test_…`, `cs_live_…`). */
const checkoutSessionId = z.string({ error: code('validation/required') }).check(z.regex(/^cs_[0-9A-Za-z_]{1,250}$/, code('validation/invalid_value')));
const checkoutResultInput = z.object({ sessionId: checkoutSessionId }, invalidValue);

export const getCheckoutResultCall = paymentsCall<typeof checkoutResultInput, CheckoutResult>()('/stripe/checkout_result', 'member', checkoutResultInput);

// ---------------------------------------------------------------- the member's purchases (/user/:teamId/purchased, setting/…)

export interface PurchasedInfo {
  /** The subscription or payment intent id. */
  id: string;
  kind: 'one_time' | 'subscription';
  priceId: string;
  productId: string;
  productName: string;
  priceNickname: string;
  amount: number;
  currency: Currency;
  interval?: Interval;
  /** Subscriptions: their state; one-time purchases: the payment's. */
  state: SubscriptionState | PaymentState;
  /** Access lasts until (one-time with valid days, or the current period of a subscription). */
  accessUntil?: string;
  /** Subscriptions: the current period's end, when it renews or, when cancel is scheduled, ends. */
  currentPeriodEnd?: string;
  trialEnd?: string;
  /** SPEC §5 minimum usage period: no cancelling before this date. */
  cancellableFrom?: string;
  purchasedAt: string;
  /** A subscription paid by bank transfer: each invoice is sent and paid by transfer (no card to change). */
  byBankTransfer?: boolean;
}

/** Where the caller looks: their own purchases, or (administrators with billing) one member's. */
const customerOf = { userId: z.optional(idSchema) };

export const purchasedInput = z.object(customerOf, invalidValue);

export const getPurchasedCall = paymentsCall<typeof purchasedInput, { purchases: PurchasedInfo[] }>()('/stripe/purchased/get_infos', 'member', purchasedInput);

const subscriptionInput = z.object({ subscription: stripeId('sub') }, invalidValue);

export const cancelSubscriptionCall = paymentsCall<typeof subscriptionInput, PurchasedInfo>()('/stripe/cancel_subscription', 'member', subscriptionInput);

export const restartSubscriptionCall = paymentsCall<typeof subscriptionInput, PurchasedInfo>()('/stripe/restart_subscription', 'member', subscriptionInput);

const changePriceInput = z.object({ subscription: stripeId('sub'), price: stripeId('price') }, invalidValue);

export interface InvoicePreview {
  currency: Currency;
  /** What the next invoice will charge, proration included. */
  amountDue: number;
  /** The proration part: credit for the unused time and the new price's remaining time. */
  prorationAmount: number;
  lines: { description: string; amount: number; proration: boolean }[];
  nextPaymentAt?: string;
}

export const previewUpcomingCall = paymentsCall<typeof changePriceInput, InvoicePreview>()('/stripe/preview_upcoming', 'member', changePriceInput);

export const changePriceCall = paymentsCall<typeof changePriceInput, PurchasedInfo>()('/stripe/change_price', 'member', changePriceInput);

export interface InvoiceSummary {
  id: string;
  number?: string;
  status: InvoiceStatus;
  amountDue: number;
  amountPaid: number;
  currency: Currency;
  createdAt: string;
  /** The period the invoice bills (its line's: a subscription's first invoice itself spans no time). */
  periodStart?: string;
  periodEnd?: string;
  hostedInvoiceUrl?: string;
  subscriptionId?: string;
  /** What it was for: the price it bills, its product's name and the price's nickname (absent once deleted). */
  priceId?: string;
  productName?: string;
  priceNickname?: string;
}

/**
 * A one-time payment as listed: only real payments (an intent whose card was declined or never entered is none);
 * a bank transfer awaiting its money is `pending`.
 */
export interface OneTimePayment {
  id: string;
  status: PaymentIntentStatus;
  state: PaymentState;
  amount: number;
  currency: Currency;
  priceId?: string;
  productName?: string;
  priceNickname?: string;
  method: 'card' | 'customer_balance';
  createdAt: string;
  /** Bank transfer: Stripe's invoice page (the transfer details, and the receipt once paid). */
  hostedInvoiceUrl?: string;
}

export const getInvoicesCall = paymentsCall<typeof purchasedInput, { invoices: InvoiceSummary[] }>()('/stripe/get_invoices', 'member', purchasedInput);

export const getInvoiceCall = paymentsCall<z.ZodMiniObject<{ invoice: ReturnType<typeof stripeId> }>, InvoiceSummary>()('/stripe/get_invoice', 'member', z.object({ invoice: stripeId('in') }, invalidValue));

export const getOneTimePaymentsCall = paymentsCall<typeof purchasedInput, { payments: OneTimePayment[] }>()('/stripe/get_one_time_payment_payments', 'member', purchasedInput);

// ---------------------------------------------------------------- payment methods and 3-D Secure

const setupSessionInput = z.object({ subscription: stripeId('sub'), successPath: returnPathSchema, cancelPath: returnPathSchema, locale: z.optional(z.enum(['ja', 'en'], invalidValue)) }, invalidValue);

/** Stripe Checkout in setup mode: the member enters a new card, which becomes the subscription's. */
export const createSetupSessionCall = paymentsCall<typeof setupSessionInput, { id: string; url: string }>()('/stripe/create_session/setup', 'member', setupSessionInput);

/** Exactly one of the two: a saved card (`paymentMethodId`) or the setup session the member came back from (`sessionId`). */
const paymentMethodInput = z
  .object({ paymentMethodId: z.optional(stripeId('pm')), sessionId: z.optional(checkoutSessionId) }, invalidValue)
  .check(
    z.refine((v) => v.paymentMethodId !== undefined || v.sessionId !== undefined, { path: ['paymentMethodId'], message: code('validation/required') }),
    z.refine((v) => v.paymentMethodId === undefined || v.sessionId === undefined, { path: ['sessionId'], message: code('validation/invalid_value') }),
  );

/**
 * Makes one of the member's saved cards the default of their customer and their live subscriptions; or, with the
 * id of a completed setup session (Checkout's success address names it), that session's new card the default of
 * their customer and of the subscription it was opened for (the webhook does the same if the member never returns).
 */
export const updatePaymentMethodCall = paymentsCall<typeof paymentMethodInput, { success: true }>()('/stripe/update_payment_method', 'member', paymentMethodInput);

export interface IncompletePayment {
  id: string;
  status: PaymentIntentStatus;
  amount: number;
  currency: Currency;
  /** Where the member completes 3-D Secure (Stripe's page), when it is needed. */
  nextActionUrl?: string;
}

const confirmIncompleteInput = z.object({ returnPath: returnPathSchema }, invalidValue);

/** The member's subscription payment waiting for 3-D Secure, confirmed again to get Stripe's authentication page. */
export const confirmIncompletePaymentCall = paymentsCall<typeof confirmIncompleteInput, { paymentIntent?: IncompletePayment }>()('/stripe/confirm_incomplete_payment_intent', 'member', confirmIncompleteInput);

// ---------------------------------------------------------------- invoice payment (bank transfer)

export interface InvoicePayment {
  invoiceId: string;
  status: InvoiceStatus;
  amountDue: number;
  currency: Currency;
  dueDate?: string;
  /** Stripe's invoice page with the bank transfer details. */
  hostedInvoiceUrl?: string;
  /** A recurring price: the subscription this (first) invoice starts; each renewal is invoiced the same way. */
  subscriptionId?: string;
}

/**
 * SPEC §7 create_invoice_payment for a one-time price, or a subscription to a recurring one (every invoice sent
 * and paid by transfer), paid by bank transfer (Stripe's customer balance). The
 * recipient's name and e-mail are SPEC §5's invoice rule; the price, tax rate, coupon and valid days are read on the
 * server (SPEC's `unit_amount_with_tax`, `mode`, `valid_days` in the body are not trusted).
 */
export const createInvoicePaymentInput = z.object(
  {
    price: stripeId('price'),
    coupon: z.optional(couponCodeSchema),
    name: requiredText(100),
    email: emailSchema,
    /** The member's language: Stripe's invoice page and mail speak it (default: the site's). */
    locale: z.optional(z.enum(['ja', 'en'], invalidValue)),
  },
  invalidValue,
);
export type CreateInvoicePaymentInput = z.input<typeof createInvoicePaymentInput>;

export const createInvoicePaymentCall = paymentsCall<typeof createInvoicePaymentInput, InvoicePayment>()('/stripe/create_invoice_payment', 'member', createInvoicePaymentInput);

const invoiceIdInput = z.object({ invoiceId: stripeId('in') }, invalidValue);

/** Sends the member's open invoice by Stripe's e-mail. */
export const sendInvoiceCall = paymentsCall<typeof invoiceIdInput, InvoicePayment>()('/stripe/send_invoice', 'member', invoiceIdInput);

/** SPEC's cancel_payment_intent for an invoice payment: the open invoice (and its payment intent) is voided. */
export const cancelInvoicePaymentCall = paymentsCall<typeof invoiceIdInput, InvoicePayment>()('/stripe/cancel_payment_intent', 'member', invoiceIdInput);

const replaceInput = z.object({ invoiceId: stripeId('in'), price: z.optional(stripeId('price')), coupon: z.optional(couponCodeSchema) }, invalidValue);

/** SPEC's replace_payment_intent: the open invoice is voided and a new one issued (another price or coupon). */
export const replaceInvoicePaymentCall = paymentsCall<typeof replaceInput, InvoicePayment>()('/stripe/replace_payment_intent', 'member', replaceInput);

// ---------------------------------------------------------------- payment notices (SPEC §3 firstSubscriptionPayment, paymentUser)

/** A member's payment, told in-app to the administrators who manage billing (and by mail, per their settings). */
export interface PaymentNotification {
  /** The payment's own id in Stripe (payment intent or invoice): one notice per payment however often Stripe tells it. */
  notificationId: string;
  /** When it was paid. */
  createdAt: string;
  event: 'firstSubscriptionPayment' | 'paymentUser';
  userId: string;
  userName: string;
  kind: 'one_time' | 'subscription';
  productName: string;
  priceNickname: string;
  amount: number;
  currency: Currency;
}

const paymentNotificationsInput = z.object(pageInput(), invalidValue);

/** The team's payment notices, newest first. */
export const listPaymentNotificationsCall = paymentsCall<typeof paymentNotificationsInput, Page<PaymentNotification>>()('/stripe/notification/list', 'admin.billing', paymentNotificationsInput);
