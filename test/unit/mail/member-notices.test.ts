import { describe, expect, it } from 'vitest';
import { mailText } from '../../../lambdas/core/mail/mail-texts';
import { reactions } from '../../../lambdas/core/events/domain-events';
import { memberNoticeCategory, memberNoticeEvent } from '../../../lambdas/mail/notices/member-notices';
import { autoMailEvents } from '../../../shared/constants';

const memberEvent = (type: (typeof autoMailEvents)[number]) => ({ name: 'memberEvent' as const, detail: { teamId: 't', type, userId: 'u', objectIds: [] } });

describe('the administrators’ member notices (SPEC §3 registered, userSubscriptionRemoved, userAccountDeleted)', () => {
  it('tells a registration, a cancelled subscription and a deleted account, and no other event', () => {
    expect(memberNoticeEvent(memberEvent('welcome'))).toBe('registered');
    expect(memberNoticeEvent(memberEvent('cancelSubscription'))).toBe('userSubscriptionRemoved');
    expect(memberNoticeEvent({ name: 'memberDeleted', detail: { teamId: 't', userId: 'u', name: 'N', email: 'n@example.test' } })).toBe('userAccountDeleted');
    expect(memberNoticeEvent(memberEvent('approval'))).toBeUndefined();
    expect(memberNoticeEvent(memberEvent('completedPurchase'))).toBeUndefined();
    expect(memberNoticeEvent({ name: 'activity', detail: { teamId: 't', at: '2026-01-01T00:00:00Z', counts: { signups: 1 } } })).toBeUndefined();
  });

  it('goes to member managers, and a subscription’s end to billing managers', () => {
    expect(memberNoticeCategory('registered')).toBe('userManager');
    expect(memberNoticeCategory('userAccountDeleted')).toBe('userManager');
    expect(memberNoticeCategory('userSubscriptionRemoved')).toBe('payingManager');
  });

  it('is an event and a notice kind the mail domain reacts to', () => {
    expect(reactions.mail.events).toContain('memberDeleted');
    expect(reactions.mail.items).toContain('memberNotice');
  });

  it('has its mail in both languages, every placeholder filled', () => {
    const values = { siteName: 'Site', name: 'Admin', member: 'Taro <t@example.test>', product: 'Course / Monthly', url: 'https://app.example/admin/user' };
    for (const language of ['ja', 'en'] as const) {
      for (const key of ['members.registered', 'members.userSubscriptionRemoved', 'members.userAccountDeleted'] as const) {
        const { subject, text } = mailText(language, key, values);
        expect(subject).toContain('Site');
        expect(text).toContain('Admin');
        expect(text).toContain('Taro <t@example.test>');
        expect(text).toContain('https://app.example/admin/user');
        expect(`${subject}${text}`).not.toMatch(/\{\{|undefined/);
      }
    }
  });
});
