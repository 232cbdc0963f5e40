import { describe, expect, it } from 'vitest';
import { isMemberExpired, memberStateOf } from '../../../lambdas/core/entities/team-user';
import { INVITATION_RESEND_INTERVAL_SECONDS, resendRefusal } from '../../../lambdas/members/invitation-resend';
import { teamUser } from '../support/team-user';

const now = new Date('2026-01-10T00:00:00Z');

describe('memberStateOf (SPEC §4 member states)', () => {
  it('a member who set a password and needs no approval is enabled', () => {
    expect(memberStateOf(teamUser())).toBe('enabled');
    expect(memberStateOf(teamUser({ approval: 'approved' }))).toBe('enabled');
  });

  it('an imported member with no password yet is invited, not enabled', () => {
    expect(memberStateOf(teamUser({ loginPending: true }))).toBe('invited');
    expect(memberStateOf(teamUser({ loginPending: true, emailVerified: false }))).toBe('invited');
  });

  it('a member awaiting approval is waitingApproval', () => {
    expect(memberStateOf(teamUser({ approval: 'pending' }))).toBe('waitingApproval');
  });

  it('disabled wins over every other state; a refused approval shows as disabled', () => {
    expect(memberStateOf(teamUser({ disabled: true }))).toBe('disabled');
    expect(memberStateOf(teamUser({ disabled: true, loginPending: true }))).toBe('disabled');
    expect(memberStateOf(teamUser({ disabled: true, approval: 'pending' }))).toBe('disabled');
    expect(memberStateOf(teamUser({ approval: 'rejected' }))).toBe('disabled');
  });

  it('expiry is its own flag, from the valid-until time', () => {
    expect(isMemberExpired(teamUser(), now)).toBe(false);
    expect(isMemberExpired(teamUser({ expiresAt: '2026-01-09T23:59:59Z' }), now)).toBe(true);
    expect(isMemberExpired(teamUser({ expiresAt: '2026-01-10T00:00:01Z' }), now)).toBe(false);
  });
});

describe('resendRefusal (resend the invitation)', () => {
  it('lets an invited member get a new link', () => {
    expect(resendRefusal(teamUser({ loginPending: true }), now)).toBeUndefined();
  });

  it('refuses members who are not invited', () => {
    expect(resendRefusal(teamUser(), now)).toBe('member/not_invited');
    expect(resendRefusal(teamUser({ approval: 'pending' }), now)).toBe('member/not_invited');
    expect(resendRefusal(teamUser({ loginPending: true, disabled: true }), now)).toBe('member/not_invited');
    expect(resendRefusal(teamUser({ loginPending: true, role: 'admin' }), now)).toBe('member/not_invited');
  });

  it('sends at most one mail per member and interval', () => {
    const justSent = new Date(now.getTime() - (INVITATION_RESEND_INTERVAL_SECONDS - 1) * 1000).toISOString();
    const longAgo = new Date(now.getTime() - INVITATION_RESEND_INTERVAL_SECONDS * 1000).toISOString();
    expect(resendRefusal(teamUser({ loginPending: true, invitationSentAt: justSent }), now)).toBe('common/too_many_requests');
    expect(resendRefusal(teamUser({ loginPending: true, invitationSentAt: longAgo }), now)).toBeUndefined();
  });
});
