import { describe, expect, it } from 'vitest';
import { callsByPath } from '../../../shared/api/registry';
import { liveFieldsSchema } from '../../../shared/api/calls/lives';

/** Inputs the fuzz suite (test/integration/guards/fuzz.test.ts) found answered 500, each kept here as fixed. */
describe('fuzz findings', () => {
  it('a live without its `fields` is refused, not a crash in the cross-field rule (was 500 on /live/create)', () => {
    const create = callsByPath.get('/live/create');
    expect(create).toBeDefined();
    const body = { title: 'ja', overview: 'ja', thumbnailKey: null, status: 'public' };
    const parsed = create!.input.safeParse(body);
    expect(parsed.success).toBe(false);
    for (const value of [undefined, null, 'x', 1, []]) {
      const fields = liveFieldsSchema.safeParse(value);
      expect(fields.success).toBe(false);
      expect(fields.error?.issues.length).toBeGreaterThan(0);
    }
  });
});
