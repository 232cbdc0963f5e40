import { describe, expect, it } from 'vitest';
import { callsByPath } from '../../../shared/api/registry';
import { callRefs } from '../../../web/src/lib/api';
// The modules that reference calls by path (they must not load the zod declarations); importing them records their refs.
import '../../../web/src/features/member-auth/api';
import '../../../web/src/features/member-videos/api';
import '../../../web/src/features/member-videos/catalog-api';

describe('call references by path (web/src/lib/api.ts callRef)', () => {
  it('name a declared call with its own permission', () => {
    expect(callRefs.length).toBeGreaterThan(10);
    for (const ref of callRefs) {
      const declared = callsByPath.get(ref.path);
      expect(declared, `${ref.path} is not a declared call`).toBeDefined();
      expect(ref.permission, ref.path).toBe(declared!.permission);
    }
  });
});
