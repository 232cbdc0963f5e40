import * as calls from '../../shared/api/calls/plans';
import { implement, teamOf } from '../core/http/implement';
import { cancelPlan, changePlan, planCheckout, planContract, planInvoices } from './plan-billing';

/** SPEC §1/§2 operator plans: thin handlers over plan-billing.ts (permissions from the declarations). */
export const planCalls = [
  implement(calls.planCheckoutCall, (input, ctx) => {
    const { team, user } = teamOf(ctx);
    return planCheckout(team, user, input);
  }),
  implement(calls.planChangeCall, (input, ctx) => changePlan(teamOf(ctx).team, input, new Date())),
  implement(calls.planContractCall, (_input, ctx) => Promise.resolve(planContract(teamOf(ctx).team))),
  implement(calls.planCancelCall, (input, ctx) => cancelPlan(teamOf(ctx).team, input.cancel, new Date())),
  implement(calls.planInvoicesCall, (_input, ctx) => planInvoices(teamOf(ctx).team)),
];
