import type { Page } from '../../../shared/api/page';
import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import * as invitesCalls from '../../../shared/api/calls/invites';
import type { Invite, InvitedUser, JoinResult } from '../../../shared/api/calls/invites';
import { getTeamUser } from '../../../lambdas/core/entities/team-user';
import { call, inbox } from '../support/api';
import { as, createInvite, joinInput, type Actor, teamsWith } from './helpers';

let alpha: Actor, beta: Actor, member: Actor, designer: Actor;

beforeAll(async () => {
  [alpha, beta, member, designer] = await teamsWith('Approval', { kind: 'member' }, { kind: 'admin', categories: ['analyst', 'designer'] });
});

async function joinPending(inviteId: string): Promise<JoinResult & { email: string }> {
  const input = joinInput(inviteId);
  const res = await call(invitesCalls.joinCall, input);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ approval: 'pending' });
  return { ...(res.body as JoinResult), email: input.email };
}

const invite = async (admin: Actor, inviteId: string) => (await call(invitesCalls.getInviteCall, as(admin, { inviteId }), admin.token)).body as Invite;
const pendingOf = async (admin: Actor, inviteId?: string) =>
  (
    (inviteId
      ? await call(invitesCalls.listInvitedUsersCall, as(admin, { inviteId, pendingOnly: true }), admin.token)
      : await call(invitesCalls.listPendingUsersCall, as(admin), admin.token)
    ).body as Page<InvitedUser>
  ).items.map((u) => u.userId);

describe('approval-required invitations', () => {
  it('keeps joiners pending, lists them, and approves one: the approval mail goes out', async () => {
    const inviteId = await createInvite(alpha, { title: 'Needs approval', approvalRequired: true });
    const first = await joinPending(inviteId);
    const second = await joinPending(inviteId);
    expect(await getTeamUser(alpha.teamId, first.userId)).toMatchObject({ approval: 'pending' });
    expect(await invite(alpha, inviteId)).toMatchObject({ registeredCount: 2, pendingCount: 2 });
    expect(await pendingOf(alpha, inviteId)).toEqual([first.userId, second.userId]);
    expect(await pendingOf(alpha)).toEqual(expect.arrayContaining([first.userId, second.userId]));

    const res = await call(invitesCalls.approveUsersCall, as(alpha, { userIds: [first.userId] }), alpha.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ decided: 1, skipped: 0 });
    expect(await getTeamUser(alpha.teamId, first.userId)).toMatchObject({ approval: 'approved' });
    expect(await invite(alpha, inviteId)).toMatchObject({ registeredCount: 2, pendingCount: 1 });
    expect(await pendingOf(alpha, inviteId)).toEqual([second.userId]);
    // They joined in English (joinInput): the mail is in the language they used the site in (issue 30), not the team's.
    await expect.poll(async () => (await inbox(first.email)).map((m) => m.subject)).toEqual([
      '[Alpha Approval] Your registration has been approved',
    ]);
    expect((await inbox(first.email))[0]!.body.text).toContain(`/login/${alpha.teamId}`);

    // The invitation's full user list shows both with their state, newest first.
    const all = (await call(invitesCalls.listInvitedUsersCall, as(alpha, { inviteId }), alpha.token)).body as Page<InvitedUser>;
    expect(all.items.map((u) => [u.userId, u.approval, u.inviteTitle])).toEqual([
      [second.userId, 'pending', 'Needs approval'],
      [first.userId, 'approved', 'Needs approval'],
    ]);
  });

  it('rejects a member: their place is freed and they leave the queue', async () => {
    const inviteId = await createInvite(alpha, { approvalRequired: true, maxRegistrations: 1 });
    const joiner = await joinPending(inviteId);
    const res = await call(invitesCalls.rejectUsersCall, as(alpha, { userIds: [joiner.userId] }), alpha.token);
    expect(res.body).toEqual({ decided: 1, skipped: 0 });
    expect(await getTeamUser(alpha.teamId, joiner.userId)).toMatchObject({ approval: 'rejected' });
    expect(await invite(alpha, inviteId)).toMatchObject({ registeredCount: 0, pendingCount: 0 });
    expect(await pendingOf(alpha, inviteId)).toEqual([]);
    // Deciding again changes nothing.
    expect((await call(invitesCalls.approveUsersCall, as(alpha, { userIds: [joiner.userId] }), alpha.token)).body).toEqual({ decided: 0, skipped: 1 });
    expect(await getTeamUser(alpha.teamId, joiner.userId)).toMatchObject({ approval: 'rejected' });
  });

  it('approves everyone of one invitation at once, leaving other invitations pending', async () => {
    const one = await createInvite(alpha, { approvalRequired: true });
    const other = await createInvite(alpha, { approvalRequired: true });
    const joiners = [await joinPending(one), await joinPending(one), await joinPending(one)];
    const elsewhere = await joinPending(other);
    const res = await call(invitesCalls.approveUsersCall, as(alpha, { all: true, inviteId: one }), alpha.token);
    expect(res.body).toEqual({ decided: 3, skipped: 0 });
    for (const j of joiners) expect(await getTeamUser(alpha.teamId, j.userId)).toMatchObject({ approval: 'approved' });
    expect(await getTeamUser(alpha.teamId, elsewhere.userId)).toMatchObject({ approval: 'pending' });
    expect(await invite(alpha, one)).toMatchObject({ pendingCount: 0 });
  });

  it('approves the whole team queue at once', async () => {
    const inviteId = await createInvite(alpha, { approvalRequired: true });
    await joinPending(inviteId);
    await joinPending(inviteId);
    const res = await call(invitesCalls.approveUsersCall, as(alpha, { all: true }), alpha.token);
    expect(res.status).toBe(200);
    expect((res.body as { decided: number }).decided).toBeGreaterThanOrEqual(2);
    expect(await pendingOf(alpha)).toEqual([]);
  });

  it('blocks deleting an invitation while members await approval, and allows it once decided', async () => {
    const inviteId = await createInvite(alpha, { approvalRequired: true });
    const joiner = await joinPending(inviteId);
    const blocked = await call(invitesCalls.deleteInviteCall, as(alpha, { inviteId }), alpha.token);
    expect(blocked.status).toBe(409);
    expect(blocked.body.error?.code).toBe('deletion/invite_has_pending_users');
    expect(await invite(alpha, inviteId)).toMatchObject({ pendingCount: 1 });
    await call(invitesCalls.approveUsersCall, as(alpha, { userIds: [joiner.userId] }), alpha.token);
    expect((await call(invitesCalls.deleteInviteCall, as(alpha, { inviteId }), alpha.token)).status).toBe(200);
  });

  it("skips another team's pending members and leaves them pending", async () => {
    const inviteId = await createInvite(beta, { approvalRequired: true });
    const betaJoiner = await joinPending(inviteId);
    for (const decide of [invitesCalls.approveUsersCall, invitesCalls.rejectUsersCall]) {
      const res = await call(decide, as(alpha, { userIds: [betaJoiner.userId] }), alpha.token);
      expect(res.body).toEqual({ decided: 0, skipped: 1 });
    }
    const all = await call(invitesCalls.approveUsersCall, as(alpha, { all: true, inviteId }), alpha.token);
    expect(all.body).toEqual({ decided: 0, skipped: 0 });
    expect(await getTeamUser(beta.teamId, betaJoiner.userId)).toMatchObject({ approval: 'pending' });
    expect((await call(invitesCalls.listInvitedUsersCall, as(alpha, { inviteId }), alpha.token)).status).toBe(404);
  });

  it('answers 400 naming userIds when nothing is chosen, or an id is malformed', async () => {
    const none = await call(invitesCalls.approveUsersCall, as(alpha, { userIds: [] }), alpha.token);
    expect(none.status).toBe(400);
    expect(none.body.error?.fields).toEqual({ userIds: 'validation/required' });
    const bad = await call(invitesCalls.rejectUsersCall, as(alpha, { userIds: ['a b'] }), alpha.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ 'userIds.0': 'validation/invalid_value' });
  });

  it('answers 403 to a member and to an administrator without the user manager category', async () => {
    const inviteId = await createInvite(alpha, { approvalRequired: true });
    const joiner = await joinPending(inviteId);
    for (const who of [member, designer]) {
      expect((await call(invitesCalls.approveUsersCall, as(who, { userIds: [joiner.userId] }), who.token)).status).toBe(403);
      expect((await call(invitesCalls.rejectUsersCall, as(who, { all: true }), who.token)).status).toBe(403);
      expect((await call(invitesCalls.listPendingUsersCall, as(who), who.token)).status).toBe(403);
      expect((await call(invitesCalls.listInvitedUsersCall, as(who, { inviteId }), who.token)).status).toBe(403);
    }
    expect(await getTeamUser(alpha.teamId, joiner.userId)).toMatchObject({ approval: 'pending' });
  });
});
