import { describe, expect, it } from 'vitest';
import { visibleEntries } from '../../../web/src/routes/admin/nav-access';

const entries = [
  { key: 'dashboard' },
  { key: 'video', categories: ['contentsManager'] as const },
  { key: 'analytics', categories: ['analyst', 'userManager'] as const },
  { key: 'billing', categories: ['payingManager'] as const },
];

describe('visibleEntries', () => {
  it('shows entries without categories to every administrator', () => {
    expect(visibleEntries(entries, { level: 'normal', categories: [] }).map((e) => e.key)).toEqual(['dashboard']);
  });

  it('shows a normal administrator the entries of the categories they hold', () => {
    const keys = visibleEntries(entries, { level: 'normal', categories: ['userManager'] }).map((e) => e.key);
    expect(keys).toEqual(['dashboard', 'analytics']);
  });

  it('shows a super administrator everything', () => {
    expect(visibleEntries(entries, { level: 'super', categories: [] })).toHaveLength(entries.length);
  });
});
