/**
 * SPEC §3 Live: when a live is on and when its join link is open. Pure and free of zod, so the member and admin
 * pages can load it; the server's access decision (lambdas/content/live/live-rules.ts) uses the same functions.
 * Times are ISO-8601 UTC text, as stored.
 */

/**
 * The join link opens this many minutes before the start, so members can test their audio and be in the room when
 * the host starts (Zoom's waiting room opens earlier still; 10 minutes keeps the link from circulating long before).
 */
export const LIVE_JOIN_LEAD_MINUTES = 10;

export interface LiveSchedule {
  startAt: string;
  endAt: string;
}

/** Where a live stands on the clock; never stored, so it cannot go stale. */
export type LivePhase = 'scheduled' | 'live' | 'ended';

export function livePhase(schedule: LiveSchedule, now: Date): LivePhase {
  const at = now.getTime();
  if (at < Date.parse(schedule.startAt)) return 'scheduled';
  return at < Date.parse(schedule.endAt) ? 'live' : 'ended';
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The period a member may open the live's join link: from the lead time before its start to its end, inside the
 * item's own viewable period when it has one (the later start and the earlier end). An empty intersection is never
 * open (the access decision answers beforeRelease, then afterRelease).
 */
export function liveJoinWindow(schedule: LiveSchedule, viewable?: { start?: string; end?: string }): { start: string; end: string } {
  const opens = Date.parse(schedule.startAt) - LIVE_JOIN_LEAD_MINUTES * 60_000;
  const closes = Date.parse(schedule.endAt);
  return {
    start: iso(viewable?.start ? Math.max(opens, Date.parse(viewable.start)) : opens),
    end: iso(viewable?.end ? Math.min(closes, Date.parse(viewable.end)) : closes),
  };
}
