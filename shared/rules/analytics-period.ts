import * as z from 'zod/mini';
import {
  ANALYSIS_DEFAULT_DAYS,
  ANALYSIS_MAX_DAYS,
  analysisDayOptions,
  analysisPeriodModes,
  type AnalysisPeriodMode,
  type Plan,
} from '../constants';
import { checkAnalysisPeriod, isValidDateText } from './dates';
import { code, invalidValue, type ValidationCode } from './issues';

/**
 * SPEC §4 analysis period modes, as the analytics pages send them:
 * - `none`: no period chosen, the last `days` days (SPEC §9: 7, 30 or 90), today included;
 * - `currentMonth`: the 1st of this month to today;
 * - `lastMonth`: the whole previous calendar month;
 * - `fromTo`: `from`..`to` (YYYY-MM-DD, both included), at most the plan's ANALYSIS_MAX_DAYS (SPEC §5).
 * Days are UTC calendar days, as the rollups are written.
 */
export interface AnalysisPeriodInput {
  mode: AnalysisPeriodMode;
  days?: (typeof analysisDayOptions)[number];
  from?: string;
  to?: string;
}

export interface ResolvedPeriod {
  from: string;
  to: string;
}

export type PeriodRefusal = { field: 'from' | 'to' | 'days'; code: ValidationCode; max?: number };

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

export const analysisPeriodSchema = z.object(
  {
    mode: z.enum(analysisPeriodModes, invalidValue),
    days: z.optional(z.literal([...analysisDayOptions], invalidValue)),
    from: z.optional(z.string(invalidValue).check(z.maxLength(10, code('validation/invalid_date')))),
    to: z.optional(z.string(invalidValue).check(z.maxLength(10, code('validation/invalid_date')))),
  },
  invalidValue,
);

/** The maximum range a plan may ask for (SPEC §5). */
export const analysisMaxDays = (plan: Plan): number => ANALYSIS_MAX_DAYS[plan];

/** The days of a period as `YYYY-MM-DD` texts, oldest first. */
export function daysOf(period: ResolvedPeriod): string[] {
  const out: string[] = [];
  const end = Date.parse(`${period.to}T00:00:00.000Z`);
  for (let t = Date.parse(`${period.from}T00:00:00.000Z`); t <= end; t += DAY_MS) out.push(dayText(t));
  return out;
}

/** The period a mode stands for on `now`'s UTC day, or why it is refused (per field, with the plan's maximum). */
export function resolveAnalysisPeriod(input: AnalysisPeriodInput, now: Date, plan: Plan): ResolvedPeriod | PeriodRefusal {
  const today = dayText(now.getTime());
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  switch (input.mode) {
    case 'none': {
      const days = input.days ?? ANALYSIS_DEFAULT_DAYS;
      return { from: dayText(now.getTime() - (days - 1) * DAY_MS), to: today };
    }
    case 'currentMonth':
      return { from: dayText(Date.UTC(y, m, 1)), to: today };
    case 'lastMonth':
      return { from: dayText(Date.UTC(y, m - 1, 1)), to: dayText(Date.UTC(y, m, 0)) };
    case 'fromTo': {
      const max = analysisMaxDays(plan);
      if (!input.from) return { field: 'from', code: 'validation/required' };
      if (!input.to) return { field: 'to', code: 'validation/required' };
      if (!isValidDateText(input.from)) return { field: 'from', code: 'validation/invalid_date' };
      if (!isValidDateText(input.to)) return { field: 'to', code: 'validation/invalid_date' };
      const refused = checkAnalysisPeriod(input.from, input.to, max);
      if (refused === 'validation/analysis_period_too_long') return { field: 'to', code: refused, max };
      if (refused) return { field: 'to', code: refused };
      return { from: input.from, to: input.to };
    }
  }
}

export const isPeriodRefusal = (r: ResolvedPeriod | PeriodRefusal): r is PeriodRefusal => 'code' in r;
