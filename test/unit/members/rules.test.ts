import { describe, expect, it } from 'vitest';
import { checkAdministratorRemoval, checkPermissionChange, isSiteManager } from '../../../lambdas/members/administrators';
import { may, type Viewer } from '../../../shared/permissions';
import { roleTabFor } from '../../../lambdas/members/members';
import { checkAccountDeletion } from '../../../lambdas/members/profile';
import { searchTerms, searchText, userListOf, type TeamUser } from '../../../lambdas/core/entities/team-user';

const admin = (userId: string, level: 'super' | 'normal', categories: TeamUser['categories'] = []) => ({ userId, level, categories });

describe('administrator rules (SPEC §6)', () => {
  it('a super administrator counts as a site manager', () => {
    expect(isSiteManager({ level: 'super', categories: [] })).toBe(true);
    expect(isSiteManager({ level: 'normal', categories: ['siteManager'] })).toBe(true);
    expect(isSiteManager({ level: 'normal', categories: ['userManager'] })).toBe(false);
  });

  it('nobody changes their own permissions', () => {
    const admins = [admin('a', 'super'), admin('b', 'super')];
    expect(checkPermissionChange('a', admins, 'a', { level: 'super', categories: [] })).toBe('administrator/own_permissions');
  });

  it('no change may leave zero site managers', () => {
    const admins = [admin('a', 'normal', ['userManager']), admin('b', 'normal', ['siteManager'])];
    expect(checkPermissionChange('a', admins, 'b', { level: 'normal', categories: ['designer'] })).toBe('administrator/site_manager_required');
    expect(checkPermissionChange('a', admins, 'b', { level: 'super', categories: [] })).toBeUndefined();
  });

  it('the last administrator cannot be removed, nor the last site manager', () => {
    expect(checkAdministratorRemoval([admin('a', 'super')], 'a')).toBe('deletion/last_administrator');
    expect(checkAdministratorRemoval([admin('a', 'super'), admin('b', 'normal', ['designer'])], 'a')).toBe('administrator/site_manager_required');
    expect(checkAdministratorRemoval([admin('a', 'super'), admin('b', 'normal', ['designer'])], 'b')).toBeUndefined();
  });
});

describe('account deletion (SPEC §6)', () => {
  it('is blocked for administrators on the member page and with active subscriptions', () => {
    expect(checkAccountDeletion({ role: 'admin', from: 'member', activeSubscriptions: 0 })).toBe('deletion/admin_from_member_page');
    expect(checkAccountDeletion({ role: 'member', from: 'member', activeSubscriptions: 1 })).toBe('deletion/active_subscription');
    expect(checkAccountDeletion({ role: 'admin', from: 'admin', activeSubscriptions: 2 })).toBe('deletion/active_subscription');
    expect(checkAccountDeletion({ role: 'member', from: 'member', activeSubscriptions: 0 })).toBeUndefined();
  });

  it('an administrator leaving follows the administrator removal rule', () => {
    expect(
      checkAccountDeletion({ role: 'admin', from: 'admin', activeSubscriptions: 0, administratorRemoval: 'deletion/last_administrator' }),
    ).toBe('deletion/last_administrator');
    expect(checkAccountDeletion({ role: 'admin', from: 'admin', activeSubscriptions: 0 })).toBeUndefined();
  });
});

describe('manager permissions (SPEC §6)', () => {
  const member = (managerOf: Viewer['managerOf']): Viewer => ({ role: 'member', categories: [], managerOf, plan: 'basic' });
  it('a manager acts on a group only with the permission given for it', () => {
    const m = member({ g1: ['read'] });
    expect(may(m, 'manager.read', { groupId: 'g1' })).toBe(true);
    expect(may(m, 'manager.edit', { groupId: 'g1' })).toBe(false);
    expect(may(m, 'manager.read', { groupId: 'g2' })).toBe(false);
    expect(may(member(undefined), 'manager.read', { groupId: 'g1' })).toBe(false);
  });
  it('administrators need the user manager category', () => {
    const admin = (categories: Viewer['categories']): Viewer => ({ role: 'admin', adminLevel: 'normal', categories, plan: 'basic' });
    expect(may(admin(['userManager']), 'manager.delete', { groupId: 'g1' })).toBe(true);
    expect(may(admin(['designer']), 'manager.read', { groupId: 'g1' })).toBe(false);
  });
  it('any managed group makes the manager tab; else a buyer is a customer', () => {
    expect(roleTabFor({ managerOf: { g: ['read'] } })).toBe('manager');
    expect(roleTabFor({ managerOf: { g: [] }, paymentCustomerId: 'cus_1' })).toBe('customer');
    expect(roleTabFor({})).toBe('member');
  });
});

describe('member search text', () => {
  it('normalizes width, case and kana so Japanese and Latin searches match', () => {
    expect(searchText('ＹＡＭＡＤＡ')).toBe('yamada');
    expect(searchText('タナカ ハナコ')).toBe('たなかはなこ');
    expect(searchText('ﾀﾅｶ')).toBe('たなか');
  });
  it('indexes the whole name, each of its words and the e-mail', () => {
    expect(searchTerms({ name: '山田 太郎', email: 'Taro@Example.jp' })).toEqual(['山田太郎', '山田', '太郎', 'taro@example.jp']);
    expect(searchTerms({ name: 'Solo', email: 'solo@x.jp' })).toEqual(['solo', 'solo@x.jp']);
  });
  it('puts administrators in their own list, members in their tab', () => {
    expect(userListOf({ role: 'admin', roleTab: 'manager' })).toBe('admin');
    expect(userListOf({ role: 'member' })).toBe('member');
    expect(userListOf({ role: 'member', roleTab: 'customer' })).toBe('customer');
  });
});
