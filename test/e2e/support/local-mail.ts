import type { APIRequestContext } from '@playwright/test';
import { basePort } from './ports';

export interface InboxMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}

/**
 * The local SES inbox (the platform's port + 4), filtered to one recipient; read once the table stream has delivered
 * the reactions to what was written before (notices' and member events' mails are the mail domain's reactions).
 */
export async function inbox(to: string): Promise<InboxMail[]> {
  await reactionsSettled();
  const res = await fetch(`http://127.0.0.1:${basePort() + 4}/store`);
  const { emails } = (await res.json()) as { emails: InboxMail[] };
  return emails.filter((m) => m.destination.to.includes(to));
}

/** Waits until the platform's table stream has delivered every reaction to what was written before the call. */
export async function reactionsSettled(): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${basePort()}/local/table-stream/settled`);
  if (!res.ok) throw new Error(`table-stream/settled answered ${res.status}`);
}

/**
 * Moves the local scheduler's clock forward and runs what became due (`POST /local/scheduler/advance`); answers how
 * far ahead of the real clock it now is. Specs share one platform: read the lead with 0 before choosing a time.
 */
export async function advanceScheduler(request: APIRequestContext, seconds: number): Promise<number> {
  const res = await request.post('/local/scheduler/advance', { data: { seconds } });
  if (!res.ok()) throw new Error(`advance answered ${res.status()}`);
  return ((await res.json()) as { aheadSeconds: number }).aheadSeconds;
}
