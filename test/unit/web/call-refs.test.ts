import { describe, expect, it } from 'vitest';
import { callsByPath } from '../../../shared/api/registry';
import type { getMemberContextCall } from '../../../shared/api/calls/auth';
import { callRef, callRefs } from '../../../web/src/lib/api';
// The modules that reference calls by path (they must not load the zod declarations); importing them records their refs.
import '../../../web/src/features/member-auth/api';
import '../../../web/src/features/member-contents/api';
import '../../../web/src/features/member-videos/api';
import '../../../web/src/features/member-videos/catalog-api';
import '../../../web/src/features/player/api';
import '../../../web/src/features/member-auth/federation-api';
import '../../../web/src/lib/member-context';

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

/** Checked by tsc (web/tsconfig.json includes this file), never run: each line must fail to compile. */
export function callRefTypeChecks() {
  // @ts-expect-error a path with a typo is not the declared call's literal path
  callRef<typeof getMemberContextCall>('/auth/member_contxt', 'member');
  // @ts-expect-error nor is another call's path
  callRef<typeof getMemberContextCall>('/auth/member_login', 'member');
  // @ts-expect-error the permission must be the declared one
  callRef<typeof getMemberContextCall>('/auth/member_context', 'public');
}
