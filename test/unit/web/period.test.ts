import { describe, expect, it } from 'vitest';
import { formatIsoPeriod } from '../../../web/src/lib/period';

describe('formatIsoPeriod (SPEC §9 period display)', () => {
  it('repeats the year at the end only when it differs, with the language separator', () => {
    expect(formatIsoPeriod('2024-03-01T10:00:00Z', '2024-03-31T18:00:00Z', ' 〜 ', { timeZone: 'UTC' })).toBe('2024/03/01 10:00 〜 03/31 18:00');
    expect(formatIsoPeriod('2024-12-20T00:00:00Z', '2025-01-10T00:00:00Z', ' – ', { timeZone: 'UTC', withTime: false })).toBe('2024/12/20 – 2025/01/10');
  });

  it('shows the start only for an end that is missing or not a date, and nothing for a start that is not a date', () => {
    expect(formatIsoPeriod('2024-03-01T10:00:00Z', undefined, ' – ', { timeZone: 'UTC' })).toBe('2024/03/01 10:00 – ');
    expect(formatIsoPeriod('2024-03-01T10:00:00Z', 'soon', ' – ', { timeZone: 'UTC', withTime: false })).toBe('2024/03/01 – ');
    expect(formatIsoPeriod('', '2024-03-31T18:00:00Z', ' – ')).toBe('');
  });
});
