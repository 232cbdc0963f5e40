import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkAnalysisPeriod,
  checkDateRange,
  checkPlayPeriod,
  checkPublicationPeriod,
  checkReleaseDate,
  checkSendTime,
  checkTrialEnd,
  checkViewPeriod,
  dateTextSchema,
  isAfterToday,
  isoDateTimeSchema,
  isRecent,
  isValidDateText,
} from '../../../shared/rules/dates';
import {
  formatDateInput,
  formatDateTimeInput,
  formatDisplayDateTime,
  formatPeriod,
  formatRelativeTime,
  formatSince,
  parseDateInput,
  suggestDate,
  suggestDateTime,
  suggestInputValue,
} from '../../../shared/rules/date-display';
import { fieldCodes } from './helpers';

const at = (iso: string) => new Date(iso);
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
/** The Gregorian calendar, written independently of dayjs. */
const isRealDate = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);

describe('isValidDateText (SPEC §5: re-formatting gives identical text)', () => {
  it.each(['2024-02-29', '2000-02-29', '2023-12-31', '2023-01-01', '1999-11-30'])('accepts %s', (text) => {
    expect(isValidDateText(text)).toBe(true);
  });

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2023-04-31',
    '2023-13-01',
    '2023-00-10',
    '2023-01-00',
    '2023-01-32',
    '2023-1-05',
    '2023-01-5',
    '2023/01/05',
    '2023-01-05 ',
    ' 2023-01-05',
    '2023-01-05T00:00',
    '',
    'tomorrow',
    '0050-01-01',
  ])('refuses %j', (text) => {
    expect(isValidDateText(text)).toBe(false);
  });

  it('checks other formats the same way', () => {
    expect(isValidDateText('2024-03-10T23:59', 'YYYY-MM-DDTHH:mm')).toBe(true);
    expect(isValidDateText('2024-03-10T24:00', 'YYYY-MM-DDTHH:mm')).toBe(false);
    expect(isValidDateText('2024-03-10T12:60', 'YYYY-MM-DDTHH:mm')).toBe(false);
    expect(isValidDateText('2024/03/10 09:05', 'YYYY/MM/DD HH:mm')).toBe(true);
    expect(isValidDateText('2024/02/30 09:05', 'YYYY/MM/DD HH:mm')).toBe(false);
  });

  it('accepts exactly the real calendar dates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          expect(isValidDateText(`${pad(y, 4)}-${pad(m)}-${pad(d)}`)).toBe(isRealDate(y, m, d));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('accepts exactly the real date-times in YYYY-MM-DDTHH:mm', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 0, max: 61 }),
        (y, mo, d, h, mi) => {
          const text = `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}`;
          expect(isValidDateText(text, 'YYYY-MM-DDTHH:mm')).toBe(isRealDate(y, mo, d) && h < 24 && mi < 60);
        },
      ),
    );
  });

  it('accepts no text that is not a zero-padded real date', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
        const real = m !== null && isRealDate(Number(m[1]), Number(m[2]), Number(m[3])) && Number(m[1]) >= 100;
        expect(isValidDateText(text)).toBe(real);
      }),
    );
  });
});

describe('date schemas', () => {
  it('dateTextSchema answers required and invalid_date', () => {
    expect(fieldCodes(dateTextSchema(), '2024-02-29')).toEqual({});
    expect(fieldCodes(dateTextSchema(), '')).toEqual({ _: 'validation/required' });
    expect(fieldCodes(dateTextSchema(), '2023-02-29')).toEqual({ _: 'validation/invalid_date' });
  });

  it('isoDateTimeSchema reads stored instants and refuses dates without time or zone', () => {
    expect(isoDateTimeSchema.parse('2024-05-01T00:00:00.000Z').toISOString()).toBe('2024-05-01T00:00:00.000Z');
    expect(isoDateTimeSchema.parse('2024-05-01T09:00:00+09:00').toISOString()).toBe('2024-05-01T00:00:00.000Z');
    expect(fieldCodes(isoDateTimeSchema, '2024-05-01')).toEqual({ _: 'validation/invalid_date' });
    expect(fieldCodes(isoDateTimeSchema, '2024-02-30T00:00:00Z')).toEqual({ _: 'validation/invalid_date' });
    expect(fieldCodes(isoDateTimeSchema, '')).toEqual({ _: 'validation/required' });
  });

  it('parseDateInput reads what the viewer typed in their zone', () => {
    expect(parseDateInput('2024-01-05T10:00', 'YYYY-MM-DDTHH:mm', 'Asia/Tokyo')?.toISOString()).toBe(
      '2024-01-05T01:00:00.000Z',
    );
    expect(parseDateInput('2024-01-05', 'YYYY-MM-DD', 'UTC')?.toISOString()).toBe('2024-01-05T00:00:00.000Z');
    expect(parseDateInput('2024-01-32', 'YYYY-MM-DD', 'UTC')).toBeUndefined();
  });
});

describe('display formats (SPEC §9)', () => {
  const instant = at('2024-12-31T15:04:00Z');

  it('shows YYYY/MM/DD HH:mm in the viewer zone', () => {
    expect(formatDisplayDateTime(instant, 'Asia/Tokyo')).toBe('2025/01/01 00:04');
    expect(formatDisplayDateTime(instant, 'UTC')).toBe('2024/12/31 15:04');
  });

  it('fills date and date-time inputs', () => {
    expect(formatDateInput(instant, 'Asia/Tokyo')).toBe('2025-01-01');
    expect(formatDateTimeInput(instant, 'UTC')).toBe('2024-12-31T15:04');
  });

  it('suggests tomorrow for a date-time and 31 days later for a date', () => {
    const now = at('2024-01-31T10:30:00Z');
    expect(suggestDateTime(now, 'UTC')).toBe('2024-02-01T10:30');
    expect(suggestDate(now, 'UTC')).toBe('2024-03-02');
    expect(suggestDate(at('2024-01-31T20:00:00Z'), 'Asia/Tokyo')).toBe('2024-03-03');
  });

  it('offers an empty input 31 days later (date) or tomorrow on the hour (date-time)', () => {
    expect(suggestInputValue('datetime', at('2024-01-31T10:37:12Z'), 'UTC')).toBe('2024-02-01T10:00');
    expect(suggestInputValue('datetime', at('2024-12-31T23:59:00Z'), 'UTC')).toBe('2025-01-01T23:00');
    // The hour is the viewer's: India is 5:30 ahead, so 10:37 UTC is 16:07 there and suggests 16:00.
    expect(suggestInputValue('datetime', at('2024-01-31T10:37:00Z'), 'Asia/Kolkata')).toBe('2024-02-01T16:00');
    expect(suggestInputValue('date', at('2024-01-31T10:37:00Z'), 'UTC')).toBe('2024-03-02');
  });

  it('shows the end year of a period only when it differs from the start year', () => {
    expect(formatPeriod(at('2024-03-01T10:00:00Z'), at('2024-03-31T18:00:00Z'), { timeZone: 'UTC' })).toBe(
      '2024/03/01 10:00 - 03/31 18:00',
    );
    expect(
      formatPeriod(at('2024-12-20T00:00:00Z'), at('2025-01-10T00:00:00Z'), { timeZone: 'UTC', withTime: false }),
    ).toBe('2024/12/20 - 2025/01/10');
    // In Tokyo the end already falls in the next year.
    expect(
      formatPeriod(at('2024-12-01T00:00:00Z'), at('2024-12-31T15:00:00Z'), { timeZone: 'Asia/Tokyo', withTime: false }),
    ).toBe('2024/12/01 - 2025/01/01');
    expect(formatPeriod(at('2024-03-01T10:00:00Z'), undefined, { timeZone: 'UTC', separator: ' 〜 ' })).toBe(
      '2024/03/01 10:00 〜 ',
    );
  });

  it('writes relative times in Japanese by default and in English on request', () => {
    const now = at('2024-05-01T12:00:00Z');
    expect(formatRelativeTime(at('2024-05-01T09:00:00Z'), now)).toBe('3時間前');
    expect(formatRelativeTime(at('2024-05-01T11:59:50Z'), now)).toBe('数秒前');
    expect(formatRelativeTime(at('2024-04-26T12:00:00Z'), now)).toBe('5日前');
    expect(formatRelativeTime(at('2024-05-01T09:00:00Z'), now, 'en')).toBe('3 hours ago');
  });

  it('says how long ago within a week and falls back to the date after that or in the future', () => {
    const now = at('2024-05-01T12:00:00Z');
    expect(formatSince(at('2024-05-01T11:57:00Z'), now, 'ja', 'UTC')).toBe('3分前');
    expect(formatSince(at('2024-05-01T11:57:00Z'), now, 'en', 'UTC')).toBe('3 minutes ago');
    expect(formatSince(at('2024-04-24T12:00:00Z'), now, 'ja', 'UTC')).toBe('7日前');
    expect(formatSince(at('2024-04-24T11:59:00Z'), now, 'en', 'UTC')).toBe('2024/04/24 11:59');
    // A server clock a few seconds ahead still reads as just now; a real future time shows its date.
    expect(formatSince(at('2024-05-01T12:00:20Z'), now, 'ja', 'UTC')).toBe('数秒前');
    expect(formatSince(at('2024-05-02T09:00:00Z'), now, 'en', 'Asia/Tokyo')).toBe('2024/05/02 18:00');
  });

  it('calls a time recent within the past hour only', () => {
    const now = at('2024-05-01T12:00:00Z');
    expect(isRecent(at('2024-05-01T11:00:00Z'), now)).toBe(true);
    expect(isRecent(at('2024-05-01T10:59:59.999Z'), now)).toBe(false);
    expect(isRecent(now, now)).toBe(true);
    expect(isRecent(at('2024-05-01T12:00:00.001Z'), now)).toBe(false);
  });

  it('compares calendar days in the given zone', () => {
    const now = at('2024-05-01T15:30:00Z'); // 2024-05-02 00:30 in Tokyo
    const date = at('2024-05-01T16:00:00Z');
    expect(isAfterToday(date, now, 'UTC')).toBe(false);
    expect(isAfterToday(at('2024-05-02T00:00:00Z'), now, 'UTC')).toBe(true);
    expect(isAfterToday(date, now, 'Asia/Tokyo')).toBe(false);
    expect(isAfterToday(at('2024-05-02T15:00:00Z'), now, 'Asia/Tokyo')).toBe(true);
  });
});

describe('order rules (SPEC §5 dates)', () => {
  const start = at('2024-05-01T10:00:00Z');
  const justAfter = at('2024-05-01T10:00:00.001Z');
  const justBefore = at('2024-05-01T09:59:59.999Z');

  it.each([
    ['play', checkPlayPeriod, 'validation/play_period_order'],
    ['view', checkViewPeriod, 'validation/view_period_order'],
    ['publication', checkPublicationPeriod, 'validation/publication_period_order'],
  ] as const)('%s period: the end must come strictly after the start', (_, rule, failure) => {
    expect(rule(start, justAfter)).toBeUndefined();
    expect(rule(start, start)).toBe(failure);
    expect(rule(start, justBefore)).toBe(failure);
    expect(rule(start, undefined)).toBeUndefined();
    expect(rule(undefined, start)).toBeUndefined();
  });

  it('from may equal to but not come after it', () => {
    expect(checkDateRange(start, start)).toBeUndefined();
    expect(checkDateRange(start, justAfter)).toBeUndefined();
    expect(checkDateRange(start, justBefore)).toBe('validation/date_range_order');
  });

  it('release date is not after now', () => {
    expect(checkReleaseDate(justBefore, start)).toBeUndefined();
    expect(checkReleaseDate(start, start)).toBeUndefined();
    expect(checkReleaseDate(justAfter, start)).toBe('validation/release_date_in_future');
  });

  it('sending time and trial end come strictly after now', () => {
    expect(checkSendTime(justAfter, start)).toBeUndefined();
    expect(checkSendTime(start, start)).toBe('validation/send_time_in_past');
    expect(checkTrialEnd(justAfter, start)).toBeUndefined();
    expect(checkTrialEnd(start, start)).toBe('validation/trial_end_in_past');
  });

  it('analysis period counts both ends against its maximum', () => {
    expect(checkAnalysisPeriod('2024-01-01', '2024-03-30', 90)).toBeUndefined();
    expect(checkAnalysisPeriod('2024-01-01', '2024-03-31', 90)).toBe('validation/analysis_period_too_long');
    expect(checkAnalysisPeriod('2024-01-01', '2024-01-01', 1)).toBeUndefined();
    expect(checkAnalysisPeriod('2024-01-02', '2024-01-01', 90)).toBe('validation/date_range_order');
    expect(checkAnalysisPeriod('2024-02-30', '2024-03-01', 90)).toBe('validation/invalid_date');
  });
});
