import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInviteCall, joinCall, type JoinResult } from '../../../shared/api/calls/invites';
import { memberNoticeAdminListCall, type MemberNotice, type MemberNoticeRow } from '../../../shared/api/calls/member-notices';
import type { Page } from '../../../shared/api/page';
import { accountDeleteCall } from '../../../shared/api/calls/profile';
import { addNotice } from '../../../lambdas/core/entities/notice';
import { newOperator, newPerson, ok, type Caller } from '../content/people';
import { call, reactionsSettled, uniqueEmail } from '../support/api';

/**
 * SPEC §3 registered, userSubscriptionRemoved, userAccountDeleted in-app (`/member/notification/list`): the notices the
 * mail domain writes on members' events, newest first, each administrator reading the events of their categories
 * (SPEC §6: user managers the comings and goings, paying managers the ended subscriptions).
 */
let operator: Caller;
let users: Caller;
let billing: Caller;
let designer: Caller;
let other: Caller;
let joinedId: string;
let deletedId: string;
/** Ended subscriptions written as the mail domain writes them (a Stripe subscription is the payments tests' work). */
const ended: MemberNotice[] = [];

async function register(admin: Caller, name: string): Promise<string> {
  const invite = await ok<{ inviteId: string }>(admin, createInviteCall, { title: 'Notices cohort', maxRegistrations: null });
  const res = await call(joinCall, { inviteId: invite.inviteId, kind: 'user', email: uniqueEmail('joiner'), password: 'joiner-pass1', passwordConfirmation: 'joiner-pass1', name, language: 'en' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as JoinResult).userId;
}

const list = async (who: Caller, input: Record<string, unknown> = {}) => {
  await reactionsSettled();
  return ok<Page<MemberNoticeRow>>(who, memberNoticeAdminListCall, { limit: 50, ...input });
};
/** Every page at `limit`, following the cursor to its end. */
async function all(who: Caller, limit: number, input: Record<string, unknown> = {}): Promise<MemberNoticeRow[]> {
  const items: MemberNoticeRow[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const page = await list(who, { ...input, limit, ...(cursor ? { cursor } : {}) });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return items;
  }
  throw new Error('the cursor never ended');
}

beforeAll(async () => {
  [operator, other] = await Promise.all([newOperator('Member Notices List'), newOperator('Another Team')]);
  [users, billing, designer] = await Promise.all([
    newPerson(operator.teamId, 'admin', ['userManager']),
    newPerson(operator.teamId, 'admin', ['payingManager']),
    newPerson(operator.teamId, 'admin', ['designer', 'analyst', 'contentsManager', 'siteManager']),
  ]);
  // Oldest first: an ended subscription, a registration, another ended subscription, then a member leaving.
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  ended.push({ notificationId: '01KSUBENDED0000000000000001', createdAt: at(10), event: 'userSubscriptionRemoved', userId: '01KSUBSCRIBER000000000000A', userName: 'Sub A', userEmail: 'sub-a@example.test', productName: 'Premium', priceNickname: 'Monthly' });
  await addNotice(operator.teamId, 'member', ended[0]!);
  joinedId = await register(operator, 'Joined Member');
  await reactionsSettled();
  ended.push({ notificationId: '01KSUBENDED0000000000000002', createdAt: new Date().toISOString(), event: 'userSubscriptionRemoved', userId: '01KSUBSCRIBER000000000000B', userName: 'Sub B', userEmail: 'sub-b@example.test', productName: 'Basic', priceNickname: 'Yearly' });
  await addNotice(operator.teamId, 'member', ended[1]!);
  const leaving = await newPerson(operator.teamId, 'member');
  deletedId = leaving.userId;
  expect((await call(accountDeleteCall, { ...leaving.ctx, from: 'member' }, leaving.token)).status).toBe(200);
  // The other team's own member registers: never in this team's list.
  await register(other, 'Other Team Member');
});

describe('/member/notification/list', () => {
  it('answers a super administrator every event, newest first', async () => {
    const page = await list(operator);
    expect(page.items.map((n) => [n.event, n.userId])).toEqual([
      ['userAccountDeleted', deletedId],
      ['userSubscriptionRemoved', ended[1]!.userId],
      ['registered', joinedId],
      ['userSubscriptionRemoved', ended[0]!.userId],
    ]);
    // The member still in the team can be opened; the one who left, and subscribers never in this team, cannot.
    expect(page.items[2]).toMatchObject({ userName: 'Joined Member', userEmail: expect.stringContaining('joiner-'), memberExists: true });
    expect(page.items[0]).toMatchObject({ userName: 'Person', memberExists: false });
    expect(page.items[1]).toEqual({ ...ended[1], memberExists: false });
    expect(page.nextCursor).toBeUndefined();
    // One event only.
    expect((await list(operator, { event: 'registered' })).items.map((n) => n.userId)).toEqual([joinedId]);
  });

  it('answers a user manager the comings and goings, a paying manager the ended subscriptions', async () => {
    expect((await list(users)).items.map((n) => n.event)).toEqual(['userAccountDeleted', 'registered']);
    expect((await list(billing)).items.map((n) => n.notificationId)).toEqual([ended[1]!.notificationId, ended[0]!.notificationId]);
  });

  it('pages on at any limit, past the events the reader may not read, reaching each of theirs once', async () => {
    expect((await all(operator, 1)).map((n) => n.notificationId)).toEqual((await list(operator)).items.map((n) => n.notificationId));
    expect((await all(users, 1)).map((n) => n.event)).toEqual(['userAccountDeleted', 'registered']);
    expect((await all(billing, 1)).map((n) => n.notificationId)).toEqual([ended[1]!.notificationId, ended[0]!.notificationId]);
    const first = await list(users, { limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  it('answers 400 naming the field for a bad limit, cursor or event', async () => {
    for (const [input, fields] of [
      [{ limit: 0 }, { limit: 'validation/invalid_value' }],
      [{ limit: 51 }, { limit: 'validation/invalid_value' }],
      [{ limit: 1.5 }, { limit: 'validation/not_integer' }],
      [{ cursor: 'not-a-cursor' }, { cursor: 'validation/invalid_value' }],
      [{ event: 'payment' }, { event: 'validation/invalid_value' }],
    ] as const) {
      const base: Record<string, unknown> = { ...operator.ctx, limit: 20 };
      const res = await call(memberNoticeAdminListCall, { ...base, ...input }, operator.token);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.error?.fields).toEqual(fields);
    }
  });

  it('answers 403 to an administrator without the category, to a member, and for an event the caller may not read', async () => {
    const member = await newPerson(operator.teamId, 'member');
    for (const [who, input] of [
      [designer, {}],
      [member, {}],
      [users, { event: 'userSubscriptionRemoved' }],
      [billing, { event: 'registered' }],
    ] as const) {
      const res = await call(memberNoticeAdminListCall, { ...who.ctx, limit: 20, ...input }, who.token);
      expect(res.status, JSON.stringify(input)).toBe(403);
      expect(res.body.error?.code).toBe('common/no_operation_authority');
    }
  });

  it("never shows another team's notices, nor pages into them", async () => {
    const mine = await list(operator);
    expect(mine.items.some((n) => n.userName === 'Other Team Member')).toBe(false);
    const theirs = await list(other);
    expect(theirs.items.map((n) => [n.event, n.userName])).toEqual([['registered', 'Other Team Member']]);
    // Another team's id as the operated team: refused, revealing nothing.
    const crossed = await call(memberNoticeAdminListCall, { ...operator.ctx, operatedTeamId: other.teamId, limit: 20 }, operator.token);
    expect(crossed.status).toBe(403);
    // A cursor of another team's list is refused as a bad cursor.
    const otherCursor = (await list(other, { limit: 1 })).nextCursor;
    const stranger = otherCursor ?? Buffer.from(JSON.stringify({ pk: `T#${other.teamId}#NOTICE#MEMBER`, sk: 'x' })).toString('base64url');
    const res = await call(memberNoticeAdminListCall, { ...operator.ctx, limit: 20, cursor: stranger }, operator.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ cursor: 'validation/invalid_value' });
  });
});
