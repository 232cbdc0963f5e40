/** A month as the calendar shows it, in the viewer's time zone: whole weeks from Sunday, always six (42 days). */
export interface MonthGrid {
  /** The first day of the month (local midnight). */
  month: Date;
  /** The grid's days, local midnights. */
  days: Date[];
  /** From the first day's midnight to the last day's end: the range the page asks for. */
  from: Date;
  to: Date;
}

const GRID_DAYS = 42;

export function monthGrid(year: number, monthIndex: number): MonthGrid {
  const month = new Date(year, monthIndex, 1);
  const first = new Date(year, monthIndex, 1 - month.getDay());
  const days = Array.from({ length: GRID_DAYS }, (_, i) => new Date(first.getFullYear(), first.getMonth(), first.getDate() + i));
  const last = days[GRID_DAYS - 1];
  return { month, days, from: days[0], to: new Date(last.getFullYear(), last.getMonth(), last.getDate(), 23, 59, 59, 999) };
}

/** `YYYY-MM` of a month, as the page's address keeps it. */
export const monthParam = (d: Date): string => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;

/** The month named by `YYYY-MM`, or the current month when the text names none. */
export function parseMonthParam(text: string | null, now: Date): { year: number; monthIndex: number } {
  const m = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  const monthIndex = m ? Number(m[2]) - 1 : -1;
  if (!m || monthIndex < 0 || monthIndex > 11) return { year: now.getFullYear(), monthIndex: now.getMonth() };
  return { year: Number(m[1]), monthIndex };
}

export const sameDay = (a: Date, b: Date): boolean => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** Local `YYYY-MM-DD` of a day, a stable key and test id. */
export const dayKey = (d: Date): string => `${monthParam(d)}-${String(d.getDate()).padStart(2, '0')}`;

/** Whether an entry from `start` to `end` touches the local day `day` (an event held over days shows on each). */
export function onDay(entry: { start: string; end: string }, day: Date): boolean {
  const dayStart = day.getTime();
  const dayEnd = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1).getTime();
  const start = Date.parse(entry.start);
  const end = Date.parse(entry.end);
  return start < dayEnd && (end > dayStart || start >= dayStart);
}
