/**
 * SPEC §3 seek rules of a video: `disableSeek` (no seeking at all) and forced playback (no skipping ahead of
 * what was watched until the member has finished the video once).
 */
export interface SeekPolicy {
  disableSeek: boolean;
  forcedPlayback: boolean;
  /** The member has finished this video before. */
  finished: boolean;
}

/** A little slack for the player's own jumps (segment boundaries, rounding). */
const SLACK_SECONDS = 1;

export const seeksFreely = (p: SeekPolicy): boolean => !p.disableSeek && (!p.forcedPlayback || p.finished);

/** Where a seek from `from` to `target` lands: `target` when allowed, else back at `from`. */
export function seekTarget(p: SeekPolicy, target: number, from: number, watchedUntil: number): number {
  if (seeksFreely(p)) return target;
  if (p.disableSeek) return Math.abs(target - from) <= SLACK_SECONDS ? target : from;
  return target <= watchedUntil + SLACK_SECONDS ? target : from;
}

/**
 * The start point: the `t` parameter when given and allowed (free seeking, or not beyond what was
 * watched), else the resume point.
 */
export function startPosition(p: SeekPolicy, timeParameter: number | undefined, resumeSeconds: number): number {
  if (timeParameter === undefined) return resumeSeconds;
  if (seeksFreely(p) || timeParameter <= resumeSeconds) return timeParameter;
  return resumeSeconds;
}
