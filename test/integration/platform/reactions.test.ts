import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsTotalCall, type DayCounts } from '../../../shared/api/calls/analytics';
import { workflowCreateCall } from '../../../shared/api/calls/workflows';
import { handler as analyticsFunction } from '../../../lambdas/analytics/handler';
import { handler as mailFunction } from '../../../lambdas/mail/handler';
import { domainEventItem } from '../../../lambdas/core/events/domain-events';
import { putGroupOps } from '../../../lambdas/core/entities/group';
import { listPendingRuns } from '../../../lambdas/mail/workflows/workflow';
import { transact, type Item } from '../../../lambdas/platform/db';
import { lambdaContext } from '../../../local/lambda-event';
import { call, inbox } from '../support/api';
import { as, createInvite, newOperator, type Actor } from '../invites/helpers';

/**
 * The reactions of one domain to another's events are at-least-once: the stream may deliver a batch again (a retry
 * after a timeout, a bisected batch). Each is delivered twice here, straight to the reacting domain's function as its
 * event source mapping would, and does its work once. A record that fails is reported alone (a partial batch
 * response), so only it is retried.
 */
let alpha: Actor;
beforeAll(async () => {
  alpha = await newOperator('Reacting Team');
});

let sequence = 0;
function streamEvent(items: Item[]): DynamoDBStreamEvent {
  return {
    Records: items.map((item) => {
      const seq = String(++sequence).padStart(21, '0');
      return {
        eventID: `event-${seq}`,
        eventName: 'INSERT',
        eventVersion: '1.1',
        eventSource: 'aws:dynamodb',
        awsRegion: 'ap-northeast-1',
        dynamodb: {
          Keys: marshall({ pk: item.pk, sk: item.sk }) as never,
          NewImage: marshall(item, { removeUndefinedValues: true }) as never,
          SequenceNumber: seq,
          StreamViewType: 'NEW_AND_OLD_IMAGES',
        },
      };
    }),
  };
}

type StreamFunction = (event: DynamoDBStreamEvent, context: unknown) => Promise<DynamoDBBatchResponse>;
const deliver = (fn: unknown, event: DynamoDBStreamEvent) => (fn as StreamFunction)(event, lambdaContext('reactions-test', ulid()));

const todayLogins = async () => {
  const res = await call(analyticsTotalCall, as(alpha, { period: { mode: 'none', days: 7 } }), alpha.token);
  expect(res.status).toBe(200);
  const today = new Date().toISOString().slice(0, 10);
  return (res.body as { days: DayCounts[] }).days.find((d) => d.day === today)?.logins ?? 0;
};

describe('reactions delivered twice do their work once', () => {
  it('analytics counts an activity once, and reports only the record that failed', async () => {
    const before = await todayLogins();
    const login = domainEventItem('activity', alpha.teamId, { teamId: alpha.teamId, at: new Date().toISOString(), userId: alpha.userId, counts: { logins: 1 } });
    const event = streamEvent([login]);
    expect(await deliver(analyticsFunction, event)).toEqual({ batchItemFailures: [] });
    expect(await deliver(analyticsFunction, event)).toEqual({ batchItemFailures: [] });
    expect(await todayLogins()).toBe(before + 1);

    // A record whose reaction throws (an id no key may hold) is reported by its sequence number; the one beside it is counted.
    const broken = { ...domainEventItem('activity', alpha.teamId, { teamId: alpha.teamId, at: new Date().toISOString(), counts: { logins: 1 } }), teamId: 'not a team id' };
    const fine = domainEventItem('activity', alpha.teamId, { teamId: alpha.teamId, at: new Date().toISOString(), counts: { logins: 1 } });
    const mixed = streamEvent([broken, fine]);
    const answer = await deliver(analyticsFunction, mixed);
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: mixed.Records[0]!.dynamodb!.SequenceNumber }]);
    expect(await todayLogins()).toBe(before + 2);
  });

  it('the mail domain mails a notice once', async () => {
    const marker = `Twice told ${ulid()}`;
    const notice = {
      pk: `T#${alpha.teamId}#NOTICE#VIDEO_COMMENT`,
      sk: `${new Date().toISOString()}#${ulid()}`,
      type: 'videoCommentNotice',
      notificationId: ulid(),
      createdAt: new Date().toISOString(),
      commentId: ulid(),
      contentType: 'video',
      contentId: ulid(),
      contentTitle: 'A lesson',
      userId: alpha.userId,
      userName: 'Hanako',
      body: marker,
      stream: { teamId: alpha.teamId, kind: 'videoComment' },
    };
    const event = streamEvent([notice]);
    expect(await deliver(mailFunction, event)).toEqual({ batchItemFailures: [] });
    expect(await deliver(mailFunction, event)).toEqual({ batchItemFailures: [] });
    const mails = (await inbox(alpha.email)).filter((m) => m.body.text?.includes(marker));
    expect(mails).toHaveLength(1);
  });

  it('the mail domain starts a member event’s workflow once', async () => {
    const inviteId = await createInvite(alpha);
    const groupId = ulid();
    await transact(putGroupOps({ teamId: alpha.teamId, groupId, name: 'Twice', memberCount: 0, createdAt: new Date().toISOString() }));
    const created = await call(
      workflowCreateCall,
      as(alpha, { title: 'Once only', eventType: 'welcome', waitDays: 30, targetIds: [inviteId], actions: [{ type: 'joinGroups', groupIds: [groupId] }], enabled: true }),
      alpha.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { workflowId } = (created.body as { workflow: { workflowId: string } }).workflow;

    const welcome = domainEventItem('memberEvent', alpha.teamId, { teamId: alpha.teamId, type: 'welcome', userId: alpha.userId, objectIds: [inviteId] });
    const event = streamEvent([welcome]);
    expect(await deliver(mailFunction, event)).toEqual({ batchItemFailures: [] });
    expect(await deliver(mailFunction, event)).toEqual({ batchItemFailures: [] });
    expect(await listPendingRuns(alpha.teamId, workflowId)).toHaveLength(1);
  });
});
