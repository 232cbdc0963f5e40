import { describe, expect, it } from 'vitest';
import { clockOffset, countdownParts, premierePhase, premiereResume, premiereSeek } from '../../../shared/rules/premiere';

const START = '2026-06-01T10:00:00.000Z';
const at = (secondsFromStart: number) => Date.parse(START) + secondsFromStart * 1000;

describe('real-time premiere (SPEC §3)', () => {
  it('counts down before the start', () => {
    expect(premierePhase(START, 600, at(-90))).toEqual({ phase: 'before', secondsUntil: 90 });
  });

  it('is live from the start on, at now − start', () => {
    expect(premierePhase(START, 600, at(0))).toEqual({ phase: 'live', positionSeconds: 0 });
    expect(premierePhase(START, 600, at(60.5))).toEqual({ phase: 'live', positionSeconds: 60.5 });
  });

  it('is over once start + duration has passed, and follows the normal rules', () => {
    expect(premierePhase(START, 600, at(599.9)).phase).toBe('live');
    expect(premierePhase(START, 600, at(600))).toEqual({ phase: 'after' });
    expect(premierePhase(START, 600, at(86_400))).toEqual({ phase: 'after' });
  });

  it('stays live without a known duration, and is no premiere with an unreadable start', () => {
    expect(premierePhase(START, undefined, at(5000))).toEqual({ phase: 'live', positionSeconds: 5000 });
    expect(premierePhase('not a date', 600, at(10))).toEqual({ phase: 'after' });
  });

  it('refuses a seek ahead of the live position, allows going back', () => {
    expect(premiereSeek(60, 300)).toBe(60);
    expect(premiereSeek(60, 61.5)).toBe(61.5);
    expect(premiereSeek(60, 10)).toBe(10);
  });

  it('resumes a pause at the live position', () => {
    expect(premiereResume(90, 60)).toBe(90);
    expect(premiereResume(90, 89.5)).toBe(89.5);
  });

  it('reads the clock of the server', () => {
    expect(clockOffset('2026-06-01T10:00:05.000Z', at(0))).toBe(5000);
    expect(clockOffset(undefined, at(0))).toBe(0);
    expect(clockOffset('garbage', at(0))).toBe(0);
  });

  it('splits the time left into days, hours, minutes and seconds, rounding up', () => {
    expect(countdownParts(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownParts(0.2)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(countdownParts(-3)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
