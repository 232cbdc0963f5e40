import './aws-env';
import { GetSendQuotaCommand, SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { sendMail } from '../../../lambdas/core/mail/send-mail';
import { mailHealth } from '../../../lambdas/platform/mail';

const ses = mockClient(SESClient);
const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  ses.reset();
  ddb.reset();
  ses.on(SendEmailCommand).resolves({ MessageId: '0106018f-aaaa-bbbb-cccc-000000000000-000000' });
  ddb.on(PutCommand).resolves({});
});

describe('mail port, AWS adapter (SES)', () => {
  it('sends from the platform sender through the configuration set, tagged with the team', async () => {
    const out = await sendMail({
      to: 'member@example.jp',
      subject: 'ようこそ',
      text: 'こんにちは',
      html: '<p>こんにちは</p>',
      teamId: '01JTEAM',
      tags: { kind: 'welcome' },
      fromName: 'Yamada Academy',
      replyTo: 'support@yamada.example',
    });
    expect(out).toEqual({ messageId: '0106018f-aaaa-bbbb-cccc-000000000000-000000' });
    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0].args[0].input).toEqual({
      Source: '"Yamada Academy" <no-reply@mail.example.com>',
      Destination: { ToAddresses: ['member@example.jp'] },
      ReplyToAddresses: ['support@yamada.example'],
      Message: {
        Subject: { Data: 'ようこそ', Charset: 'UTF-8' },
        Body: { Text: { Data: 'こんにちは', Charset: 'UTF-8' }, Html: { Data: '<p>こんにちは</p>', Charset: 'UTF-8' } },
      },
      ConfigurationSetName: 'platform-events',
      Tags: [
        { Name: 'kind', Value: 'welcome' },
        { Name: 'teamId', Value: '01JTEAM' },
      ],
    });
  });

  it('encodes a Japanese sender name (RFC 2047) and sends text only when there is no HTML', async () => {
    await sendMail({ to: 'a@example.jp', subject: 's', text: 't', fromName: '山田アカデミー' });
    const input = ses.commandCalls(SendEmailCommand)[0].args[0].input;
    expect(input.Source).toBe(`=?UTF-8?B?${Buffer.from('山田アカデミー').toString('base64')}?= <no-reply@mail.example.com>`);
    expect(input.Message!.Body).toEqual({ Text: { Data: 't', Charset: 'UTF-8' } });
    expect(input.Tags).toBeUndefined();
  });

  it("records a team's message in its mail log as processed", async () => {
    await sendMail({ to: 'member@example.jp', subject: 'Hello', text: 'Hi', teamId: '01JTEAM' });
    const put = ddb.commandCalls(PutCommand)[0].args[0].input;
    expect(put.Item).toMatchObject({
      pk: 'T#01JTEAM#MAIL_LOG#0106018f-aaaa-bbbb-cccc-000000000000-000000',
      sk: 'MAIL_LOG',
      gsi1pk: 'T#01JTEAM#MAIL_LOGS',
      to: 'member@example.jp',
      subject: 'Hello',
      status: 'processed',
    });
  });

  it('writes no log for mail outside a team', async () => {
    await sendMail({ to: 'operator@example.jp', subject: 'Verify', text: 'Code' });
    expect(ddb.calls()).toHaveLength(0);
  });

  it('rejects tags SES would refuse, and a teamId smuggled in as a tag, before sending', async () => {
    await expect(sendMail({ to: 'a@example.jp', subject: 's', text: 't', tags: { kind: 'a b' } })).rejects.toThrow('Invalid mail tag');
    await expect(sendMail({ to: 'a@example.jp', subject: 's', text: 't', tags: { teamId: 'other' } })).rejects.toThrow('teamId');
    expect(ses.calls()).toHaveLength(0);
  });

  it('checks health with GetSendQuota', async () => {
    ses.on(GetSendQuotaCommand).resolves({ Max24HourSend: 50000 });
    await mailHealth();
    expect(ses.commandCalls(GetSendQuotaCommand)).toHaveLength(1);
  });
});
