import { describe, expect, it } from 'vitest';
import { memberNoticeAdminListCall, memberNoticeAdminListInput, memberNoticePermission, readableMemberNoticeEvents } from '../../../shared/api/calls/member-notices';
import { adminPathPermission, may, type AdminCategory, type Viewer } from '../../../shared/permissions';
import { memberNoticeCategory } from '../../../lambdas/mail/notices/member-notices';

const admin = (categories: AdminCategory[]): Viewer => ({ role: 'admin', adminLevel: 'normal', categories, plan: 'basic' });

/** SPEC §6: members' comings and goings are the user managers', a subscription's end the paying managers'. */
describe('which member notices an administrator reads', () => {
  it('a super administrator reads every event', () => {
    expect(readableMemberNoticeEvents({ role: 'admin', adminLevel: 'super', categories: [], plan: 'basic' })).toEqual([
      'registered',
      'userSubscriptionRemoved',
      'userAccountDeleted',
    ]);
  });

  it('a user manager reads registrations and deleted accounts; a paying manager ended subscriptions; both, all three', () => {
    expect(readableMemberNoticeEvents(admin(['userManager']))).toEqual(['registered', 'userAccountDeleted']);
    expect(readableMemberNoticeEvents(admin(['payingManager']))).toEqual(['userSubscriptionRemoved']);
    expect(readableMemberNoticeEvents(admin(['payingManager', 'userManager']))).toEqual(['registered', 'userSubscriptionRemoved', 'userAccountDeleted']);
  });

  it('an administrator of other categories, and a member, read none (and the call refuses them)', () => {
    for (const categories of [['contentsManager', 'analyst', 'designer', 'siteManager'], []] as AdminCategory[][]) {
      expect(readableMemberNoticeEvents(admin(categories))).toEqual([]);
      expect(may(admin(categories), memberNoticeAdminListCall.permission)).toBe(false);
    }
    expect(readableMemberNoticeEvents({ role: 'member', categories: [], plan: 'basic' })).toEqual([]);
  });

  it('the call and its page admit exactly the administrators who read one event or more', () => {
    for (const categories of [['userManager'], ['payingManager']] as AdminCategory[][]) {
      expect(may(admin(categories), memberNoticeAdminListCall.permission)).toBe(true);
      expect(may(admin(categories), adminPathPermission('/admin/notification/members')!)).toBe(true);
    }
    // The feedback notices stay the analysts'.
    expect(may(admin(['userManager']), adminPathPermission('/admin/notification')!)).toBe(false);
  });

  it('the mails go to the same categories the list shows each event to', () => {
    expect(memberNoticePermission('registered')).toBe('admin.users');
    expect(memberNoticePermission('userAccountDeleted')).toBe('admin.users');
    expect(memberNoticePermission('userSubscriptionRemoved')).toBe('admin.billing');
    expect(memberNoticeCategory('userSubscriptionRemoved')).toBe('payingManager');
    expect(memberNoticeCategory('registered')).toBe('userManager');
  });

  it('takes an optional event, a cursor and a limit of 1 to 50', () => {
    expect(memberNoticeAdminListInput.safeParse({}).success).toBe(true);
    expect(memberNoticeAdminListInput.safeParse({ event: 'registered', limit: 50 }).success).toBe(true);
    expect(memberNoticeAdminListInput.safeParse({ event: 'payment' }).success).toBe(false);
    expect(memberNoticeAdminListInput.safeParse({ limit: 51 }).success).toBe(false);
    expect(memberNoticeAdminListInput.safeParse({ limit: 0 }).success).toBe(false);
  });
});
