import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupCreateCall, groupGetCall, type GroupRow } from '../../../shared/api/calls/groups';
import * as managersCalls from '../../../shared/api/calls/managers';
import type { ManagedGroup, ManagerRow } from '../../../shared/api/calls/managers';
import { groupMembersCall, memberUpdateCall, type MemberRow } from '../../../shared/api/calls/members';
import { getTeamUser } from '../../../lambdas/core/entities/team-user';
import { isGroupMember } from '../../../lambdas/core/entities/group';
import { call } from '../support/api';
import { newAdmin, newOperator, newPerson, type Person } from './fixtures';

let alpha: Person;
let beta: Person;
let designer: Person;
let groupA: GroupRow;
let groupB: GroupRow;

const createGroup = async (who: Person, name: string) => {
  const res = await call(groupCreateCall, { ...who.ctx, name }, who.token);
  expect(res.status).toBe(200);
  return (res.body as { group: GroupRow }).group;
};
const joinGroups = async (who: Person, groupIds: string[], name = 'Member') => {
  const res = await call(
    memberUpdateCall,
    { ...alpha.ctx, userId: who.userId, name, phone: '', groupIds, disabled: false, expiresAt: null, customFields: {}, notifications: {}, managerOf: {} },
    alpha.token,
  );
  expect(res.status).toBe(200);
};
/** The calls' list of groups from a map of group id to permissions. */
const g = (managerOf: Record<string, string[]>) => Object.entries(managerOf).map(([groupId, permissions]) => ({ groupId, permissions }));
const makeManager = async (who: Person, managerOf: Record<string, string[]>) => {
  const res = await call(managersCalls.groupManagerCreateCall, { ...alpha.ctx, email: who.email, groups: g(managerOf) }, alpha.token);
  expect(res.status).toBe(200);
  return (res.body as { manager: ManagerRow }).manager;
};

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha managers'), newOperator('Beta managers')]);
  designer = await newAdmin(alpha.teamId, ['designer']);
  [groupA, groupB] = [await createGroup(alpha, 'Group A'), await createGroup(alpha, 'Group B')];
});

describe('administrators name group managers', () => {
  it('creates a manager for a group with permissions, lists, reads, edits and removes them', async () => {
    const person = await newPerson(alpha.teamId, { name: 'Future Manager' });
    const created = await makeManager(person, { [groupA.groupId]: ['read', 'edit', 'read'], [groupB.groupId]: [] });
    expect(created).toEqual({ userId: person.userId, name: 'Future Manager', email: person.email, managerOf: { [groupA.groupId]: ['read', 'edit'] } });
    expect((await getTeamUser(alpha.teamId, person.userId))?.roleTab).toBe('manager');

    const list = await call(managersCalls.groupManagerListCall, alpha.ctx, alpha.token);
    expect(list.status).toBe(200);
    expect((list.body as { items: ManagerRow[] }).items.map((m) => m.userId)).toContain(person.userId);
    const got = await call(managersCalls.groupManagerGetCall, { ...alpha.ctx, userId: person.userId }, alpha.token);
    expect(got.status).toBe(200);
    expect((got.body as { manager: ManagerRow }).manager.managerOf).toEqual({ [groupA.groupId]: ['read', 'edit'] });

    const edited = await call(managersCalls.groupManagerUpdateCall, { ...alpha.ctx, userId: person.userId, groups: g({ [groupB.groupId]: ['delete', 'analyst'] }) }, alpha.token);
    expect(edited.status).toBe(200);
    expect((edited.body as { manager: ManagerRow }).manager.managerOf).toEqual({ [groupB.groupId]: ['analyst', 'delete'] });
    expect((await getTeamUser(alpha.teamId, person.userId))?.managerOf).toEqual({ [groupB.groupId]: ['analyst', 'delete'] });

    const removed = await call(managersCalls.groupManagerDeleteCall, { ...alpha.ctx, userId: person.userId }, alpha.token);
    expect(removed.status).toBe(200);
    const after = await getTeamUser(alpha.teamId, person.userId);
    expect(after?.managerOf).toEqual({});
    expect(after?.roleTab).toBe('member');
    const listAfter = await call(managersCalls.groupManagerListCall, alpha.ctx, alpha.token);
    expect((listAfter.body as { items: ManagerRow[] }).items.map((m) => m.userId)).not.toContain(person.userId);
    const none = await call(managersCalls.groupManagerGetCall, { ...alpha.ctx, userId: person.userId }, alpha.token);
    expect(none.status).toBe(200);
    expect((none.body as { manager: ManagerRow }).manager.managerOf).toEqual({});
    // No manager any more: editing or removing them again is 404.
    expect((await call(managersCalls.groupManagerDeleteCall, { ...alpha.ctx, userId: person.userId }, alpha.token)).status).toBe(404);
    expect((await call(managersCalls.groupManagerUpdateCall, { ...alpha.ctx, userId: person.userId, groups: g({ [groupA.groupId]: ['read'] }) }, alpha.token)).status).toBe(404);
    // An administrator is no member: 404.
    expect((await call(managersCalls.groupManagerGetCall, { ...alpha.ctx, userId: designer.userId }, alpha.token)).status).toBe(404);
  });

  it('answers 400 naming the field', async () => {
    const person = await newPerson(alpha.teamId, { name: 'Bad input' });
    const noGroups = await call(managersCalls.groupManagerCreateCall, { ...alpha.ctx, email: person.email, groups: g({ [groupA.groupId]: [] }) }, alpha.token);
    expect(noGroups.status).toBe(400);
    expect(noGroups.body.error?.fields).toEqual({ groups: 'validation/required' });
    const badPermission = await call(managersCalls.groupManagerCreateCall, { ...alpha.ctx, email: person.email, groups: g({ [groupA.groupId]: ['fly'] }) }, alpha.token);
    expect(badPermission.status).toBe(400);
    expect(Object.keys(badPermission.body.error?.fields ?? {})[0]).toMatch(/^groups\./);
    const badEmail = await call(managersCalls.groupManagerCreateCall, { ...alpha.ctx, email: 'not-an-address', groups: g({ [groupA.groupId]: ['read'] }) }, alpha.token);
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error?.fields).toEqual({ email: 'validation/invalid_email' });
    const unknown = await call(managersCalls.groupManagerCreateCall, { ...alpha.ctx, email: 'nobody-here@example.test', groups: g({ [groupA.groupId]: ['read'] }) }, alpha.token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.fields).toEqual({ email: 'common/no_user' });
    // An administrator's address is not a member's.
    const admin = await call(managersCalls.groupManagerCreateCall, { ...alpha.ctx, email: designer.email, groups: g({ [groupA.groupId]: ['read'] }) }, alpha.token);
    expect(admin.body.error?.fields).toEqual({ email: 'common/no_user' });
    const missingGroup = await call(managersCalls.groupManagerCreateCall, { ...alpha.ctx, email: person.email, groups: g({ '01ANYGROUP0000000000000000': ['read'] }) }, alpha.token);
    expect(missingGroup.status).toBe(400);
    expect(missingGroup.body.error?.fields).toEqual({ 'groups.0.groupId': 'validation/invalid_value' });
    await makeManager(person, { [groupA.groupId]: ['read'] });
    const twice = await call(managersCalls.groupManagerCreateCall, { ...alpha.ctx, email: person.email, groups: g({ [groupB.groupId]: ['read'] }) }, alpha.token);
    expect(twice.status).toBe(400);
    expect(twice.body.error?.fields).toEqual({ email: 'auth/email_already_registered' });
    const badUpdate = await call(managersCalls.groupManagerUpdateCall, { ...alpha.ctx, userId: person.userId, groups: g({}) }, alpha.token);
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.error?.fields).toEqual({ groups: 'validation/required' });
    for (const def of [managersCalls.groupManagerGetCall, managersCalls.groupManagerDeleteCall]) {
      const res = await call(def, { ...alpha.ctx, userId: '' }, alpha.token);
      expect(res.status).toBe(400);
      expect(res.body.error?.fields).toEqual({ userId: 'validation/invalid_value' });
    }
    const badLimit = await call(managersCalls.groupManagerListCall, { ...alpha.ctx, limit: 0 }, alpha.token);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error?.fields).toEqual({ limit: 'validation/invalid_value' });
    // Nothing changed on the refused writes.
    expect((await getTeamUser(alpha.teamId, person.userId))?.managerOf).toEqual({ [groupA.groupId]: ['read'] });
  });

  it('refuses administrators without the user manager category, members and managers (403)', async () => {
    const person = await newPerson(alpha.teamId, { name: 'Guarded' });
    const manager = await newPerson(alpha.teamId, { name: 'Guard manager' });
    await makeManager(manager, { [groupA.groupId]: ['analyst', 'create', 'read', 'edit', 'delete'] });
    for (const who of [designer, person, manager]) {
      expect((await call(managersCalls.groupManagerListCall, who.ctx, who.token)).status).toBe(403);
      expect((await call(managersCalls.groupManagerGetCall, { ...who.ctx, userId: manager.userId }, who.token)).status).toBe(403);
      expect((await call(managersCalls.groupManagerCreateCall, { ...who.ctx, email: person.email, groups: g({ [groupA.groupId]: ['read'] }) }, who.token)).status).toBe(403);
      expect((await call(managersCalls.groupManagerUpdateCall, { ...who.ctx, userId: manager.userId, groups: g({ [groupB.groupId]: ['read'] }) }, who.token)).status).toBe(403);
      expect((await call(managersCalls.groupManagerDeleteCall, { ...who.ctx, userId: manager.userId }, who.token)).status).toBe(403);
    }
    expect((await getTeamUser(alpha.teamId, person.userId))?.managerOf).toBeUndefined();
    expect((await getTeamUser(alpha.teamId, manager.userId))?.managerOf).toEqual({ [groupA.groupId]: ['analyst', 'create', 'read', 'edit', 'delete'] });
  });

  it("answers another team's ids with 404 or a field refusal and changes nothing", async () => {
    const manager = await newPerson(alpha.teamId, { name: 'Alpha manager' });
    await makeManager(manager, { [groupA.groupId]: ['read'] });
    expect((await call(managersCalls.groupManagerGetCall, { ...beta.ctx, userId: manager.userId }, beta.token)).status).toBe(404);
    expect((await call(managersCalls.groupManagerUpdateCall, { ...beta.ctx, userId: manager.userId, groups: g({ [groupA.groupId]: ['delete'] }) }, beta.token)).status).toBe(400);
    const betaGroup = await createGroup(beta, 'Beta group');
    expect((await call(managersCalls.groupManagerUpdateCall, { ...beta.ctx, userId: manager.userId, groups: g({ [betaGroup.groupId]: ['delete'] }) }, beta.token)).status).toBe(404);
    expect((await call(managersCalls.groupManagerDeleteCall, { ...beta.ctx, userId: manager.userId }, beta.token)).status).toBe(404);
    const create = await call(managersCalls.groupManagerCreateCall, { ...beta.ctx, email: manager.email, groups: g({ [betaGroup.groupId]: ['read'] }) }, beta.token);
    expect(create.status).toBe(400);
    expect(create.body.error?.fields).toEqual({ email: 'common/no_user' });
    // Naming team A as the operated team is refused outright.
    expect((await call(managersCalls.groupManagerListCall, { ...alpha.ctx }, beta.token)).status).toBe(403);
    const list = await call(managersCalls.groupManagerListCall, beta.ctx, beta.token);
    expect((list.body as { items: ManagerRow[] }).items.map((m) => m.userId)).not.toContain(manager.userId);
    expect((await getTeamUser(alpha.teamId, manager.userId))?.managerOf).toEqual({ [groupA.groupId]: ['read'] });
  });
});

describe('what a manager does in their groups', () => {
  let manager: Person;
  let inA: Person;
  let inB: Person;
  let outsider: Person;
  beforeAll(async () => {
    manager = await newPerson(alpha.teamId, { name: 'Group A manager' });
    inA = await newPerson(alpha.teamId, { name: 'In A' });
    inB = await newPerson(alpha.teamId, { name: 'In B' });
    outsider = await newPerson(alpha.teamId, { name: 'Outsider' });
    await joinGroups(inA, [groupA.groupId], 'In A');
    await joinGroups(inB, [groupB.groupId], 'In B');
    await makeManager(manager, { [groupA.groupId]: ['create', 'read', 'delete'] });
  });

  it('sees only their own groups with their permissions', async () => {
    const res = await call(managersCalls.managedGroupsCall, manager.ctx, manager.token);
    expect(res.status).toBe(200);
    const { groups } = res.body as { groups: ManagedGroup[] };
    expect(groups).toEqual([{ groupId: groupA.groupId, name: 'Group A', memberCount: expect.any(Number), permissions: ['create', 'read', 'delete'] }]);
    const plain = await call(managersCalls.managedGroupsCall, outsider.ctx, outsider.token);
    expect(plain.body).toEqual({ groups: [] });
  });

  it('adds a team member to their group by e-mail, and removes one', async () => {
    const added = await call(managersCalls.groupMemberAddCall, { ...manager.ctx, groupId: groupA.groupId, email: outsider.email.toUpperCase() }, manager.token);
    expect(added.status).toBe(200);
    expect((added.body as { member: MemberRow }).member).toMatchObject({ userId: outsider.userId, groupIds: [groupA.groupId] });
    expect(await isGroupMember(alpha.teamId, groupA.groupId, outsider.userId)).toBe(true);
    const again = await call(managersCalls.groupMemberAddCall, { ...manager.ctx, groupId: groupA.groupId, email: outsider.email }, manager.token);
    expect(again.status).toBe(200);
    const count = ((await call(groupGetCall, { ...alpha.ctx, groupId: groupA.groupId }, alpha.token)).body as { group: GroupRow }).group.memberCount;
    expect(count).toBe(2);
    const members = await call(groupMembersCall, { ...manager.ctx, groupId: groupA.groupId }, manager.token);
    expect((members.body as { items: MemberRow[] }).items.map((m) => m.name).sort()).toEqual(['In A', 'Outsider']);

    const removed = await call(managersCalls.groupMemberRemoveCall, { ...manager.ctx, groupId: groupA.groupId, userId: outsider.userId }, manager.token);
    expect(removed.status).toBe(200);
    expect(await isGroupMember(alpha.teamId, groupA.groupId, outsider.userId)).toBe(false);
    expect((await getTeamUser(alpha.teamId, outsider.userId))?.groupIds).toEqual([]);
    const notIn = await call(managersCalls.groupMemberRemoveCall, { ...manager.ctx, groupId: groupA.groupId, userId: outsider.userId }, manager.token);
    expect(notIn.status).toBe(404);
  });

  it('answers 400 naming the field', async () => {
    const unknown = await call(managersCalls.groupMemberAddCall, { ...manager.ctx, groupId: groupA.groupId, email: 'nobody-at-all@example.test' }, manager.token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.fields).toEqual({ email: 'common/no_user' });
    const badEmail = await call(managersCalls.groupMemberAddCall, { ...manager.ctx, groupId: groupA.groupId, email: '' }, manager.token);
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error?.fields).toEqual({ email: 'validation/required' });
    const badGroup = await call(managersCalls.groupMemberRemoveCall, { ...manager.ctx, groupId: 'not/an id', userId: inA.userId }, manager.token);
    expect(badGroup.status).toBe(400);
    expect(badGroup.body.error?.fields).toEqual({ groupId: 'validation/invalid_value' });
  });

  it("refuses another group's ids, missing permissions and plain members (403), and changes nothing", async () => {
    // Group B is not theirs.
    expect((await call(managersCalls.groupMemberAddCall, { ...manager.ctx, groupId: groupB.groupId, email: outsider.email }, manager.token)).status).toBe(403);
    expect((await call(managersCalls.groupMemberRemoveCall, { ...manager.ctx, groupId: groupB.groupId, userId: inB.userId }, manager.token)).status).toBe(403);
    expect((await call(groupMembersCall, { ...manager.ctx, groupId: groupB.groupId }, manager.token)).status).toBe(403);
    expect(await isGroupMember(alpha.teamId, groupB.groupId, inB.userId)).toBe(true);
    expect(await isGroupMember(alpha.teamId, groupB.groupId, outsider.userId)).toBe(false);
    // A manager with only read on group A may not add or remove.
    const reader = await newPerson(alpha.teamId, { name: 'Reader' });
    await makeManager(reader, { [groupA.groupId]: ['read'] });
    expect((await call(managersCalls.groupMemberAddCall, { ...reader.ctx, groupId: groupA.groupId, email: outsider.email }, reader.token)).status).toBe(403);
    expect((await call(managersCalls.groupMemberRemoveCall, { ...reader.ctx, groupId: groupA.groupId, userId: inA.userId }, reader.token)).status).toBe(403);
    // Plain members and administrators without the user manager category.
    for (const who of [inA, designer]) {
      expect((await call(managersCalls.groupMemberAddCall, { ...who.ctx, groupId: groupA.groupId, email: outsider.email }, who.token)).status).toBe(403);
      expect((await call(managersCalls.groupMemberRemoveCall, { ...who.ctx, groupId: groupA.groupId, userId: inA.userId }, who.token)).status).toBe(403);
    }
    expect(await isGroupMember(alpha.teamId, groupA.groupId, inA.userId)).toBe(true);
  });

  it('loses what was taken from them at once', async () => {
    const former = await newPerson(alpha.teamId, { name: 'Former manager' });
    await makeManager(former, { [groupA.groupId]: ['create'] });
    expect((await call(managersCalls.groupManagerDeleteCall, { ...alpha.ctx, userId: former.userId }, alpha.token)).status).toBe(200);
    expect((await call(managersCalls.groupMemberAddCall, { ...former.ctx, groupId: groupA.groupId, email: outsider.email }, former.token)).status).toBe(403);
    expect((await call(managersCalls.managedGroupsCall, former.ctx, former.token)).body).toEqual({ groups: [] });
  });

  it("answers another team's ids with 404 and changes nothing", async () => {
    // Team B's user manager passes the permission and then finds no such group in team B.
    expect((await call(managersCalls.groupMemberAddCall, { ...beta.ctx, groupId: groupA.groupId, email: outsider.email }, beta.token)).status).toBe(404);
    expect((await call(managersCalls.groupMemberRemoveCall, { ...beta.ctx, groupId: groupA.groupId, userId: inA.userId }, beta.token)).status).toBe(404);
    // Team A's manager naming team B's group: not theirs.
    const betaGroup = await createGroup(beta, 'Beta only');
    expect((await call(managersCalls.groupMemberAddCall, { ...manager.ctx, groupId: betaGroup.groupId, email: outsider.email }, manager.token)).status).toBe(403);
    // Team B's administrator naming team A as the operated team.
    expect((await call(managersCalls.managedGroupsCall, { ...alpha.ctx }, beta.token)).status).toBe(403);
    expect(await isGroupMember(alpha.teamId, groupA.groupId, inA.userId)).toBe(true);
    expect(await isGroupMember(alpha.teamId, groupA.groupId, outsider.userId)).toBe(false);
  });
});
