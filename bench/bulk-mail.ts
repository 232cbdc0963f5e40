/**
 * Bulk mail figure (issue 13): one mail to a group of 10,000 members, from the operator's call to the last message
 * SES (the local stand-in) accepted, through the same scheduled job, recipient rows and mail log as in AWS. The local
 * platform has no SES quota (MAIL_SEND_RATE 0), so this is the pipeline's own throughput; in AWS the job paces sends
 * at the account's sending rate.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { localCredentials } from '../lambdas/platform/config';
import { groupMembershipItems } from '../lambdas/core/entities/group';
import { putTeamUserOps } from '../lambdas/core/entities/team-user';
import { batchWrite, registerTeam, type Figure } from './support';

const RECIPIENTS = Number(process.env.BENCH_MAIL_RECIPIENTS ?? 10_000);

async function api<T>(baseUrl: string, token: string, path: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function bulkMailFigures(ctx: { baseUrl: string; env: Record<string, string> }): Promise<Figure[]> {
  const { baseUrl, env } = ctx;
  const team = await registerTeam(baseUrl, env, 'bulk-mail');
  const scope = { operatedTeamId: team.teamId, operatedUserId: team.userId };
  const { group } = await api<{ group: { groupId: string } }>(baseUrl, team.token, '/group/create', { ...scope, name: 'Everyone' });

  // The members straight into the table (records and memberships), as an import would leave them.
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT, credentials: localCredentials }));
  const now = new Date().toISOString();
  const items = Array.from({ length: RECIPIENTS }, (_, i) => {
    const userId = ulid();
    const user = { teamId: team.teamId, userId, email: `bulk-${i}-${userId.toLowerCase()}@example.test`, name: `Member ${i}`, role: 'member' as const, categories: [], groupIds: [group.groupId], disabled: false, createdAt: now };
    const records = putTeamUserOps(user).flatMap((op) => ('put' in op ? [op.put] : []));
    return [...records, ...groupMembershipItems(team.teamId, userId, [group.groupId], now)];
  }).flat();
  await batchWrite(doc, env.TABLE_NAME, items);

  const started = performance.now();
  const { sendEmail } = await api<{ sendEmail: { sendEmailId: string } }>(baseUrl, team.token, '/send_email/create', {
    ...scope,
    title: 'Bench',
    subject: 'Bench bulk mail',
    body: 'One message to every member of the group.',
    recipients: { target: 'groups', groupIds: [group.groupId] },
  });
  let mail: { status: string; sentCount: number; failedCount: number; recipientCount?: number } | undefined;
  for (;;) {
    ({ sendEmail: mail } = await api<{ sendEmail: NonNullable<typeof mail> }>(baseUrl, team.token, '/send_email/get', { ...scope, sendEmailId: sendEmail.sendEmailId }));
    if (mail.status === 'sent') break;
    if (performance.now() - started > 30 * 60_000) throw new Error(`bulk mail stuck at ${mail.sentCount}/${mail.recipientCount}`);
    await delay(250);
  }
  const seconds = (performance.now() - started) / 1000;
  if (mail.sentCount !== RECIPIENTS || mail.failedCount !== 0) throw new Error(`bulk mail sent ${mail.sentCount}, failed ${mail.failedCount} of ${RECIPIENTS}`);

  // What bounds it locally: each message is four single-item writes (claim, mail log, delivery, close), and
  // DynamoDB Local takes single-item updates at about this rate at the job's concurrency.
  const probes = 500;
  const probeStart = performance.now();
  for (let i = 0; i < probes; i += 25) {
    await Promise.all(
      Array.from({ length: 25 }, (_, j) =>
        doc.send(new UpdateCommand({ TableName: env.TABLE_NAME, Key: { pk: `BENCH#${team.teamId}`, sk: String(i + j) }, UpdateExpression: 'SET a = :a', ExpressionAttributeValues: { ':a': 1 } })),
      ),
    );
  }
  const writesPerSecond = probes / ((performance.now() - probeStart) / 1000);
  return [
    [`bulk mail to ${RECIPIENTS.toLocaleString('en')} members, call to last message accepted`, `${seconds.toFixed(1)} s`, ''],
    ['bulk mail throughput through the local SES', `${(RECIPIENTS / seconds).toFixed(0)} messages/s`, 'paced to SES quota in AWS'],
    ['DynamoDB Local single-item updates, 25 at once (4 per message)', `${writesPerSecond.toFixed(0)} /s`, ''],
  ];
}
