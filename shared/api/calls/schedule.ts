import * as z from 'zod/mini';
import type { DecidedContentState } from '../../content-access';
import { isoDateTimeSchema } from '../../rules/dates';
import { code, reportIssues, whenValid } from '../../rules/issues';
import { callsOf } from '../define';

const contentCall = callsOf('content');

/** A calendar page spans at most this many days (a month grid is 42), so one call stays a bounded read. */
export const SCHEDULE_RANGE_MAX_DAYS = 62;

/**
 * SPEC §2 /user/:teamId/schedule: one entry of the member's calendar. A live spans its start..end, an event its
 * hold period; `state` is the one access decision's answer for this member now.
 */
export interface ScheduleEntry {
  type: 'live' | 'event';
  id: string;
  title: string;
  start: string;
  end: string;
  state: DecidedContentState;
}

const dayMs = 86_400_000;

/** `from`..`to` are instants (ISO-8601 with zone): the page sends its grid's first and last day in the member's zone. */
export const memberScheduleInput = z
  .object({ from: isoDateTimeSchema, to: isoDateTimeSchema })
  .check(
    z.superRefine(({ from, to }, ctx) => {
      if (from > to) reportIssues(ctx, [{ path: ['to'], code: code('validation/date_range_order') }]);
      else if (to.getTime() - from.getTime() > SCHEDULE_RANGE_MAX_DAYS * dayMs) reportIssues(ctx, [{ path: ['to'], code: code('validation/invalid_value') }]);
    }, whenValid('from', 'to')),
  );

/** The member's lives and events overlapping `from`..`to`, by start. */
export const memberScheduleListCall = contentCall<typeof memberScheduleInput, { items: ScheduleEntry[] }>()('/member_schedule/list', 'member', memberScheduleInput);
