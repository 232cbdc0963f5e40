import { describe, expect, it } from 'vitest';
import { formatClock } from '../../../web/src/lib/format';
import { seekTarget, seeksFreely, startPosition } from '../../../web/src/features/player/seek-policy';

const free = { disableSeek: false, forcedPlayback: false, finished: false };
const noSeek = { disableSeek: true, forcedPlayback: false, finished: true };
const forced = { disableSeek: false, forcedPlayback: true, finished: false };

describe('seek policy', () => {
  it('lets a free video seek anywhere', () => {
    expect(seeksFreely(free)).toBe(true);
    expect(seekTarget(free, 100, 5, 5)).toBe(100);
  });

  it('snaps every real seek back when seeking is disabled, finished or not', () => {
    expect(seekTarget(noSeek, 100, 5, 200)).toBe(5);
    expect(seekTarget(noSeek, 0, 50, 200)).toBe(50);
    expect(seekTarget(noSeek, 5.5, 5, 5)).toBe(5.5);
  });

  it('lets forced playback go back and up to the watched point only, until finished once', () => {
    expect(seekTarget(forced, 10, 40, 40)).toBe(10);
    expect(seekTarget(forced, 41, 30, 40)).toBe(41);
    expect(seekTarget(forced, 90, 30, 40)).toBe(30);
    expect(seekTarget({ ...forced, finished: true }, 90, 30, 40)).toBe(90);
  });

  it('starts at t when allowed, else at the resume point', () => {
    expect(startPosition(free, undefined, 12)).toBe(12);
    expect(startPosition(free, 90, 12)).toBe(90);
    expect(startPosition(forced, 90, 12)).toBe(12);
    expect(startPosition(forced, 10, 12)).toBe(10);
    expect(startPosition(noSeek, 90, 0)).toBe(0);
  });

  it('formats clock times', () => {
    expect(formatClock(5)).toBe('0:05');
    expect(formatClock(75)).toBe('1:15');
    expect(formatClock(3675)).toBe('1:01:15');
  });
});
