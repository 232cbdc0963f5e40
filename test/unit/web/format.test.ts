import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate } from '../../../web/src/lib/format';

describe('formatDate', () => {
  it('shows YYYY/MM/DD in the viewer zone (SPEC §9)', () => {
    const local = new Date(2026, 0, 5, 23, 30);
    expect(formatDate(local.toISOString())).toBe('2026/01/05');
  });

  it('shows nothing for an unreadable date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatBytes', () => {
  it('uses the largest whole unit', () => {
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(500 * 1024 ** 2)).toBe('500 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12)).toBe('12 B');
  });
});
