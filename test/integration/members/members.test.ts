import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupCreateCall, type GroupRow } from '../../../shared/api/calls/groups';
import * as membersCalls from '../../../shared/api/calls/members';
import type { MemberDetail, MemberRow } from '../../../shared/api/calls/members';
import { findIdentity } from '../../../lambdas/platform/identity';
import { getTeamUser } from '../../../lambdas/core/entities/team-user';
import { call } from '../support/api';
import { memberLoginCall } from '../../../shared/api/calls/auth';
import { newAdmin, newOperator, newPerson, type Person } from './fixtures';

let alpha: Person;
let beta: Person;
beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha'), newOperator('Beta')]);
});

type Page = { items: MemberRow[]; nextCursor?: string };
const list = async (who: Person, input: Record<string, unknown> = {}) => {
  const res = await call(membersCalls.memberListCall, { ...who.ctx, ...input }, who.token);
  expect(res.status).toBe(200);
  return res.body as Page;
};
const edit = (userId: string, over: Record<string, unknown> = {}) => ({
  userId,
  name: 'Edited',
  phone: '',
  groupIds: [],
  disabled: false,
  expiresAt: null,
  customFields: {},
  notifications: {},
  managerOf: {},
  ...over,
});

describe('member list', () => {
  let team: Person;
  beforeAll(async () => {
    team = await newOperator('Listing');
    // Created one after another so the join order is known.
    for (const name of ['山田 太郎', 'Suzuki Ichiro', 'タナカ ハナコ', 'Abe Yuki', 'Zeta Person']) {
      await newPerson(team.teamId, { name, createdAt: new Date().toISOString() });
    }
  });

  it('pages newest first with an opaque cursor, one page at a time', async () => {
    const first = await list(team, { limit: 2 });
    expect(first.items.map((m) => m.name)).toEqual(['Zeta Person', 'Abe Yuki']);
    expect(first.nextCursor).toBeTruthy();
    const second = await list(team, { limit: 2, cursor: first.nextCursor });
    expect(second.items.map((m) => m.name)).toEqual(['タナカ ハナコ', 'Suzuki Ichiro']);
    const third = await list(team, { limit: 2, cursor: second.nextCursor });
    expect(third.items.map((m) => m.name)).toEqual(['山田 太郎']);
  });

  it('sorts by join date ascending and by name', async () => {
    expect((await list(team, { order: 'asc', limit: 1 })).items[0].name).toBe('山田 太郎');
    const byName = await list(team, { sort: 'name', order: 'asc' });
    expect(byName.items.map((m) => m.name)).toEqual(['Abe Yuki', 'Suzuki Ichiro', 'Zeta Person', 'タナカ ハナコ', '山田 太郎']);
  });

  it('searches name prefixes, a word of the name, e-mail, and kana in either script', async () => {
    expect((await list(team, { search: 'suz' })).items.map((m) => m.name)).toEqual(['Suzuki Ichiro']);
    expect((await list(team, { search: 'ichiro' })).items.map((m) => m.name)).toEqual(['Suzuki Ichiro']);
    expect((await list(team, { search: '太郎' })).items.map((m) => m.name)).toEqual(['山田 太郎']);
    expect((await list(team, { search: 'たなか' })).items.map((m) => m.name)).toEqual(['タナカ ハナコ']);
    expect((await list(team, { search: 'ＡＢＥ' })).items.map((m) => m.name)).toEqual(['Abe Yuki']);
    const byMail = await list(team, { search: 'member-' });
    expect(byMail.items).toHaveLength(5);
  });

  it('keeps the tabs apart: a manager moves to the manager tab, administrators are in none', async () => {
    const g = (await call(groupCreateCall, { ...team.ctx, name: 'Managed' }, team.token)).body as { group: GroupRow };
    const boss = await newPerson(team.teamId, { name: 'Boss Manager' });
    const res = await call(membersCalls.memberUpdateCall, { ...team.ctx, ...edit(boss.userId, { name: 'Boss Manager', managerOf: { [g.group.groupId]: ['read'] } }) }, team.token);
    expect(res.status).toBe(200);
    expect((await list(team, { tab: 'manager' })).items.map((m) => m.name)).toEqual(['Boss Manager']);
    expect((await list(team, { search: 'boss' })).items).toEqual([]);
    expect((await list(team, { tab: 'manager', search: 'boss' })).items.map((m) => m.tab)).toEqual(['manager']);
    const all = await list(team, { limit: 100 });
    expect(all.items.map((m) => m.userId)).not.toContain(team.userId);
  });

  it('refuses bad input and a cursor of another list (400 naming the field)', async () => {
    const bad = await call(membersCalls.memberListCall, { ...team.ctx, tab: 'owner', limit: 1000 }, team.token);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error?.fields ?? {}).sort()).toEqual(['limit', 'tab']);
    const page = await list(team, { limit: 1 });
    const otherTeam = await call(membersCalls.memberListCall, { ...alpha.ctx, cursor: page.nextCursor }, alpha.token);
    expect(otherTeam.status).toBe(400);
    expect(otherTeam.body.error?.fields).toEqual({ cursor: 'validation/invalid_value' });
    const byName = await call(membersCalls.memberListCall, { ...team.ctx, sort: 'name', cursor: page.nextCursor }, team.token);
    expect(byName.status).toBe(400);
  });
});

describe('member edit, disable, delete', () => {
  it('reads and edits a member: name, phone, groups, disabled, expiration, notifications', async () => {
    const member = await newPerson(alpha.teamId, { name: 'Before' });
    const g = ((await call(groupCreateCall, { ...alpha.ctx, name: 'Edit group' }, alpha.token)).body as { group: GroupRow }).group;
    const res = await call(
      membersCalls.memberUpdateCall,
      {
        ...alpha.ctx,
        ...edit(member.userId, {
          name: 'After',
          phone: '090-1234-5678',
          groupIds: [g.groupId],
          disabled: true,
          expiresAt: '2030-01-31T14:59:59.000Z',
          notifications: { videoCommented: true, registered: false },
        }),
      },
      alpha.token,
    );
    expect(res.status).toBe(200);
    const got = await call(membersCalls.memberGetCall, { ...alpha.ctx, userId: member.userId }, alpha.token);
    expect((got.body as { member: MemberDetail }).member).toMatchObject({
      name: 'After',
      phone: '090-1234-5678',
      groupIds: [g.groupId],
      disabled: true,
      expiresAt: '2030-01-31T14:59:59.000Z',
      notifications: { videoCommented: true, registered: false },
      tab: 'member',
    });
    expect((await list(alpha, { search: 'after' })).items.map((m) => m.userId)).toContain(member.userId);
    expect((await list(alpha, { search: 'before' })).items.map((m) => m.userId)).not.toContain(member.userId);
  });

  it('asks a member for a new password at the next login, and shows their payment customer id (SPEC §3)', async () => {
    const member = await newPerson(alpha.teamId, { name: 'Prompted', paymentCustomerId: 'cus_Prompted1' });
    const before = (await call(membersCalls.memberGetCall, { ...alpha.ctx, userId: member.userId }, alpha.token)).body as { member: MemberDetail };
    expect(before.member).toMatchObject({ mustChangePassword: false, paymentCustomerId: 'cus_Prompted1' });
    expect((await call(membersCalls.memberUpdateCall, { ...alpha.ctx, ...edit(member.userId, { name: 'Prompted', mustChangePassword: true }) }, alpha.token)).status).toBe(200);
    const login = await call(memberLoginCall, { teamId: alpha.teamId }, member.token);
    expect(login.body).toEqual({ outcome: 'changePassword' });
    // An edit that does not name the prompt leaves it as it is.
    expect((await call(membersCalls.memberUpdateCall, { ...alpha.ctx, ...edit(member.userId, { name: 'Prompted again' }) }, alpha.token)).status).toBe(200);
    expect((await getTeamUser(alpha.teamId, member.userId, true))?.mustChangePassword).toBe(true);
    const bad = await call(membersCalls.memberUpdateCall, { ...alpha.ctx, ...edit(member.userId, { mustChangePassword: 'yes' }) }, alpha.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ mustChangePassword: 'validation/invalid_value' });
  });

  it('answers 400 naming the field for a bad edit, and for a group that does not exist', async () => {
    const member = await newPerson(alpha.teamId);
    const bad = await call(membersCalls.memberUpdateCall, { ...alpha.ctx, ...edit(member.userId, { name: '', phone: 'abc', expiresAt: '2030-02-30' }) }, alpha.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ name: 'validation/required', phone: 'validation/invalid_phone', expiresAt: 'validation/invalid_date' });
    const noGroup = await call(membersCalls.memberUpdateCall, { ...alpha.ctx, ...edit(member.userId, { groupIds: ['01NOSUCHGROUP0000000000000'] }) }, alpha.token);
    expect(noGroup.status).toBe(400);
    expect(noGroup.body.error?.fields).toEqual({ groupIds: 'validation/invalid_value' });
  });

  it('disables and enables a member in this team only; a disabled member is refused by the API', async () => {
    const member = await newPerson(alpha.teamId);
    const off = await call(membersCalls.memberSetDisabledCall, { ...alpha.ctx, userId: member.userId, disabled: true }, alpha.token);
    expect(off.status).toBe(200);
    expect((off.body as { member: MemberRow }).member.disabled).toBe(true);
    expect((await call(membersCalls.groupMembersCall, { ...member.ctx, groupId: '01ANYGROUP0000000000000000' }, member.token)).status).toBe(403);
    const on = await call(membersCalls.memberSetDisabledCall, { ...alpha.ctx, userId: member.userId, disabled: false }, alpha.token);
    expect((on.body as { member: MemberRow }).member.disabled).toBe(false);
  });

  it('deletes one member: record, identity link and Cognito identity when in no other team', async () => {
    const member = await newPerson(alpha.teamId);
    const res = await call(membersCalls.memberDeleteCall, { ...alpha.ctx, userIds: [member.userId] }, alpha.token);
    expect(res.status).toBe(200);
    expect(await getTeamUser(alpha.teamId, member.userId, true)).toBeUndefined();
    expect(await findIdentity(member.email)).toBeUndefined();
  });

  it('keeps the Cognito identity of a person who is in another team', async () => {
    const member = await newPerson(alpha.teamId);
    const { transact } = await import('../../../lambdas/platform/db');
    const { putTeamUserOps } = await import('../../../lambdas/core/entities/team-user');
    await transact(
      putTeamUserOps({ teamId: beta.teamId, userId: member.userId, email: member.email, name: 'Also beta', role: 'member', categories: [], disabled: false, createdAt: new Date().toISOString() }),
    );
    expect((await call(membersCalls.memberDeleteCall, { ...alpha.ctx, userIds: [member.userId] }, alpha.token)).status).toBe(200);
    expect(await findIdentity(member.email)).toBe(member.userId);
    expect(await getTeamUser(beta.teamId, member.userId)).toBeDefined();
  });

  it('bulk delete needs the typed count', async () => {
    const [a, b] = await Promise.all([newPerson(alpha.teamId), newPerson(alpha.teamId)]);
    for (const typedCount of [undefined, '3', 'two']) {
      const res = await call(membersCalls.memberDeleteCall, { ...alpha.ctx, userIds: [a.userId, b.userId], typedCount }, alpha.token);
      expect(res.status).toBe(400);
      expect(res.body.error?.fields).toEqual({ typedCount: 'validation/typed_count_mismatch' });
    }
    expect(await getTeamUser(alpha.teamId, a.userId)).toBeDefined();
    const ok = await call(membersCalls.memberDeleteCall, { ...alpha.ctx, userIds: [a.userId, b.userId], typedCount: '２' }, alpha.token);
    expect(ok.status).toBe(200);
    expect((ok.body as { deleted: number }).deleted).toBe(2);
  });

  it('answers 403 to an administrator without userManager and to a member', async () => {
    const analyst = await newAdmin(alpha.teamId, ['analyst', 'siteManager']);
    const member = await newPerson(alpha.teamId);
    for (const who of [analyst, member]) {
      for (const [def, input] of [
        [membersCalls.memberListCall, {}],
        [membersCalls.memberGetCall, { userId: member.userId }],
        [membersCalls.memberUpdateCall, edit(member.userId)],
        [membersCalls.memberSetDisabledCall, { userId: member.userId, disabled: true }],
        [membersCalls.memberDeleteCall, { userIds: [member.userId] }],
      ] as const) {
        const res = await call(def, { ...who.ctx, ...input }, who.token);
        expect(res.status, def.path).toBe(403);
      }
    }
    expect((await getTeamUser(alpha.teamId, member.userId))?.disabled).toBe(false);
  });

  it("another team's member ids answer 404 and nothing changes; administrators are not members", async () => {
    const theirs = await newPerson(beta.teamId, { name: 'Beta member' });
    for (const [def, input] of [
      [membersCalls.memberGetCall, { userId: theirs.userId }],
      [membersCalls.memberUpdateCall, edit(theirs.userId)],
      [membersCalls.memberSetDisabledCall, { userId: theirs.userId, disabled: true }],
      [membersCalls.memberDeleteCall, { userIds: [theirs.userId] }],
      [membersCalls.memberGetCall, { userId: alpha.userId }],
    ] as const) {
      const res = await call(def, { ...alpha.ctx, ...input }, alpha.token);
      expect(res.status, def.path).toBe(404);
      expect(res.body.error?.code).toBe('common/no_user');
    }
    expect(await getTeamUser(beta.teamId, theirs.userId)).toMatchObject({ name: 'Beta member', disabled: false });
  });
});

describe('group managers', () => {
  let group: GroupRow;
  let other: GroupRow;
  let manager: Person;
  let inGroup: Person;
  beforeAll(async () => {
    group = ((await call(groupCreateCall, { ...alpha.ctx, name: 'Managed group' }, alpha.token)).body as { group: GroupRow }).group;
    other = ((await call(groupCreateCall, { ...alpha.ctx, name: 'Other group' }, alpha.token)).body as { group: GroupRow }).group;
    inGroup = await newPerson(alpha.teamId, { name: 'In group' });
    await call(membersCalls.memberUpdateCall, { ...alpha.ctx, ...edit(inGroup.userId, { name: 'In group', groupIds: [group.groupId] }) }, alpha.token);
    manager = await newPerson(alpha.teamId, { name: 'Manager' });
    await call(
      membersCalls.memberUpdateCall,
      { ...alpha.ctx, ...edit(manager.userId, { name: 'Manager', managerOf: { [group.groupId]: ['read', 'edit'], [other.groupId]: ['analyst'] } }) },
      alpha.token,
    );
  });

  it('a manager with read lists the members of their group', async () => {
    const res = await call(membersCalls.groupMembersCall, { ...manager.ctx, groupId: group.groupId }, manager.token);
    expect(res.status).toBe(200);
    expect((res.body as Page).items.map((m) => m.name)).toEqual(['In group']);
  });

  it('a manager with edit edits a member of their group, and no one outside it', async () => {
    const res = await call(membersCalls.groupMemberUpdateCall, { ...manager.ctx, groupId: group.groupId, userId: inGroup.userId, name: 'Renamed by manager' }, manager.token);
    expect(res.status).toBe(200);
    expect((await getTeamUser(alpha.teamId, inGroup.userId))?.name).toBe('Renamed by manager');
    const outsider = await newPerson(alpha.teamId, { name: 'Outsider' });
    const refused = await call(membersCalls.groupMemberUpdateCall, { ...manager.ctx, groupId: group.groupId, userId: outsider.userId, name: 'X' }, manager.token);
    expect(refused.status).toBe(404);
    expect((await getTeamUser(alpha.teamId, outsider.userId))?.name).toBe('Outsider');
  });

  it('refuses a group the manager lacks the permission on, and plain members (403)', async () => {
    expect((await call(membersCalls.groupMembersCall, { ...manager.ctx, groupId: other.groupId }, manager.token)).status).toBe(403);
    expect((await call(membersCalls.groupMemberUpdateCall, { ...manager.ctx, groupId: other.groupId, userId: inGroup.userId, name: 'X' }, manager.token)).status).toBe(403);
    expect((await call(membersCalls.groupMembersCall, { ...inGroup.ctx, groupId: group.groupId }, inGroup.token)).status).toBe(403);
  });

  it('user managers read any group; bad input is 400; another team answers 403/404', async () => {
    expect((await call(membersCalls.groupMembersCall, { ...alpha.ctx, groupId: group.groupId }, alpha.token)).status).toBe(200);
    const bad = await call(membersCalls.groupMembersCall, { ...alpha.ctx, groupId: '' }, alpha.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ groupId: 'validation/invalid_value' });
    expect((await call(membersCalls.groupMembersCall, { ...beta.ctx, groupId: group.groupId }, beta.token)).status).toBe(404);
    const res = await call(membersCalls.groupMemberUpdateCall, { ...beta.ctx, groupId: group.groupId, userId: inGroup.userId, name: 'Beta' }, beta.token);
    expect(res.status).toBe(404);
    expect((await getTeamUser(alpha.teamId, inGroup.userId))?.name).not.toBe('Beta');
  });
});
