import * as z from 'zod/mini';
import { billingCycles, type BillingCycle, type Plan } from '../../constants';
import { code, invalidValue } from '../../rules/issues';
import { paidPlans, type PaidPlan, type PlanCurrency, type PlanSubscriptionStatus } from '../../plans';
import { callsOf } from '../define';

const plansCall = callsOf('plans');

/**
 * SPEC §1/§2 operator plans, billed on the platform's own Stripe account (lambdas/plans/): choosing a plan
 * (`/admin/general_setting/billing`, paying managers), the contract and its invoices
 * (`/admin/general_setting/subscription/*`, site managers). A gated team's administrators may still make these
 * calls (shared/plans.ts `openWhenGated`).
 */

const planSchema = z.enum(paidPlans, code('validation/invalid_value'));
const cycleSchema = z.enum(billingCycles, code('validation/invalid_value'));
const planChoice = z.object({ plan: planSchema, cycle: cycleSchema, locale: z.optional(z.enum(['ja', 'en'], invalidValue)) }, invalidValue);

/** Opens Stripe Checkout on the platform account for a plan; the plan changes when Stripe's webhook says it was paid. */
export const planCheckoutCall = plansCall<typeof planChoice, { url: string }>()('/plan/checkout', 'admin.billing', planChoice);

/** Moves a running subscription to another plan or cycle (prorated by Stripe); a downgrade the usage exceeds is refused. */
export const planChangeCall = plansCall<typeof planChoice, { ok: true }>()('/plan/change', 'admin.billing', planChoice);

export interface PlanContract {
  plan: Plan;
  trialEndsAt: string;
  currency: PlanCurrency;
  subscription?: {
    status: PlanSubscriptionStatus;
    cycle: BillingCycle;
    plan: PaidPlan | undefined;
    currentPeriodEnd?: string;
    cancelAtPeriodEnd: boolean;
  };
}

/** The team's plan and its subscription as last told by Stripe (contracting_plan). */
export const planContractCall = plansCall<z.ZodMiniObject<{}>, PlanContract>()('/plan/contract', 'admin.site', z.object({}));

const cancelInput = z.object({ cancel: z.boolean(code('validation/invalid_value')) }, invalidValue);

/** Stops renewal at the period end (`cancel: true`) or takes that back (`false`). */
export const planCancelCall = plansCall<typeof cancelInput, { ok: true }>()('/plan/cancel', 'admin.site', cancelInput);

export interface PlanInvoice {
  id: string;
  number: string | null;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  amountDue: number;
  amountPaid: number;
  currency: string;
  created: string;
  hostedInvoiceUrl: string | null;
}

/** The team's platform invoices, newest first (paid_history). */
export const planInvoicesCall = plansCall<z.ZodMiniObject<{}>, { items: PlanInvoice[] }>()('/plan/invoices', 'admin.site', z.object({}));
