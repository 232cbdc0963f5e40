import { describe, expect, it } from 'vitest';
import { dayKey, monthGrid, monthParam, onDay, parseMonthParam } from '../../../web/src/features/member-schedule/month-grid';

describe('the schedule month grid', () => {
  it('is six whole weeks from the Sunday on or before the 1st, within the call range limit', () => {
    const grid = monthGrid(2026, 10); // November 2026: the 1st is a Sunday
    expect(grid.days).toHaveLength(42);
    expect(dayKey(grid.days[0])).toBe('2026-11-01');
    expect(dayKey(grid.days[41])).toBe('2026-12-12');
    expect(grid.days.every((d) => d.getDay() === grid.days.indexOf(d) % 7)).toBe(true);
    const feb = monthGrid(2027, 1); // the 1st is a Monday: the grid starts in January
    expect(dayKey(feb.days[0])).toBe('2027-01-31');
    expect((feb.to.getTime() - feb.from.getTime()) / 86_400_000).toBeLessThan(62);
  });

  it('reads the month from the address, else the current month', () => {
    const now = new Date(2026, 10, 26);
    expect(parseMonthParam('2027-01', now)).toEqual({ year: 2027, monthIndex: 0 });
    expect(parseMonthParam('2027-13', now)).toEqual({ year: 2026, monthIndex: 10 });
    expect(parseMonthParam(null, now)).toEqual({ year: 2026, monthIndex: 10 });
    expect(monthParam(new Date(2026, 11 + 1, 1))).toBe('2027-01');
  });

  it('puts an entry on each local day it touches', () => {
    const e = { start: new Date(2026, 10, 3, 22).toISOString(), end: new Date(2026, 10, 5, 1).toISOString() };
    expect([2, 3, 4, 5, 6].map((d) => onDay(e, new Date(2026, 10, d)))).toEqual([false, true, true, true, false]);
    const instant = { start: new Date(2026, 10, 3, 0).toISOString(), end: new Date(2026, 10, 3, 0).toISOString() };
    expect(onDay(instant, new Date(2026, 10, 3))).toBe(true);
  });
});
