/**
 * SPEC §3 video "playable period with real-time premiere option": a premiere plays for everyone from the same
 * position on the clock. It starts at the playable period's start; before it the page counts down, while it runs
 * the position is `now − start` (joining late starts there, no seeking ahead of it, a pause resumes there), and once
 * `start + duration` has passed the video follows its normal rules. The clock is the server's (the watch answer's
 * `serverTime`), carried as an offset from the device's clock.
 */

export type PremierePhase =
  /** Not started: `secondsUntil` > 0. */
  | { phase: 'before'; secondsUntil: number }
  /** Running: everyone is at `positionSeconds`. */
  | { phase: 'live'; positionSeconds: number }
  /** Over (or the video is not a premiere): the normal rules. */
  | { phase: 'after' };

/** A little slack for the player's own jumps and the clock's rounding. */
export const PREMIERE_SLACK_SECONDS = 2;

/**
 * The phase at `nowMs`. Without a known duration the premiere stays live (the player's `ended` then closes it);
 * an unreadable start is no premiere.
 */
export function premierePhase(startIso: string, durationSeconds: number | undefined, nowMs: number): PremierePhase {
  const startMs = Date.parse(startIso);
  if (Number.isNaN(startMs)) return { phase: 'after' };
  const elapsed = (nowMs - startMs) / 1000;
  if (elapsed < 0) return { phase: 'before', secondsUntil: -elapsed };
  if (durationSeconds !== undefined && elapsed >= durationSeconds) return { phase: 'after' };
  return { phase: 'live', positionSeconds: durationSeconds !== undefined ? Math.min(elapsed, durationSeconds) : elapsed };
}

/**
 * Where a seek during the premiere lands: anywhere up to the live position (going back is allowed), else the live
 * position itself (never ahead of everyone).
 */
export function premiereSeek(livePosition: number, target: number): number {
  return target <= livePosition + PREMIERE_SLACK_SECONDS ? target : livePosition;
}

/** Where a play after a pause resumes: at the live position when the member has fallen behind it by more than the slack. */
export function premiereResume(livePosition: number, current: number): number {
  return Math.abs(current - livePosition) > PREMIERE_SLACK_SECONDS ? livePosition : current;
}

/** The server clock's lead on the device's (ms): add it to `Date.now()`. An unreadable server time gives 0. */
export function clockOffset(serverTimeIso: string | undefined, deviceNowMs: number): number {
  const server = serverTimeIso ? Date.parse(serverTimeIso) : NaN;
  return Number.isNaN(server) ? 0 : server - deviceNowMs;
}

/** Whole days, hours, minutes and seconds left (rounded up to the second, so 0 only at the start). */
export function countdownParts(secondsUntil: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(secondsUntil));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
