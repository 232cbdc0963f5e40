import { describe, expect, it } from 'vitest';
import { managerOfFrom, normalizeManagerOf } from '../../../lambdas/members/managers';
import { roleTabFor } from '../../../lambdas/members/members';

describe('group managers (SPEC §6)', () => {
  it('stores each group with its permissions in table order, without repeats or empty groups', () => {
    expect(normalizeManagerOf({ g1: ['delete', 'read', 'read'], g2: [] })).toEqual({ g1: ['read', 'delete'] });
    expect(normalizeManagerOf({})).toEqual({});
  });

  it('turns the calls’ list into the stored map, merging a group named twice', () => {
    expect(
      managerOfFrom([
        { groupId: 'g1', permissions: ['edit'] },
        { groupId: 'g2', permissions: [] },
        { groupId: 'g1', permissions: ['analyst', 'edit'] },
      ]),
    ).toEqual({ g1: ['analyst', 'edit'] });
  });

  it('puts a member with any managed group on the manager tab, and back when none is left', () => {
    expect(roleTabFor({ managerOf: managerOfFrom([{ groupId: 'g1', permissions: ['read'] }]) })).toBe('manager');
    expect(roleTabFor({ managerOf: managerOfFrom([{ groupId: 'g1', permissions: [] }]), paymentCustomerId: 'cus_1' })).toBe('customer');
  });
});
