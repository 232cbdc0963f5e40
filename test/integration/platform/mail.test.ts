import '../support/platform-env';
import { ulid } from 'ulid';
import { describe, expect, inject, it } from 'vitest';
import { handler as mailEvent, type SesEvent } from '../../../lambdas/events/mail-event';
import { getMailLog, listMailLogs } from '../../../lambdas/core/entities/mail-log';
import { sendMail } from '../../../lambdas/core/mail/send-mail';
import { mailHealth } from '../../../lambdas/platform/mail';
import { reportLocalDeliveriesTo } from '../../../lambdas/platform/mail/local';

// What local/platform.ts wires in the embedded platform: local delivery events reach the SES event handler.
reportLocalDeliveriesTo((event) => mailEvent(event as SesEvent));

interface InboxMail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

async function inbox(): Promise<InboxMail[]> {
  const res = await fetch(`${inject('platformEnv').SES_ENDPOINT}/store`);
  return ((await res.json()) as { emails: InboxMail[] }).emails;
}

/** An SES event for a message, as EventBridge delivers it. */
function sesEvent(eventType: string, messageId: string, teamId: string, extra: Record<string, unknown> = {}): SesEvent {
  return {
    version: '0',
    id: ulid(),
    'detail-type': `Email ${eventType}`,
    source: 'aws.ses',
    account: '123456789012',
    time: new Date().toISOString(),
    region: 'ap-northeast-1',
    resources: [],
    detail: {
      eventType,
      mail: { messageId, timestamp: '2026-05-01T00:00:00.000Z', tags: { teamId: [teamId] } },
      ...extra,
    },
  };
}

async function sendToTeam(teamId: string) {
  const to = `member-${ulid().toLowerCase()}@example.test`;
  const { messageId } = await sendMail({ to, subject: 'お知らせ', text: '本文です', html: '<p>本文です</p>', teamId, fromName: 'Yamada Academy' });
  return { to, messageId };
}

describe('mail port against aws-ses-v2-local', () => {
  it('is healthy', async () => {
    await expect(mailHealth()).resolves.toBeUndefined();
  });

  it('delivers the message to the local inbox', async () => {
    const teamId = ulid();
    const { to, messageId } = await sendToTeam(teamId);
    const mail = (await inbox()).find((m) => m.messageId === messageId);
    expect(mail).toMatchObject({
      from: `"Yamada Academy" <${inject('platformEnv').MAIL_FROM}>`,
      destination: { to: [to] },
      subject: 'お知らせ',
      body: { text: '本文です', html: '<p>本文です</p>' },
    });
  });

  it("records it in the team's mail log, delivered through the local Delivery event", async () => {
    const teamId = ulid();
    const { to, messageId } = await sendToTeam(teamId);
    expect(await getMailLog(teamId, messageId)).toMatchObject({ teamId, messageId, to, subject: 'お知らせ', status: 'delivered' });
    const { items } = await listMailLogs(teamId);
    expect(items.map((l) => l.messageId)).toEqual([messageId]);
    // Another team sees nothing of it.
    expect((await listMailLogs(ulid())).items).toEqual([]);
  });

  it('lists a team log newest first', async () => {
    const teamId = ulid();
    const first = await sendToTeam(teamId);
    const second = await sendToTeam(teamId);
    expect((await listMailLogs(teamId)).items.map((l) => l.messageId)).toEqual([second.messageId, first.messageId]);
  });

  it('ignores replays and earlier statuses arriving late; a bounce still overrides delivered', async () => {
    const teamId = ulid();
    const { messageId } = await sendToTeam(teamId);
    const delivered = await getMailLog(teamId, messageId);

    await mailEvent(sesEvent('Delivery', messageId, teamId, { delivery: { timestamp: '2026-05-02T00:00:00.000Z' } }));
    await mailEvent(sesEvent('Send', messageId, teamId));
    await mailEvent(sesEvent('DeliveryDelay', messageId, teamId, { deliveryDelay: { timestamp: '2026-05-03T00:00:00.000Z' } }));
    expect(await getMailLog(teamId, messageId)).toEqual(delivered);

    const bounce = sesEvent('Bounce', messageId, teamId, {
      bounce: { bounceType: 'Permanent', bounceSubType: 'General', timestamp: '2026-05-04T00:00:00.000Z' },
    });
    await mailEvent(bounce);
    await mailEvent(bounce);
    expect(await getMailLog(teamId, messageId)).toMatchObject({ status: 'bounce', statusAt: '2026-05-04T00:00:00.000Z', bounceType: 'Permanent' });
  });

  it('maps each SES event to its SPEC status, whichever arrives first', async () => {
    const teamId = ulid();
    const expectations: [string, Record<string, unknown>, string][] = [
      ['Send', {}, 'processed'],
      ['DeliveryDelay', { deliveryDelay: { timestamp: '2026-05-01T00:01:00.000Z' } }, 'deferred'],
      ['Reject', { reject: { reason: 'Bad content' } }, 'dropped'],
    ];
    for (const [type, extra, status] of expectations) {
      const messageId = `local-${ulid()}`;
      await mailEvent(sesEvent(type, messageId, teamId, extra));
      expect((await getMailLog(teamId, messageId))?.status).toBe(status);
    }
  });

  it('keeps the first complaint only', async () => {
    const teamId = ulid();
    const { messageId } = await sendToTeam(teamId);
    await mailEvent(sesEvent('Complaint', messageId, teamId, { complaint: { timestamp: '2026-05-05T00:00:00.000Z' } }));
    await mailEvent(sesEvent('Complaint', messageId, teamId, { complaint: { timestamp: '2026-05-06T00:00:00.000Z' } }));
    expect(await getMailLog(teamId, messageId)).toMatchObject({ status: 'delivered', complainedAt: '2026-05-05T00:00:00.000Z' });
  });

  it('keeps no log for mail outside a team', async () => {
    const to = `operator-${ulid().toLowerCase()}@example.test`;
    const { messageId } = await sendMail({ to, subject: 'Verify', text: 'Code 123456' });
    expect((await inbox()).some((m) => m.messageId === messageId)).toBe(true);
  });
});
