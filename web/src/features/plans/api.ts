import useSWR, { useSWRConfig } from 'swr';
import { getAdminContextCall } from '../../../../shared/api/calls/teams';
import * as plansCalls from '../../../../shared/api/calls/plans';
import type { BillingCycle } from '../../../../shared/constants';
import type { PaidPlan } from '../../../../shared/plans';
import { callApi } from '../../lib/api';
import { getTeamSession } from '../../lib/team-session';

/**
 * SPEC §1/§2 operator plans: the calls of /admin/general_setting/billing and subscription/*. The team's plan and
 * gate are read from the admin context (the same SWR key as the admin shell's, so both see one answer).
 */
const adminContextKey = () => {
  const session = getTeamSession();
  return session ? ([getAdminContextCall.path, session.operatedTeamId, session.operatedUserId] as const) : null;
};

/** The team's plan, trial and gate; `poll` asks again every 2 s (after Checkout, until the webhook lands). */
export function useTeamPlan(poll = false) {
  return useSWR(adminContextKey(), () => callApi(getAdminContextCall, {}), poll ? { refreshInterval: 2000 } : {});
}

export function useRefreshPlanViews() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && (key[0] === getAdminContextCall.path || key[0] === plansCalls.planContractCall.path || key[0] === plansCalls.planInvoicesCall.path));
}

export const planCheckout = (plan: PaidPlan, cycle: BillingCycle, locale: 'ja' | 'en') => callApi(plansCalls.planCheckoutCall, { plan, cycle, locale });
export const changePlan = (plan: PaidPlan, cycle: BillingCycle) => callApi(plansCalls.planChangeCall, { plan, cycle });
export const cancelPlan = (cancel: boolean) => callApi(plansCalls.planCancelCall, { cancel });

const teamKey = (path: string) => {
  const session = getTeamSession();
  return session ? ([path, session.operatedTeamId] as const) : null;
};

export const usePlanContract = () => useSWR(teamKey(plansCalls.planContractCall.path), () => callApi(plansCalls.planContractCall, {}));
export const usePlanInvoices = () => useSWR(teamKey(plansCalls.planInvoicesCall.path), () => callApi(plansCalls.planInvoicesCall, {}));
