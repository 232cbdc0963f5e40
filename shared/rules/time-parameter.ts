import * as z from 'zod/mini';
import { code } from './issues';

/** `1h2m3s`, `2m`, `1h3s`…: each letter at most once, in this order, each with its digits. */
const LETTERS = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;
const HOURS_MINUTES_SECONDS = /^(\d+):(\d{1,2}):(\d{1,2})$/;
const MINUTES_SECONDS = /^(\d+):(\d{1,2})$/;
const SECONDS = /^\d+$/;

const toSeconds = (hours: number, minutes: number, seconds: number): number | undefined => {
  const total = hours * 3600 + minutes * 60 + seconds;
  return Number.isSafeInteger(total) ? total : undefined;
};
const num = (digits: string | undefined): number => (digits ? Number(digits) : 0);

/**
 * SPEC §5 time parameter (a video's start point) in seconds, or undefined when the text is
 * none of the accepted forms. Colon forms keep minutes and seconds below 60, as a clock
 * does, except the leading part; the letter form adds its parts as written (`90m` = 5400).
 * The text is taken as is: callers trim user input first.
 */
export function parseTimeParameter(text: string): number | undefined {
  if (SECONDS.test(text)) return toSeconds(0, 0, Number(text));
  const hms = HOURS_MINUTES_SECONDS.exec(text);
  if (hms) {
    const [h, m, s] = [num(hms[1]), num(hms[2]), num(hms[3])];
    return m < 60 && s < 60 ? toSeconds(h, m, s) : undefined;
  }
  const ms = MINUTES_SECONDS.exec(text);
  if (ms) {
    const [m, s] = [num(ms[1]), num(ms[2])];
    return s < 60 ? toSeconds(0, m, s) : undefined;
  }
  const letters = text === '' ? null : LETTERS.exec(text);
  return letters ? toSeconds(num(letters[1]), num(letters[2]), num(letters[3])) : undefined;
}

/** Form and query input: trimmed text that must parse; the output is the seconds. */
export const timeParameterSchema = z.pipe(
  z.string({ error: code('validation/invalid_time_parameter') }).check(z.trim()),
  z.transform((text, ctx) => {
    const seconds = parseTimeParameter(text);
    if (seconds === undefined) {
      ctx.issues.push({ code: 'custom', message: code('validation/invalid_time_parameter'), input: text });
      return z.NEVER;
    }
    return seconds;
  }),
);
