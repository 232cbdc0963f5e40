import { describe, expect, it } from 'vitest';
import { YEARLY_DISCOUNT_PERCENT } from '../../../shared/constants';
import {
  adminPageOpenWhenGated,
  checkPlanChange,
  entryPath,
  gateErrorCode,
  openWhenGated,
  paidPlans,
  planCatalogue,
  planLookupKey,
  planPrice,
  planStorageBytes,
  PLAN_YEARLY_DISCOUNT_PERCENT,
  teamGate,
  TRIAL_STORAGE_BYTES,
} from '../../../shared/plans';
import { entryPathForError } from '../../../web/src/lib/entry-gate';

const GIB = 1024 ** 3;
const now = new Date('2026-06-15T12:00:00.000Z');
const past = '2026-06-15T11:59:59.000Z';
const future = '2026-06-16T00:00:00.000Z';

describe('plan prices', () => {
  it('uses the same yearly discount as the constants (the 10%OFF badge)', () => {
    expect(PLAN_YEARLY_DISCOUNT_PERCENT).toBe(YEARLY_DISCOUNT_PERCENT);
  });

  it.each(paidPlans)('%s: monthly is the catalogue price, yearly is 12 x monthly x 0.9', (plan) => {
    for (const currency of ['jpy', 'usd'] as const) {
      const monthly = planCatalogue[plan].monthly[currency];
      expect(planPrice(plan, 'monthly', currency)).toBe(monthly);
      expect(planPrice(plan, 'yearly', currency)).toBe(Math.round(12 * monthly * 0.9));
      expect(planPrice(plan, 'yearly', currency)).toBeLessThan(12 * monthly);
    }
  });

  it('prices grow with the plan, and so does storage', () => {
    const monthly = paidPlans.map((p) => planPrice(p, 'monthly', 'jpy'));
    expect([...monthly].sort((a, b) => a - b)).toEqual(monthly);
    const storage = paidPlans.map((p) => planStorageBytes(p));
    expect([...storage].sort((a, b) => a - b)).toEqual(storage);
  });

  it('the trial stores 5 GB (SPEC §9)', () => {
    expect(planStorageBytes('trial')).toBe(5 * GIB);
    expect(TRIAL_STORAGE_BYTES).toBe(5 * GIB);
  });

  it('lookup keys name plan, cycle and currency, one per price', () => {
    const keys = new Set(paidPlans.flatMap((p) => (['monthly', 'yearly'] as const).flatMap((c) => (['jpy', 'usd'] as const).map((cur) => planLookupKey(p, c, cur)))));
    expect(keys.size).toBe(paidPlans.length * 4);
    expect(planLookupKey('pro', 'yearly', 'jpy')).toBe('platform_plan_pro_yearly_jpy');
  });
});

describe('teamGate (SPEC §2 /entry)', () => {
  it('a trial still running is open; one that ended without a plan is not_subscribe', () => {
    expect(teamGate({ plan: 'trial', trialEndsAt: future }, now)).toBeUndefined();
    expect(teamGate({ plan: 'trial', trialEndsAt: past }, now)).toBe('not_subscribe');
    expect(teamGate({ plan: 'trial', trialEndsAt: now.toISOString() }, now)).toBe('not_subscribe');
  });

  it('a running subscription opens the team whatever the trial says', () => {
    for (const status of ['active', 'trialing', 'past_due'] as const) {
      expect(teamGate({ plan: 'basic', trialEndsAt: past, planSubscription: { status } }, now)).toBeUndefined();
    }
  });

  it('unpaid is unpaid; cancelled or expired is not_subscribe', () => {
    expect(teamGate({ plan: 'pro', trialEndsAt: future, planSubscription: { status: 'unpaid' } }, now)).toBe('unpaid');
    expect(teamGate({ plan: 'pro', trialEndsAt: future, planSubscription: { status: 'canceled' } }, now)).toBe('not_subscribe');
    expect(teamGate({ plan: 'pro', trialEndsAt: future, planSubscription: { status: 'incomplete_expired' } }, now)).toBe('not_subscribe');
  });

  it('a first payment still open leaves the trial to decide', () => {
    expect(teamGate({ plan: 'trial', trialEndsAt: future, planSubscription: { status: 'incomplete' } }, now)).toBeUndefined();
    expect(teamGate({ plan: 'trial', trialEndsAt: past, planSubscription: { status: 'incomplete' } }, now)).toBe('not_subscribe');
  });

  it('a paid plan without a subscription (given by the platform) stays open', () => {
    expect(teamGate({ plan: 'enterprise', trialEndsAt: past }, now)).toBeUndefined();
  });

  it('maps reasons to SPEC §8 codes and entry pages', () => {
    expect(gateErrorCode('not_subscribe')).toBe('plan/not_subscribed');
    expect(gateErrorCode('unpaid')).toBe('plan/unpaid');
    expect(entryPath('not_subscribe', { admin: true })).toBe('/entry/admin/not_subscribe');
    expect(entryPath('unpaid', { admin: true })).toBe('/entry/admin/unpaid_admin');
    expect(entryPath('unpaid', { teamId: 'T1' })).toBe('/entry/T1/unpaid_user');
    expect(entryPath('not_team', { teamId: 'T1' })).toBe('/entry/T1/not_team');
  });

  it('a gated administrator may still choose a plan, see the contract and the profile', () => {
    for (const path of ['/plan/checkout', '/plan/contract', '/profile/get', '/team/get_admin_context']) expect(openWhenGated(path)).toBe(true);
    for (const path of ['/video/list', '/user/list', '/stripe/connect/status', '/planned/x']) expect(openWhenGated(path)).toBe(false);
    expect(adminPageOpenWhenGated('/admin/general_setting/billing')).toBe(true);
    expect(adminPageOpenWhenGated('/admin/general_setting/subscription/contracting_plan')).toBe(true);
    expect(adminPageOpenWhenGated('/admin/dashboard')).toBe(false);
    expect(adminPageOpenWhenGated('/admin/general_setting/basic_info')).toBe(false);
  });

  it('the web turns the gate codes into the entry page of the caller side', () => {
    expect(entryPathForError({ permission: 'admin.any' }, 'plan/not_subscribed', 'T1')).toBe('/entry/admin/not_subscribe');
    expect(entryPathForError({ permission: 'admin.users' }, 'plan/unpaid', 'T1')).toBe('/entry/admin/unpaid_admin');
    expect(entryPathForError({ permission: 'member' }, 'plan/unpaid', 'T1')).toBe('/entry/T1/unpaid_user');
    expect(entryPathForError({ permission: 'member' }, 'plan/not_subscribed', 'T1')).toBe('/entry/T1/not_subscribe');
    expect(entryPathForError({ permission: 'member' }, 'common/no_operation_authority', 'T1')).toBeUndefined();
  });
});

describe('checkPlanChange (SPEC §8 downgrade blocked by playback limits)', () => {
  it('a plan whose storage holds what is stored is allowed', () => {
    expect(checkPlanChange('basic', { usedBytes: 10 * GIB })).toBeUndefined();
    expect(checkPlanChange('basic', { usedBytes: planCatalogue.basic.storageBytes })).toBeUndefined();
  });

  it('a downgrade below the stored bytes is refused', () => {
    expect(checkPlanChange('basic', { usedBytes: planCatalogue.basic.storageBytes + 1 })).toBe('plan/downgrade_blocked');
    expect(checkPlanChange('pro', { usedBytes: 300 * GIB })).toBe('plan/downgrade_blocked');
    expect(checkPlanChange('business', { usedBytes: 300 * GIB })).toBeUndefined();
  });

  it('a downgrade below this month\'s plays is refused when the plays are known; enterprise has no play limit', () => {
    expect(checkPlanChange('basic', { usedBytes: 0, monthlyPlays: planCatalogue.basic.monthlyPlays! + 1 })).toBe('plan/downgrade_blocked');
    expect(checkPlanChange('basic', { usedBytes: 0, monthlyPlays: planCatalogue.basic.monthlyPlays! })).toBeUndefined();
    expect(checkPlanChange('enterprise', { usedBytes: 0, monthlyPlays: 10_000_000 })).toBeUndefined();
  });
});
