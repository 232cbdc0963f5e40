import { describe, expect, it } from 'vitest';
import { plans, type Plan } from '../../shared/constants';
import {
  adminAreas,
  adminCategories,
  adminPathPermission,
  adminSubAreas,
  managerPermissions,
  may,
  permissions,
  refusal,
  type AdminCategory,
  type PermissionName,
  type Viewer,
} from '../../shared/permissions';

const admin = (categories: AdminCategory[], plan: Plan = 'basic'): Viewer => ({ role: 'admin', adminLevel: 'normal', categories, plan });
const superAdmin = (plan: Plan = 'basic'): Viewer => ({ role: 'admin', adminLevel: 'super', categories: [], plan });
const member = (managerOf: Viewer['managerOf'] = {}): Viewer => ({ role: 'member', categories: [], managerOf, plan: 'basic' });

/** SPEC §6: which category runs which admin area (the areas of SPEC §2). */
const expectedCategory: Record<string, AdminCategory | readonly AdminCategory[] | 'any'> = {
  dashboard: 'any',
  setting: 'any',
  item_select: 'any',
  video: 'contentsManager',
  playlist: 'contentsManager',
  live: 'contentsManager',
  pdf: 'contentsManager',
  article: 'contentsManager',
  event: 'contentsManager',
  filelist: 'contentsManager',
  category: 'contentsManager',
  tag: 'contentsManager',
  creator: 'contentsManager',
  analytics: 'analyst',
  enquete: 'analyst',
  test: 'analyst',
  comment: 'analyst',
  notification: 'analyst',
  'notification/members': ['userManager', 'payingManager'],
  user: 'userManager',
  group: 'userManager',
  invite: 'userManager',
  approval_pending_all_users: 'userManager',
  invite_email_log: 'userManager',
  email_log_show: 'userManager',
  news: 'userManager',
  chat: 'userManager',
  send_email: 'userManager',
  mail_template: 'userManager',
  custom_mail_template: 'userManager',
  workflow: 'userManager',
  site_customize: 'designer',
  stripe: 'payingManager',
  payment: 'payingManager',
  'general_setting/billing': 'payingManager',
  'user/*/paid_history': 'payingManager',
  'setting/zoom_setting': 'contentsManager',
  'setting/zoom_setting/authorized': 'contentsManager',
  'setting/profile': 'any',
  general_setting: 'siteManager',
  'general_setting/basic_info': 'siteManager',
  'general_setting/administrator': 'siteManager',
  'general_setting/subscription': 'siteManager',
  app_setting: 'siteManager',
};

describe('admin areas × categories (SPEC §6)', () => {
  it('names every SPEC §2 admin area, and nothing else', () => {
    const areas = [...Object.keys(adminAreas), ...Object.keys(adminSubAreas)].sort();
    const expected = Object.keys(expectedCategory).filter((a) => !a.includes('/') || a in adminSubAreas).sort();
    expect(areas).toEqual(expected);
  });

  for (const category of adminCategories) {
    it(`a normal administrator holding only ${category} opens exactly its areas and the common ones`, () => {
      const viewer = admin([category]);
      for (const [area, needs] of Object.entries(expectedCategory)) {
        const permission = adminPathPermission(`/admin/${area}`);
        expect(permission, area).toBeDefined();
        expect(may(viewer, permission!), `${category} on ${area}`).toBe(needs === 'any' || needs === category || (Array.isArray(needs) && needs.includes(category)));
      }
    });
  }

  it('a super administrator opens every area; a member none', () => {
    for (const area of Object.keys(expectedCategory)) {
      const permission = adminPathPermission(`/admin/${area}/x`)!;
      expect(may(superAdmin(), permission), area).toBe(true);
      expect(refusal(member(), permission), area).toBe('noAuthority');
    }
  });

  it('reads the area from any depth of path, and knows no unknown area', () => {
    expect(adminPathPermission('/admin')).toBe('admin.any');
    expect(adminPathPermission('/admin/video/01ABC/edit')).toBe('admin.contents');
    expect(adminPathPermission('/admin/general_setting/billing')).toBe('admin.billing');
    expect(adminPathPermission('/admin/general_setting/administrator/log')).toBe('admin.site');
    expect(adminPathPermission('/admin/no_such_area')).toBeUndefined();
  });

  it("gives a member's payment history, under the users area, to paying managers (a wildcard segment for the member)", () => {
    for (const path of ['/admin/user/01ABC/paid_history', '/admin/user/01ABC/paid_history/subscription', '/admin/user/01XYZ/paid_history/one_time']) {
      const permission = adminPathPermission(path);
      expect(permission, path).toBe('admin.billing');
      expect(may(admin(['payingManager']), permission!), path).toBe(true);
      expect(refusal(admin(['userManager']), permission!), path).toBe('noAuthority');
    }
    // The rest of the users area stays with user managers, including a path that merely names paid_history.
    expect(adminPathPermission('/admin/user')).toBe('admin.users');
    expect(adminPathPermission('/admin/user/01ABC/edit')).toBe('admin.users');
    expect(adminPathPermission('/admin/user/paid_history')).toBe('admin.users');
    expect(adminPathPermission('/admin/user//paid_history')).toBe('admin.users');
    expect(adminPathPermission('/admin/group/01ABC/paid_history')).toBe('admin.users');
  });
});

describe('group manager permissions (SPEC §3, §6)', () => {
  for (const held of managerPermissions) {
    it(`a member managing a group with only ${held} may do exactly that, on that group only`, () => {
      const viewer = member({ g1: [held] });
      for (const asked of managerPermissions) {
        const name = `manager.${asked}` as PermissionName;
        expect(may(viewer, name, { groupId: 'g1' }), `${held} asked ${asked}`).toBe(asked === held);
        expect(may(viewer, name, { groupId: 'g2' })).toBe(false);
        expect(may(viewer, name)).toBe(false);
      }
    });
  }

  it('user managers act on every group; other administrators on none', () => {
    for (const asked of managerPermissions) {
      const name = `manager.${asked}` as PermissionName;
      expect(may(admin(['userManager']), name, { groupId: 'any' })).toBe(true);
      expect(may(superAdmin(), name, { groupId: 'any' })).toBe(true);
      expect(may(admin(['contentsManager', 'analyst', 'designer', 'payingManager', 'siteManager']), name, { groupId: 'any' })).toBe(false);
    }
  });

  it('members hold no administrator permission', () => {
    const viewer = member({ g1: [...managerPermissions] });
    for (const name of Object.keys(permissions) as PermissionName[]) {
      if (name.startsWith('admin.')) expect(may(viewer, name), name).toBe(false);
    }
    expect(may(viewer, 'member')).toBe(true);
  });
});

describe('minimum plan (SPEC §1, §5 "some options need Pro or above")', () => {
  const proOrAbove: Record<Plan, boolean> = { trial: true, basic: false, pro: true, business: true, enterprise: true };
  for (const plan of plans) {
    it(`${plan}: external login ${proOrAbove[plan] ? 'allowed' : 'refused as a plan restriction'}`, () => {
      expect(refusal(admin(['siteManager'], plan), 'admin.site.externalLogin')).toBe(proOrAbove[plan] ? undefined : 'plan');
      expect(refusal(superAdmin(plan), 'admin.site.externalLogin')).toBe(proOrAbove[plan] ? undefined : 'plan');
    });
  }

  it('the category is checked before the plan', () => {
    expect(refusal(admin(['designer'], 'basic'), 'admin.site.externalLogin')).toBe('noAuthority');
  });
});
