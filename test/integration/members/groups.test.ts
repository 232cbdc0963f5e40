import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import * as groupsCalls from '../../../shared/api/calls/groups';
import type { GroupRow } from '../../../shared/api/calls/groups';
import { memberDeleteCall, memberUpdateCall } from '../../../shared/api/calls/members';
import { call } from '../support/api';
import { newAdmin, newOperator, newPerson, type Person } from './fixtures';

let alpha: Person;
let beta: Person;
beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha'), newOperator('Beta')]);
});

const createGroup = async (who: Person, name: string) => {
  const res = await call(groupsCalls.groupCreateCall, { ...who.ctx, name }, who.token);
  expect(res.status).toBe(200);
  return (res.body as { group: GroupRow }).group;
};
const getGroup = async (who: Person, groupId: string) =>
  ((await call(groupsCalls.groupGetCall, { ...who.ctx, groupId }, who.token)).body as { group: GroupRow }).group;

const memberUpdate = (userId: string, groupIds: string[], name = 'Member') => ({
  userId,
  name,
  phone: '',
  groupIds,
  disabled: false,
  expiresAt: null,
  customFields: {},
  notifications: {},
  managerOf: {},
});

describe('groups', () => {
  it('creates, lists, renames a group and answers it with its count', async () => {
    const group = await createGroup(alpha, 'Premium');
    expect(group).toMatchObject({ name: 'Premium', memberCount: 0 });
    const list = await call(groupsCalls.groupListCall, alpha.ctx, alpha.token);
    expect(list.status).toBe(200);
    expect((list.body as { groups: GroupRow[] }).groups.map((g) => g.groupId)).toContain(group.groupId);
    const renamed = await call(groupsCalls.groupUpdateCall, { ...alpha.ctx, groupId: group.groupId, name: 'Premium 2' }, alpha.token);
    expect(renamed.status).toBe(200);
    expect((await getGroup(alpha, group.groupId)).name).toBe('Premium 2');
  });

  it('requires a group name (400 naming the field)', async () => {
    for (const name of ['', '   ']) {
      const res = await call(groupsCalls.groupCreateCall, { ...alpha.ctx, name }, alpha.token);
      expect(res.status).toBe(400);
      expect(res.body.error?.fields).toEqual({ name: 'validation/required' });
    }
    const group = await createGroup(alpha, 'Named');
    const res = await call(groupsCalls.groupUpdateCall, { ...alpha.ctx, groupId: group.groupId, name: '' }, alpha.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ name: 'validation/required' });
  });

  it('refuses to delete a group with members, and deletes it once empty', async () => {
    const group = await createGroup(alpha, 'Busy');
    const member = await newPerson(alpha.teamId);
    expect((await call(memberUpdateCall, { ...alpha.ctx, ...memberUpdate(member.userId, [group.groupId]) }, alpha.token)).status).toBe(200);
    expect((await getGroup(alpha, group.groupId)).memberCount).toBe(1);

    const refused = await call(groupsCalls.groupDeleteCall, { ...alpha.ctx, groupId: group.groupId }, alpha.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('deletion/group_has_members');
    expect((await getGroup(alpha, group.groupId)).memberCount).toBe(1);

    expect((await call(memberUpdateCall, { ...alpha.ctx, ...memberUpdate(member.userId, []) }, alpha.token)).status).toBe(200);
    expect((await getGroup(alpha, group.groupId)).memberCount).toBe(0);
    const deleted = await call(groupsCalls.groupDeleteCall, { ...alpha.ctx, groupId: group.groupId }, alpha.token);
    expect(deleted.status).toBe(200);
    expect((await call(groupsCalls.groupGetCall, { ...alpha.ctx, groupId: group.groupId }, alpha.token)).status).toBe(404);
  });

  it('deleting a member lowers the counts of their groups in the same write', async () => {
    const [g1, g2] = [await createGroup(alpha, 'G1'), await createGroup(alpha, 'G2')];
    const member = await newPerson(alpha.teamId);
    await call(memberUpdateCall, { ...alpha.ctx, ...memberUpdate(member.userId, [g1.groupId, g2.groupId]) }, alpha.token);
    expect((await getGroup(alpha, g1.groupId)).memberCount).toBe(1);
    const res = await call(memberDeleteCall, { ...alpha.ctx, userIds: [member.userId] }, alpha.token);
    expect(res.status).toBe(200);
    expect((await getGroup(alpha, g1.groupId)).memberCount).toBe(0);
    expect((await getGroup(alpha, g2.groupId)).memberCount).toBe(0);
  });

  it('keeps the member count exact under concurrent adds and removes', async () => {
    const group = await createGroup(alpha, 'Concurrent');
    const members = await Promise.all(Array.from({ length: 8 }, (_, i) => newPerson(alpha.teamId, { name: `C${i}` })));
    const add = await Promise.all(
      members.map((m) => call(memberUpdateCall, { ...alpha.ctx, ...memberUpdate(m.userId, [group.groupId], 'C') }, alpha.token)),
    );
    expect(add.map((r) => r.status)).toEqual(members.map(() => 200));
    expect((await getGroup(alpha, group.groupId)).memberCount).toBe(8);
    // The same member updated twice at once (join) and half of the others leaving, all concurrently.
    const mixed = await Promise.all([
      ...members.slice(0, 4).map((m) => call(memberUpdateCall, { ...alpha.ctx, ...memberUpdate(m.userId, []) }, alpha.token)),
      call(memberUpdateCall, { ...alpha.ctx, ...memberUpdate(members[5].userId, [group.groupId], 'Again') }, alpha.token),
      call(memberUpdateCall, { ...alpha.ctx, ...memberUpdate(members[5].userId, [group.groupId], 'Again 2') }, alpha.token),
    ]);
    expect(mixed.map((r) => r.status)).toEqual(mixed.map(() => 200));
    expect((await getGroup(alpha, group.groupId)).memberCount).toBe(4);
  });

  it('answers 403 to an administrator without userManager and to a member', async () => {
    const designer = await newAdmin(alpha.teamId, ['designer']);
    const member = await newPerson(alpha.teamId);
    for (const who of [designer, member]) {
      const res = await call(groupsCalls.groupCreateCall, { ...who.ctx, name: 'Nope' }, who.token);
      expect(res.status).toBe(403);
      expect(res.body.error?.code).toBe('common/no_operation_authority');
      expect((await call(groupsCalls.groupListCall, who.ctx, who.token)).status).toBe(403);
    }
  });

  it("another team's group ids answer 404 and change nothing", async () => {
    const theirs = await createGroup(beta, 'Beta only');
    expect((await call(groupsCalls.groupGetCall, { ...alpha.ctx, groupId: theirs.groupId }, alpha.token)).status).toBe(404);
    expect((await call(groupsCalls.groupUpdateCall, { ...alpha.ctx, groupId: theirs.groupId, name: 'Hijack' }, alpha.token)).status).toBe(404);
    expect((await call(groupsCalls.groupDeleteCall, { ...alpha.ctx, groupId: theirs.groupId }, alpha.token)).status).toBe(404);
    const list = (await call(groupsCalls.groupListCall, alpha.ctx, alpha.token)).body as { groups: GroupRow[] };
    expect(list.groups.map((g) => g.groupId)).not.toContain(theirs.groupId);
    expect(await getGroup(beta, theirs.groupId)).toMatchObject({ name: 'Beta only', memberCount: 0 });
    // Operating the other team with one's own token is refused before anything is read.
    const forged = await call(groupsCalls.groupListCall, { operatedTeamId: beta.teamId, operatedUserId: alpha.userId }, alpha.token);
    expect(forged.status).toBe(403);
  });

  it('refuses a bad group id (400 naming the field)', async () => {
    const res = await call(groupsCalls.groupGetCall, { ...alpha.ctx, groupId: '../x' }, alpha.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ groupId: 'validation/invalid_value' });
  });
});
