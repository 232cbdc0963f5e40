import '../support/platform-env';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInviteCall, joinCall, type JoinResult } from '../../../shared/api/calls/invites';
import { cancelSubscriptionCall } from '../../../shared/api/calls/payments';
import { accountDeleteCall } from '../../../shared/api/calls/profile';
import type { NotificationKey } from '../../../shared/api/calls/members';
import { handler as mailFunction } from '../../../lambdas/mail/handler';
import { domainEventItem } from '../../../lambdas/core/events/domain-events';
import { listNotices, type MemberNotice } from '../../../lambdas/core/entities/notice';
import { updateTeamUser } from '../../../lambdas/core/entities/team-user';
import { lambdaContext } from '../../../local/lambda-event';
import { newPerson, type Caller } from '../content/people';
import { call, inbox, reactionsSettled, uniqueEmail } from '../support/api';
import { connectedTeam, newPrice, newProduct, subscriber } from '../payments/shop';

/**
 * SPEC §3 notification keys registered, userSubscriptionRemoved and userAccountDeleted: a member's registration, a
 * cancelled subscription and an account the member deleted reach the administrators who handle them (member managers;
 * billing managers for a subscription) as one in-app notice each and one mail to each who left the setting on.
 */
const keys: NotificationKey[] = ['registered', 'userSubscriptionRemoved', 'userAccountDeleted'];
let operator: Caller;
/** Holds both categories, the three settings on. */
let on: Caller;
/** Holds both categories, the three settings off. */
let off: Caller;
/** Holds neither category (the settings missing, which counts as on). */
let designer: Caller;

beforeAll(async () => {
  ({ admin: operator } = await connectedTeam('Member Notices'));
  [on, off, designer] = await Promise.all([
    newPerson(operator.teamId, 'admin', ['userManager', 'payingManager']),
    newPerson(operator.teamId, 'admin', ['userManager', 'payingManager']),
    newPerson(operator.teamId, 'admin', ['designer']),
  ]);
  await updateTeamUser(operator.teamId, on.userId, { set: { notifications: Object.fromEntries(keys.map((k) => [k, true])) } });
  await updateTeamUser(operator.teamId, off.userId, { set: { notifications: Object.fromEntries(keys.map((k) => [k, false])) } });
});

const noticesOf = async (userId: string, event: MemberNotice['event']) => {
  await reactionsSettled();
  const page = await listNotices<MemberNotice>(operator.teamId, 'member', { limit: 50 });
  return page.items.filter((n) => n.userId === userId && n.event === event);
};
const mailsTo = async (who: Caller, subject: string) => (await inbox(who.email)).filter((m) => m.subject.includes(subject));

/** The three mails' subjects (the team writes in Japanese). */
const memberSubjects = ['会員が登録しました', 'サブスクリプションが解約されました', 'アカウントを削除しました'];
/** Nobody who turned the settings off, and nobody without the category, is mailed about the members (a payment's mail is another setting's). */
async function expectNoMailToOthers(): Promise<void> {
  for (const who of [off, designer]) {
    expect((await inbox(who.email)).filter((m) => memberSubjects.some((s) => m.subject.includes(s)))).toEqual([]);
  }
  expect(await inbox(designer.email)).toEqual([]);
}

describe('administrators told of members (registered, userSubscriptionRemoved, userAccountDeleted)', () => {
  it('tells of a member who registered through an invitation, once', async () => {
    const invite = await call(createInviteCall, { ...operator.ctx, title: 'Spring cohort', maxRegistrations: null }, operator.token);
    expect(invite.status, JSON.stringify(invite.body)).toBe(200);
    const email = uniqueEmail('joiner');
    const joined = await call(joinCall, {
      inviteId: (invite.body as { inviteId: string }).inviteId,
      kind: 'user',
      email,
      password: 'joiner-pass1',
      passwordConfirmation: 'joiner-pass1',
      name: 'Taro Suzuki',
      language: 'ja',
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const { userId } = joined.body as JoinResult;

    expect(await noticesOf(userId, 'registered')).toEqual([expect.objectContaining({ userName: 'Taro Suzuki', userEmail: email })]);
    const mails = await mailsTo(on, '会員が登録しました');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain(`Taro Suzuki <${email}>`);
    expect(mails[0]!.body.text).toContain(`/admin/user/${userId}/edit`);
    expect(await mailsTo(operator, '会員が登録しました')).toHaveLength(1);
    await expectNoMailToOthers();
  });

  it('tells of a member who cancelled their subscription, once, to billing managers', async () => {
    const product = await newProduct(operator, { name: 'Premium course' });
    const monthly = await newPrice(operator, product.id, { nickname: 'Monthly', type: 'recurring', interval: 'month', unitAmount: 980, validDays: undefined });
    const { buyer, sub } = await subscriber(operator, monthly, '4242424242424242');
    const cancelled = await call(cancelSubscriptionCall, { ...buyer.ctx, subscription: sub.id }, buyer.token);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    expect(await noticesOf(buyer.userId, 'userSubscriptionRemoved')).toEqual([
      expect.objectContaining({ userEmail: buyer.email, productName: 'Premium course', priceNickname: 'Monthly' }),
    ]);
    const mails = await mailsTo(on, 'サブスクリプションが解約されました');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Premium course / Monthly');
    expect(mails[0]!.body.text).toContain(`/admin/user/${buyer.userId}/paid_history/subscription`);
    await expectNoMailToOthers();
  });

  it('tells of a member who deleted their own account, once, and not of an administrator leaving', async () => {
    const member = await newPerson(operator.teamId, 'member');
    const deleted = await call(accountDeleteCall, { ...member.ctx, from: 'member' }, member.token);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    expect(await noticesOf(member.userId, 'userAccountDeleted')).toEqual([expect.objectContaining({ userName: 'Person', userEmail: member.email })]);
    const mails = await mailsTo(on, 'アカウントを削除しました');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain(`Person <${member.email}>`);
    await expectNoMailToOthers();

    // An administrator deleting their own account is not a member leaving: no notice.
    const leaving = await newPerson(operator.teamId, 'admin', ['designer']);
    expect((await call(accountDeleteCall, { ...leaving.ctx, from: 'admin' }, leaving.token)).status).toBe(200);
    expect(await noticesOf(leaving.userId, 'userAccountDeleted')).toEqual([]);
  });

  it('writes the notice and sends its mails once when the stream delivers the event twice', async () => {
    const userId = ulid();
    const email = uniqueEmail('gone');
    const item = domainEventItem('memberDeleted', operator.teamId, { teamId: operator.teamId, userId, name: 'Twice Delivered', email });
    const event: DynamoDBStreamEvent = {
      Records: [1, 2].map((n) => ({
        eventID: `member-notice-${n}`,
        eventName: 'INSERT',
        eventVersion: '1.1',
        eventSource: 'aws:dynamodb',
        awsRegion: 'ap-northeast-1',
        dynamodb: { Keys: marshall({ pk: item.pk, sk: item.sk }) as never, NewImage: marshall(item) as never, SequenceNumber: String(n), StreamViewType: 'NEW_AND_OLD_IMAGES' },
      })),
    };
    for (let i = 0; i < 2; i++) {
      const answer = await (mailFunction as unknown as (e: DynamoDBStreamEvent, c: unknown) => Promise<DynamoDBBatchResponse>)(event, lambdaContext('member-notices-test', ulid()));
      expect(answer.batchItemFailures).toEqual([]);
    }
    expect(await noticesOf(userId, 'userAccountDeleted')).toHaveLength(1);
    expect((await mailsTo(on, 'アカウントを削除しました')).filter((m) => m.body.text?.includes(email))).toHaveLength(1);
  });
});
