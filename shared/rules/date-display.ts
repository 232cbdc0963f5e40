import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import 'dayjs/locale/ja.js';
import {
  DATE_FORMAT,
  DATE_SUGGESTION_DAYS,
  DATE_TIME_INPUT_FORMAT,
  DATE_TIME_SUGGESTION_DAYS,
  DISPLAY_DATE_TIME_FORMAT,
  type Language,
} from '../constants';
import { isValidDateText, type TimeZone } from './dates';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

/** Dates as the viewer reads and types them (SPEC §9 formats, in the viewer's zone), with dayjs: the web's; the server's rules are in dates.ts. */
const inZone = (date: Date, timeZone: TimeZone) => (timeZone ? dayjs(date).tz(timeZone) : dayjs(date));

// ---- Input ----

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

/**
 * The value an empty input offers (SPEC §9 suggestions): a date 31 days later, or a date-time tomorrow on the hour
 * (`10:37` suggests `10:00` the next day, a time people type rather than the minute the form was opened).
 */
export const suggestInputValue = (kind: 'date' | 'datetime', now: Date, timeZone?: TimeZone): string =>
  kind === 'date' ? suggestDate(now, timeZone) : suggestDateTime(inZone(now, timeZone).startOf('hour').toDate(), timeZone);

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

/** How long "how long ago" reads better than a date: past a week, the date itself is clearer than "2か月前". */
export const RELATIVE_TIME_MAX_DAYS = 7;
/** A clock a little ahead of the viewer's (the server's) still reads as "just now", not as a future date. */
const CLOCK_SKEW_MS = 60_000;

/**
 * When something happened, as people read it in a feed (comments, chat, notices): "3分前" / "3 minutes ago" within
 * RELATIVE_TIME_MAX_DAYS, the display format (`YYYY/MM/DD HH:mm`) when older or in the future.
 */
export function formatSince(date: Date, now: Date, language: Language = 'ja', timeZone?: TimeZone): string {
  const age = now.getTime() - date.getTime();
  if (age < -CLOCK_SKEW_MS || age > RELATIVE_TIME_MAX_DAYS * 86_400_000) return formatDisplayDateTime(date, timeZone);
  return formatRelativeTime(age < 0 ? now : date, now, language);
}

