import { describe, expect, it } from 'vitest';
import { parseScheduledJob } from '../../../lambdas/events/scheduled-job';

describe('parseScheduledJob (the scheduled-job Lambda’s input check, without zod)', () => {
  it('answers the job as the scheduler wrote it, and nothing else', () => {
    expect(parseScheduledJob({ id: 'j1', kind: 'mail.send', teamId: 't1', payload: { mailId: 'm1' }, extra: 1 })).toEqual({
      id: 'j1',
      kind: 'mail.send',
      teamId: 't1',
      payload: { mailId: 'm1' },
    });
    expect(parseScheduledJob({ id: 'j2', kind: 'k', payload: {} })).toEqual({ id: 'j2', kind: 'k', payload: {} });
  });

  it('refuses input that is not a job, naming the fields', () => {
    expect(() => parseScheduledJob(null)).toThrow(/\(id, kind, payload\)/);
    expect(() => parseScheduledJob('job')).toThrow(/invalid/);
    expect(() => parseScheduledJob({ id: '', kind: 'k', payload: {} })).toThrow(/\(id\)/);
    expect(() => parseScheduledJob({ id: 'j', kind: 'k', teamId: 5, payload: {} })).toThrow(/\(teamId\)/);
    expect(() => parseScheduledJob({ id: 'j', kind: 'k', payload: [] })).toThrow(/\(payload\)/);
    expect(() => parseScheduledJob({ id: 'j', kind: 'k', payload: null })).toThrow(/\(payload\)/);
  });
});
