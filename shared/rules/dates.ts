import * as z from 'zod/mini';
import { DATE_FORMAT, RECENT_SECONDS } from '../constants';
import { code, type ValidationCode } from './issues';

/**
 * Date rules the server checks (SPEC §5). No date library here: every function loads this file, and the
 * display helpers (dayjs, time zones, relative times) live in date-display.ts, which only the web loads.
 */

/** An IANA zone such as `Asia/Tokyo`; undefined means the machine's own zone. */
export type TimeZone = string | undefined;

// ---- Date text (SPEC §5: valid only if re-formatting gives identical text) ----

const TOKENS: Record<string, { digits: number; min: number; max: number }> = {
  YYYY: { digits: 4, min: 100, max: 9999 },
  MM: { digits: 2, min: 1, max: 12 },
  DD: { digits: 2, min: 1, max: 31 },
  HH: { digits: 2, min: 0, max: 23 },
  mm: { digits: 2, min: 0, max: 59 },
  ss: { digits: 2, min: 0, max: 59 },
};
const TOKEN = /YYYY|MM|DD|HH|mm|ss/g;

/**
 * True only when `text` is `format` to the letter with every field zero-padded and in range, and the day exists
 * in its month, so `2023-02-29` and `2024-1-5` are refused. Years 0–99 are refused: JavaScript dates read them as
 * 1900–1999. The formats are SPEC §9's (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`); other characters are literal.
 */
export function isValidDateText(text: string, format = DATE_FORMAT): boolean {
  const fields: Record<string, number> = {};
  let at = 0;
  let last = 0;
  for (const match of format.matchAll(TOKEN)) {
    const literal = format.slice(last, match.index);
    if (text.slice(at, at + literal.length) !== literal) return false;
    at += literal.length;
    const token = TOKENS[match[0]];
    const digits = text.slice(at, at + token.digits);
    if (!/^\d+$/.test(digits) || digits.length !== token.digits) return false;
    const value = Number(digits);
    if (value < token.min || value > token.max) return false;
    fields[match[0]] = value;
    at += token.digits;
    last = match.index + match[0].length;
  }
  if (text.slice(at) !== format.slice(last)) return false;
  const { YYYY: year, MM: month, DD: day } = fields;
  if (day !== undefined && year !== undefined && month !== undefined) return day <= daysInMonth(year, month);
  return true;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

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

/** SPEC §9: "recent" means within the past hour (not in the future). */
export function isRecent(date: Date, now: Date): boolean {
  const age = now.getTime() - date.getTime();
  return age >= 0 && age <= RECENT_SECONDS * 1000;
}

/** True when `date` falls on a later calendar day than `now`, both read in `timeZone`. */
export function isAfterToday(date: Date, now: Date, timeZone?: TimeZone): boolean {
  // en-CA writes YYYY-MM-DD, so the two days compare as text.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return day.format(date) > day.format(now);
}

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
  const utcDay = (text: string) => Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)));
  const days = Math.round((utcDay(to) - utcDay(from)) / 86_400_000) + 1;
  if (days < 1) return 'validation/date_range_order';
  return days > maxDays ? 'validation/analysis_period_too_long' : undefined;
}
