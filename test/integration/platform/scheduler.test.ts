import '../support/platform-env';
import { setTimeout as delay } from 'node:timers/promises';
import { ulid } from 'ulid';
import { afterEach, describe, expect, it } from 'vitest';
import { registerJobHandler } from '../../../lambdas/events/job-handlers';
import { cancelJob, scheduleJob, type ScheduledJob } from '../../../lambdas/platform/scheduler';
import { claimSchedule, dueSchedules, getSchedule } from '../../../lambdas/platform/scheduler/schedule-item';
import { startScheduler, type LocalScheduler } from '../../../local/scheduler';
import { waitFor } from './waiting';

/**
 * Jobs go to a group of this file's own, served by schedulers started here: the platform's own
 * scheduler polls the 'default' group and never sees them.
 */
const group = `it-${ulid()}`;

const runs: { job: ScheduledJob; at: number }[] = [];
registerJobHandler('test.record', async (job) => {
  runs.push({ job, at: Date.now() });
});
let failures = 0;
registerJobHandler('test.fail', async () => {
  failures++;
  throw new Error('The mail template is gone');
});

const runsOf = (id: string) => runs.filter((r) => r.job.id === id);

const started: LocalScheduler[] = [];
const start = (opts: { retryDelayMs?: number } = {}) => {
  const s = startScheduler({ group, pollMs: 50, ...opts });
  started.push(s);
  return s;
};
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
});

describe('local scheduler', () => {
  it('runs a job once, after its time and not before, with its payload', async () => {
    start();
    const id = `once-${ulid()}`;
    const at = new Date(Date.now() + 1500);
    await scheduleJob({ id, at, group, job: { kind: 'test.record', teamId: '01JTEAM', payload: { sendEmailId: 'm1' } } });

    await delay(at.getTime() - Date.now() - 300);
    expect(runsOf(id)).toHaveLength(0);

    const [run] = await waitFor('the job to run', async () => runsOf(id).length > 0 && runsOf(id));
    expect(run.at).toBeGreaterThanOrEqual(at.getTime());
    expect(run.job).toEqual({ id, kind: 'test.record', teamId: '01JTEAM', payload: { sendEmailId: 'm1' } });
    await delay(300);
    expect(runsOf(id)).toHaveLength(1);
    expect(await getSchedule(group, id)).toBeUndefined();
  });

  it('keeps a job across a restart: stopped before it was due, the next scheduler runs it', async () => {
    const first = start();
    const id = `restart-${ulid()}`;
    const at = new Date(Date.now() + 1000);
    await scheduleJob({ id, at, group, job: { kind: 'test.record', payload: {} } });
    await first.stop();
    await delay(at.getTime() - Date.now() + 300);
    expect(runsOf(id)).toHaveLength(0);

    start();
    await waitFor('the job to run after the restart', async () => runsOf(id).length > 0);
    await delay(300);
    expect(runsOf(id)).toHaveLength(1);
  });

  it('never runs a job twice with two schedulers polling the same group', async () => {
    start();
    start();
    const ids = Array.from({ length: 12 }, (_, i) => `pair-${i}-${ulid()}`);
    const at = new Date(Date.now() + 300);
    await Promise.all(ids.map((id) => scheduleJob({ id, at, group, job: { kind: 'test.record', payload: {} } })));

    await waitFor('every job to run', async () => ids.every((id) => runsOf(id).length > 0));
    await delay(400);
    expect(ids.map((id) => runsOf(id).length)).toEqual(ids.map(() => 1));
  });

  it('gives a due job to exactly one of two claims', async () => {
    const claimGroup = `it-claim-${ulid()}`;
    const id = `claim-${ulid()}`;
    await scheduleJob({ id, at: new Date(Date.now() - 1000), group: claimGroup, job: { kind: 'test.record', payload: {} } });
    const [seenByA] = await dueSchedules(claimGroup, new Date(), 10);
    const [seenByB] = await dueSchedules(claimGroup, new Date(), 10);
    expect((await Promise.all([claimSchedule(seenByA), claimSchedule(seenByB)])).sort()).toEqual([false, true]);
    expect(await dueSchedules(claimGroup, new Date(), 10)).toEqual([]);
  });

  it('does not run a cancelled job', async () => {
    start();
    const id = `cancel-${ulid()}`;
    const at = new Date(Date.now() + 1000);
    await scheduleJob({ id, at, group, job: { kind: 'test.record', payload: {} } });
    expect(await cancelJob(id, group)).toBe(true);
    expect(await cancelJob(id, group)).toBe(false);
    await delay(at.getTime() - Date.now() + 300);
    expect(runsOf(id)).toHaveLength(0);
  });

  it('runs a rescheduled job once, at its new time, with its new payload', async () => {
    start();
    const id = `moved-${ulid()}`;
    await scheduleJob({ id, at: new Date(Date.now() + 1000), group, job: { kind: 'test.record', payload: { v: 1 } } });
    const later = new Date(Date.now() + 2000);
    await scheduleJob({ id, at: later, group, job: { kind: 'test.record', payload: { v: 2 } } });

    await waitFor('the job to run', async () => runsOf(id).length > 0);
    expect(runsOf(id)[0].at).toBeGreaterThanOrEqual(later.getTime());
    expect(runsOf(id)[0].job.payload).toEqual({ v: 2 });
    await delay(300);
    expect(runsOf(id)).toHaveLength(1);
  });

  it('gives up on a failing job after three runs and keeps it as failed with its error', async () => {
    start({ retryDelayMs: 100 });
    const id = `failing-${ulid()}`;
    const before = failures;
    await scheduleJob({ id, at: new Date(), group, job: { kind: 'test.fail', payload: {} } });

    const failed = await waitFor('the job to be given up', async () => {
      const s = await getSchedule(group, id);
      return s?.status === 'failed' && s;
    });
    expect(failed).toMatchObject({ attempts: 3, lastError: 'The mail template is gone' });
    await delay(400);
    expect(failures - before).toBe(3);
  });

  it('fails a job of an unknown kind instead of dropping it silently', async () => {
    start({ retryDelayMs: 50 });
    const id = `unknown-${ulid()}`;
    await scheduleJob({ id, at: new Date(), group, job: { kind: 'test.nobody', payload: {} } });
    const failed = await waitFor('the job to be given up', async () => {
      const s = await getSchedule(group, id);
      return s?.status === 'failed' && s;
    });
    expect(failed.lastError).toContain('No handler for scheduled job kind test.nobody');
  });
});
