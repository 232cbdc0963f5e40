import { describe, expect, it } from 'vitest';
import { ANALYSIS_MAX_DAYS, plans } from '../../../shared/constants';
import { analysisPeriodSchema, daysOf, isPeriodRefusal, resolveAnalysisPeriod } from '../../../shared/rules/analytics-period';

const now = new Date('2024-03-15T23:30:00.000Z');

describe('analysis period modes (SPEC §4)', () => {
  it('none: the last 7, 30 or 90 days, today included; 30 when no length is chosen', () => {
    expect(resolveAnalysisPeriod({ mode: 'none', days: 7 }, now, 'basic')).toEqual({ from: '2024-03-09', to: '2024-03-15' });
    expect(resolveAnalysisPeriod({ mode: 'none' }, now, 'basic')).toEqual({ from: '2024-02-15', to: '2024-03-15' });
    expect(daysOf(resolveAnalysisPeriod({ mode: 'none', days: 90 }, now, 'basic') as { from: string; to: string })).toHaveLength(90);
  });

  it('current month runs from the 1st to today; last month is the whole previous month (leap February, year change)', () => {
    expect(resolveAnalysisPeriod({ mode: 'currentMonth' }, now, 'pro')).toEqual({ from: '2024-03-01', to: '2024-03-15' });
    expect(resolveAnalysisPeriod({ mode: 'lastMonth' }, now, 'pro')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(resolveAnalysisPeriod({ mode: 'lastMonth' }, new Date('2025-01-10T00:00:00Z'), 'pro')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
  });

  it('from-to: both ends included, up to the plan maximum (SPEC §5), with the maximum for the message', () => {
    for (const plan of plans) {
      const max = ANALYSIS_MAX_DAYS[plan];
      // Every plan can ask for the longest preset.
      expect(max).toBeGreaterThanOrEqual(90);
      const to = '2024-12-31';
      const fits = new Date(Date.parse(`${to}T00:00:00Z`) - (max - 1) * 86_400_000).toISOString().slice(0, 10);
      const over = new Date(Date.parse(`${to}T00:00:00Z`) - max * 86_400_000).toISOString().slice(0, 10);
      const ok = resolveAnalysisPeriod({ mode: 'fromTo', from: fits, to }, now, plan);
      expect(ok).toEqual({ from: fits, to });
      expect(daysOf(ok as { from: string; to: string })).toHaveLength(max);
      expect(resolveAnalysisPeriod({ mode: 'fromTo', from: over, to }, now, plan)).toEqual({ field: 'to', code: 'validation/analysis_period_too_long', max });
    }
    expect(ANALYSIS_MAX_DAYS.basic).toBeLessThan(ANALYSIS_MAX_DAYS.business);
  });

  it('from-to refusals name the field: missing, not a real date, from after to', () => {
    const refuse = (from?: string, to?: string) => resolveAnalysisPeriod({ mode: 'fromTo', from, to }, now, 'pro');
    expect(refuse(undefined, '2024-01-01')).toEqual({ field: 'from', code: 'validation/required' });
    expect(refuse('2024-01-01', '')).toEqual({ field: 'to', code: 'validation/required' });
    expect(refuse('2023-02-29', '2023-03-01')).toEqual({ field: 'from', code: 'validation/invalid_date' });
    expect(refuse('2024-01-01', '2024-1-5')).toEqual({ field: 'to', code: 'validation/invalid_date' });
    expect(refuse('2024-01-02', '2024-01-01')).toEqual({ field: 'to', code: 'validation/date_range_order' });
    const one = refuse('2024-01-01', '2024-01-01');
    expect(isPeriodRefusal(one)).toBe(false);
  });

  it('the schema takes the four modes and the three lengths only', () => {
    expect(analysisPeriodSchema.safeParse({ mode: 'none', days: 30 }).success).toBe(true);
    expect(analysisPeriodSchema.safeParse({ mode: 'fromTo', from: '2024-01-01', to: '2024-01-31' }).success).toBe(true);
    expect(analysisPeriodSchema.safeParse({ mode: 'week' }).success).toBe(false);
    expect(analysisPeriodSchema.safeParse({ mode: 'none', days: 14 }).success).toBe(false);
    expect(analysisPeriodSchema.safeParse({ mode: 'fromTo', from: '2024-01-01T00:00:00Z' }).success).toBe(false);
  });
});
