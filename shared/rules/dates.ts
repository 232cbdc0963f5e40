import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import 'dayjs/locale/ja.js';
import * as z from 'zod/mini';
import {
  DATE_FORMAT,
  DATE_SUGGESTION_DAYS,
  DATE_TIME_INPUT_FORMAT,
  DATE_TIME_SUGGESTION_DAYS,
  DISPLAY_DATE_TIME_FORMAT,
  RECENT_SECONDS,
  type Language,
} from '../constants';
import { code, type ValidationCode } from './issues';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

/** An IANA zone such as `Asia/Tokyo`; undefined means the machine's own zone. */
export type TimeZone = string | undefined;

const inZone = (date: Date, timeZone: TimeZone) => (timeZone ? dayjs(date).tz(timeZone) : dayjs(date));

// ---- Date text (SPEC §5: valid only if re-formatting gives identical text) ----

/**
 * True only when `text` parsed with `format` and formatted back is the same text, so
 * `2023-02-29` (rolls over to March) and `2024-1-5` (not zero-padded) are refused.
 * Parsed as UTC so that the answer never depends on the machine's zone or its DST gaps.
 * Years 0–99 are refused: JavaScript dates read them as 1900–1999.
 */
export function isValidDateText(text: string, format = DATE_FORMAT): boolean {
  const parsed = dayjs.utc(text, format);
  return parsed.isValid() && parsed.format(format) === text;
}

/** A date input (`YYYY-MM-DD`, or another format) that must be a real date. */
export const dateTextSchema = (format = DATE_FORMAT) =>
  z.string({ error: code('validation/required') }).check(
    z.minLength(1, code('validation/required')),
    z.refine((text) => isValidDateText(text, format), code('validation/invalid_date')),
  );

/** An instant as stored (ISO-8601 with zone, e.g. `2024-05-01T00:00:00.000Z`), read as a Date. */
export const isoDateTimeSchema = z.pipe(
  z.pipe(
    z.string({ error: code('validation/required') }).check(z.minLength(1, code('validation/required'))),
    z.iso.datetime({ offset: true, error: code('validation/invalid_date') }),
  ),
  z.transform((text) => new Date(text)),
);

/** Reads what the viewer typed (`YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`) in their zone; undefined if not a real date. */
export function parseDateInput(text: string, format: string, timeZone?: TimeZone): Date | undefined {
  if (!isValidDateText(text, format)) return undefined;
  const parsed = timeZone ? dayjs.tz(text, format, timeZone) : dayjs(text, format);
  return parsed.isValid() ? parsed.toDate() : undefined;
}

// ---- Display (SPEC §9 formats, in the viewer's zone) ----

/** `YYYY/MM/DD HH:mm`, the display format. */
export const formatDisplayDateTime = (date: Date, timeZone?: TimeZone): string => inZone(date, timeZone).format(DISPLAY_DATE_TIME_FORMAT);

/** `YYYY-MM-DD`, the date input's value. */
export const formatDateInput = (date: Date, timeZone?: TimeZone): string => inZone(date, timeZone).format(DATE_FORMAT);

/** `YYYY-MM-DDTHH:mm`, the date-time input's value. */
export const formatDateTimeInput = (date: Date, timeZone?: TimeZone): string => inZone(date, timeZone).format(DATE_TIME_INPUT_FORMAT);

/** What an empty date-time input suggests: the same time tomorrow. */
export const suggestDateTime = (now: Date, timeZone?: TimeZone): string =>
  inZone(now, timeZone).add(DATE_TIME_SUGGESTION_DAYS, 'day').format(DATE_TIME_INPUT_FORMAT);

/** What an empty date input suggests: 31 days later. */
export const suggestDate = (now: Date, timeZone?: TimeZone): string =>
  inZone(now, timeZone).add(DATE_SUGGESTION_DAYS, 'day').format(DATE_FORMAT);

export interface PeriodFormat {
  timeZone?: TimeZone;
  /** Show hours and minutes (default) or dates only. */
  withTime?: boolean;
  separator?: string;
}

/**
 * A period such as `2024/03/01 10:00 - 03/31 18:00`: the end shows its year only when it
 * differs from the start's (`2024/12/20 - 2025/01/10`). An open end shows the start only.
 */
export function formatPeriod(start: Date, end: Date | undefined, options: PeriodFormat = {}): string {
  const { timeZone, withTime = true, separator = ' - ' } = options;
  const time = withTime ? ' HH:mm' : '';
  const from = inZone(start, timeZone);
  const head = from.format(`YYYY/MM/DD${time}`);
  if (!end) return `${head}${separator}`;
  const to = inZone(end, timeZone);
  const tail = to.format(`${to.year() === from.year() ? '' : 'YYYY/'}MM/DD${time}`);
  return `${head}${separator}${tail}`;
}

/** "3時間前" / "3 hours ago" (SPEC §9: relative times in Japanese; English for English viewers). */
export const formatRelativeTime = (date: Date, now: Date, language: Language = 'ja'): string =>
  dayjs(date).locale(language).from(dayjs(now));

/** SPEC §9: "recent" means within the past hour (not in the future). */
export function isRecent(date: Date, now: Date): boolean {
  const age = now.getTime() - date.getTime();
  return age >= 0 && age <= RECENT_SECONDS * 1000;
}

/** True when `date` falls on a later calendar day than `now`, both read in `timeZone`. */
export const isAfterToday = (date: Date, now: Date, timeZone?: TimeZone): boolean =>
  inZone(date, timeZone).format(DATE_FORMAT) > inZone(now, timeZone).format(DATE_FORMAT);

// ---- Order rules (SPEC §5). A missing end means an open period and passes. ----

const before = (a: Date, b: Date) => a.getTime() < b.getTime();
const orderRule =
  (failure: ValidationCode) =>
  (start: Date | undefined, end: Date | undefined): ValidationCode | undefined =>
    start && end && !before(start, end) ? failure : undefined;

/** Play (playable period) start strictly before its end. */
export const checkPlayPeriod = orderRule('validation/play_period_order');
/** View (viewable period) start strictly before its end. */
export const checkViewPeriod = orderRule('validation/view_period_order');
/** Publication end strictly after its start. */
export const checkPublicationPeriod = orderRule('validation/publication_period_order');

/** From not after to: a one-day range (from = to) is allowed. */
export const checkDateRange = (from: Date | undefined, to: Date | undefined): ValidationCode | undefined =>
  from && to && before(to, from) ? 'validation/date_range_order' : undefined;

/** The release date lies before now; the instant of the operation itself still counts as released. */
export const checkReleaseDate = (releasedAt: Date, now: Date): ValidationCode | undefined =>
  before(now, releasedAt) ? 'validation/release_date_in_future' : undefined;

/** A scheduled sending time lies strictly after the moment of the operation. */
export const checkSendTime = (sendAt: Date, now: Date): ValidationCode | undefined =>
  before(now, sendAt) ? undefined : 'validation/send_time_in_past';

/** A trial's end lies strictly after now (Stripe refuses a trial that has already ended). */
export const checkTrialEnd = (trialEnd: Date, now: Date): ValidationCode | undefined =>
  before(now, trialEnd) ? undefined : 'validation/trial_end_in_past';

/**
 * An analysis range of `YYYY-MM-DD` dates: real dates, from not after to, and at most
 * `maxDays` calendar days counting both ends (the maximum depends on the plan, so it is passed in).
 */
export function checkAnalysisPeriod(from: string, to: string, maxDays: number): ValidationCode | undefined {
  if (!isValidDateText(from) || !isValidDateText(to)) return 'validation/invalid_date';
  const days = dayjs.utc(to, DATE_FORMAT).diff(dayjs.utc(from, DATE_FORMAT), 'day') + 1;
  if (days < 1) return 'validation/date_range_order';
  return days > maxDays ? 'validation/analysis_period_too_long' : undefined;
}
