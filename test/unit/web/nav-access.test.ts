import { describe, expect, it } from 'vitest';
import { adminNav } from '../../../web/src/routes/admin/admin-routes';
import { pathRefusal, visibleEntries } from '../../../web/src/lib/nav-access';

describe('admin navigation and route guard (shared/permissions.ts)', () => {
  it('shows a normal administrator only the entries of the categories they hold, plus the common ones', () => {
    const keys = visibleEntries(adminNav, { level: 'normal', categories: ['userManager'], plan: 'basic' }).map((e) => e.key);
    expect(keys).toEqual(['dashboard', 'users', 'groups', 'managers', 'news', 'sendEmail', 'emailLog', 'mailTemplates', 'customMailTemplates', 'workflows', 'chat', 'invite', 'approvalPendingAllUsers', 'inviteEmailLog', 'memberNotifications', 'profile']);
    // A paying manager reaches the member notifications (ended subscriptions) without the users area.
    const billing = visibleEntries(adminNav, { level: 'normal', categories: ['payingManager'], plan: 'basic' }).map((e) => e.key);
    expect(billing).toContain('memberNotifications');
    expect(billing).not.toContain('users');
  });

  it('shows a super administrator everything', () => {
    expect(visibleEntries(adminNav, { level: 'super', categories: [], plan: 'basic' })).toHaveLength(adminNav.length);
  });

  it('every menu entry belongs to a known admin area, which a super administrator may open', () => {
    for (const entry of adminNav) {
      expect(pathRefusal(entry.path, { level: 'super', categories: [], plan: 'basic' }), entry.path).toBeUndefined();
    }
  });

  it('refuses an admin page by its area, at any depth', () => {
    const designer = { level: 'normal' as const, categories: ['designer' as const], plan: 'basic' as const };
    expect(pathRefusal('/admin/video', designer)).toBe('noAuthority');
    expect(pathRefusal('/admin/video/01ABC/edit', designer)).toBe('noAuthority');
    expect(pathRefusal('/admin/dashboard', designer)).toBeUndefined();
    expect(pathRefusal('/admin/site_customize/color', designer)).toBeUndefined();
    expect(pathRefusal('/admin/unknown_area', designer)).toBeUndefined();
  });
});
