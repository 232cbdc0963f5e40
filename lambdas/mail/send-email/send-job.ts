import { setTimeout as delay } from 'node:timers/promises';
import { Logger } from '@aws-lambda-powertools/logger';
import type { ScheduledJob } from '../../platform/scheduler';
import { cancelJob, scheduleJob } from '../../platform/scheduler';
import { platformConfig } from '../../platform/config';
import { getTeam } from '../../core/entities/team';
import { sendMail } from '../../core/mail/send-mail';
import { claimRecipient, closeRecipient, putPendingRecipients, tallyRecipients, unclaimRecipient, unfinishedRecipients, type EmailRecipient } from './email-recipient';
import { countOutcomes, leaseSendEmail, markPrepared, releaseSendEmail, type SendEmailRecord } from './send-email';
import { resolveRecipients, sendJobId } from './send-email-service';

const logger = new Logger({ serviceName: 'send-email' });

/**
 * One run of a bulk mail (job kind `sendEmail`). A run holds the mail's lease, first writes every recipient
 * (once), then sends to the unfinished ones in recipient order at the SES rate until its time budget ends, and
 * schedules the next run. Before it sends anything it schedules that next run `LEASE_MS` ahead, so a run that
 * dies (a crash, a timeout) is followed by one that resumes; a row claimed by the dead run is not sent again.
 */
const LEASE_MS = 6 * 60_000;
/** Within the scheduled-job function's 5-minute timeout, with room to record the last answers. */
const RUN_BUDGET_MS = 4 * 60_000;
const PAGE = 100;
const IN_FLIGHT = 25;

export interface SendRunOptions {
  now?: () => Date;
  budgetMs?: number;
  /** Messages a second; 0 = as fast as the adapter answers. */
  rate?: number;
}

const isThrottling = (e: unknown) => e instanceof Error && /Throttl|TooManyRequests|MaxSendRate|Maximum sending rate/i.test(`${e.name} ${e.message}`);

/** Paces sends to `rate` a second across a run (a token per slot), so a batch never bursts above SES's quota. */
function pacer(rate: number) {
  if (rate <= 0) return async () => undefined;
  const interval = 1000 / rate;
  let next = Date.now();
  return async () => {
    const wait = next - Date.now();
    next = Math.max(next, Date.now()) + interval;
    if (wait > 0) await delay(wait);
  };
}

type Outcome = 'sent' | 'failed' | 'throttled' | 'taken';

async function sendTo(teamId: string, mail: SendEmailRecord, fromName: string, r: EmailRecipient): Promise<Outcome> {
  if (!(await claimRecipient(teamId, mail.sendEmailId, r.userId, new Date().toISOString()))) return 'taken';
  try {
    const { messageId } = await sendMail({
      to: r.email,
      teamId,
      subject: mail.subject,
      text: mail.body,
      fromName,
      tags: { mailKind: 'sendEmail', sendEmailId: mail.sendEmailId },
    });
    const closed = await closeRecipient(teamId, mail.sendEmailId, r.userId, { state: 'sent', messageId, sentAt: new Date().toISOString() });
    return closed ? 'sent' : 'taken';
  } catch (e) {
    if (isThrottling(e)) {
      await unclaimRecipient(teamId, mail.sendEmailId, r.userId);
      return 'throttled';
    }
    logger.warn('SES refused a bulk mail message', { teamId, sendEmailId: mail.sendEmailId, userId: r.userId, error: e as Error });
    const closed = await closeRecipient(teamId, mail.sendEmailId, r.userId, { state: 'failed', error: (e as Error).name || 'Error' });
    return closed ? 'failed' : 'taken';
  }
}

/** A row a dead run claimed: it may have gone out, so it is closed as failed, never sent again. */
async function closeInterrupted(teamId: string, sendEmailId: string, r: EmailRecipient): Promise<Outcome> {
  return (await closeRecipient(teamId, sendEmailId, r.userId, { state: 'failed', error: 'interrupted' })) ? 'failed' : 'taken';
}

/** Adds a slice's outcomes to the mail's counters in one write (each row closed once, so each counts once). */
async function count(teamId: string, sendEmailId: string, outcomes: readonly Outcome[]): Promise<void> {
  const sent = outcomes.filter((o) => o === 'sent').length;
  const failed = outcomes.filter((o) => o === 'failed').length;
  if (sent || failed) await countOutcomes(teamId, sendEmailId, { sent, failed }, new Date().toISOString());
}

/** Runs one batch window of the mail; answers whether it finished. */
export async function runSendEmail(teamId: string, sendEmailId: string, dueAt: string | undefined, opts: SendRunOptions = {}): Promise<boolean> {
  const now = opts.now ?? (() => new Date());
  const started = Date.now();
  const mail = await leaseSendEmail(teamId, sendEmailId, { now: now(), leaseMs: LEASE_MS, dueAt });
  if (!mail) return false; // gone, already sent, rescheduled, or another run holds it
  const run = mail.run ?? 1;
  const next = sendJobId(sendEmailId, run);
  await scheduleJob({ id: next, at: new Date(now().getTime() + LEASE_MS + 1000), job: { kind: 'sendEmail', teamId, payload: { sendEmailId } } });

  if (!mail.prepared) {
    const people = await resolveRecipients(teamId, mail.recipients, now());
    await putPendingRecipients(teamId, sendEmailId, people);
    await markPrepared(teamId, sendEmailId, people.length);
  }
  const fromName = (await getTeam(teamId))?.siteName ?? '';
  const pace = pacer(opts.rate ?? platformConfig().mailSendRate);
  const budget = opts.budgetMs ?? RUN_BUDGET_MS;
  let after: string | undefined;
  let finished = false;
  let throttled = false;
  while (Date.now() - started < budget && !throttled) {
    const page = await unfinishedRecipients(teamId, sendEmailId, { limit: PAGE, after });
    const interrupted = await Promise.all(page.items.filter((i) => i.state === 'claimed').map((r) => closeInterrupted(teamId, sendEmailId, r)));
    await count(teamId, sendEmailId, interrupted);
    const pending = page.items.filter((i) => i.state === 'pending');
    // Several messages in flight at once: each waits on SES and the table, the pacer keeps the rate.
    const outcomes: Outcome[] = [];
    for (let i = 0; i < pending.length && Date.now() - started < budget; i += IN_FLIGHT) {
      const slice = await Promise.all(pending.slice(i, i + IN_FLIGHT).map(async (r) => (await pace(), sendTo(teamId, mail, fromName, r))));
      await count(teamId, sendEmailId, slice);
      outcomes.push(...slice);
      if (slice.includes('throttled')) break;
    }
    throttled = outcomes.includes('throttled');
    if (outcomes.length < pending.length) break; // out of time
    if (!page.last) {
      finished = !throttled;
      break;
    }
    after = page.last;
  }
  if (finished) {
    // The walk reached the last row under the lease, so every recipient is sent or failed.
    await releaseSendEmail(teamId, sendEmailId, await tallyRecipients(teamId, sendEmailId));
    await cancelJob(next);
    return true;
  }
  await releaseSendEmail(teamId, sendEmailId);
  // SES said slow down: the next run waits a little; otherwise it starts at once.
  await scheduleJob({ id: next, at: new Date(now().getTime() + (throttled ? 5_000 : 0)), job: { kind: 'sendEmail', teamId, payload: { sendEmailId } } });
  return false;
}

export async function runJob(job: ScheduledJob): Promise<void> {
  const { sendEmailId, dueAt } = job.payload as { sendEmailId?: unknown; dueAt?: unknown };
  if (!job.teamId || typeof sendEmailId !== 'string') throw new Error(`sendEmail job ${job.id} lacks its team or mail`);
  await runSendEmail(job.teamId, sendEmailId, typeof dueAt === 'string' ? dueAt : undefined);
}
