import type { Page } from '../../../shared/api/page';
import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import * as invitesCalls from '../../../shared/api/calls/invites';
import type { Invite } from '../../../shared/api/calls/invites';
import { createCustomFieldCall } from '../../../shared/api/calls/custom-fields';
import { putGroupOps } from '../../../lambdas/core/entities/group';
import { transact } from '../../../lambdas/platform/db';
import { call } from '../support/api';
import { as, createInvite, inFuture, newOperator, newTeamUser, type Actor } from './helpers';

let alpha: Actor;
let beta: Actor;
let member: Actor;
let designer: Actor;
let userManager: Actor;
const groupId = '01GROUPALPHA00000000000000';

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha'), newOperator('Beta')]);
  [member, designer, userManager] = await Promise.all([
    newTeamUser(alpha.teamId, { kind: 'member' }),
    newTeamUser(alpha.teamId, { kind: 'admin', categories: ['designer'] }),
    newTeamUser(alpha.teamId, { kind: 'admin', categories: ['userManager'] }),
  ]);
  await transact(putGroupOps({ teamId: alpha.teamId, groupId, name: 'Premium', memberCount: 0, createdAt: new Date().toISOString() }));
});

describe('POST /api/invite/create', () => {
  it('creates an invitation with every SPEC §3 field and answers it from get', async () => {
    const field = await call(createCustomFieldCall, as(alpha, { name: 'Company', type: 'text' }), alpha.token);
    const { fieldId } = field.body as { fieldId: string };
    const deadline = inFuture(86_400_000);
    const inviteId = await createInvite(alpha, {
      title: 'Autumn members',
      maxRegistrations: 30,
      deadline,
      validDays: 90,
      groupIds: [groupId],
      approvalRequired: true,
      nameField: 'required',
      phoneField: 'optional',
      customFieldIds: [fieldId],
      prefillFromQuery: true,
      comment: 'Welcome!',
    });
    const res = await call(invitesCalls.getInviteCall, as(alpha, { inviteId }), alpha.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      inviteId,
      kind: 'user',
      title: 'Autumn members',
      maxRegistrations: 30,
      registeredCount: 0,
      pendingCount: 0,
      deadline: new Date(deadline).toISOString(),
      validDays: 90,
      groupIds: [groupId],
      approvalRequired: true,
      phoneField: 'optional',
      customFieldIds: [fieldId],
      prefillFromQuery: true,
      comment: 'Welcome!',
    });
  });

  it('lets an administrator with the user manager category create one', async () => {
    const inviteId = await createInvite(userManager, { title: 'By a user manager' });
    expect(inviteId).toMatch(/^[0-9A-Z]{26}$/);
  });

  it.each([
    ['maxRegistrations', { maxRegistrations: 0 }, 'validation/registrations_not_positive'],
    ['maxRegistrations', { maxRegistrations: -3 }, 'validation/registrations_not_positive'],
    ['deadline', { deadline: '2020-01-01T00:00:00.000Z' }, 'validation/deadline_in_past'],
    ['validUntil', { validUntil: '2020-01-01T00:00:00.000Z' }, 'validation/validity_in_past'],
    ['deadline', { deadline: '2030-02-30T00:00:00Z' }, 'validation/invalid_date'],
    ['validDays', { validDays: 0 }, 'validation/valid_days_not_positive'],
    ['title', { title: '  ' }, 'validation/required'],
    ['groupIds', { groupIds: ['01NOSUCHGROUP0000000000000'] }, 'validation/invalid_value'],
    ['customFieldIds', { customFieldIds: ['01NOSUCHFIELD0000000000000'] }, 'validation/invalid_value'],
    ['categories', { kind: 'admin', categories: [] }, 'validation/required'],
  ])('answers 400 naming %s for %j', async (field, input, codeExpected) => {
    const res = await call(invitesCalls.createInviteCall, as(alpha, { title: 'Bad', maxRegistrations: null, ...input }), alpha.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields?.[field]).toBe(codeExpected);
  });

  it('refuses another team\'s group as one to join', async () => {
    const res = await call(invitesCalls.createInviteCall, as(beta, { title: 'Steal', maxRegistrations: null, groupIds: [groupId] }), beta.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ groupIds: 'validation/invalid_value' });
  });

  it('answers 403 to a member and to an administrator without the user manager category', async () => {
    for (const who of [member, designer]) {
      const res = await call(invitesCalls.createInviteCall, as(who, { title: 'Nope', maxRegistrations: null }), who.token);
      expect(res.status).toBe(403);
      expect(res.body.error?.code).toBe('common/no_operation_authority');
    }
  });

  it('answers 401 without a token', async () => {
    const res = await call(invitesCalls.createInviteCall, as(alpha, { title: 'x', maxRegistrations: null }));
    expect(res.status).toBe(401);
  });
});

describe('POST /api/invite/list', () => {
  it("answers the team's invitations newest first, page by page, and none of another team's", async () => {
    const team = await newOperator('Lister');
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) ids.push(await createInvite(team, { title: `Invite ${i}` }));
    await createInvite(beta, { title: 'Beta only' });
    const first = await call(invitesCalls.listInvitesCall, as(team), team.token);
    expect(first.status).toBe(200);
    const page1 = first.body as Page<Invite>;
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0]!.inviteId).toBe(ids[21]);
    const second = await call(invitesCalls.listInvitesCall, as(team, { cursor: page1.nextCursor }), team.token);
    const page2 = second.body as Page<Invite>;
    expect(page2.items.map((i) => i.inviteId)).toEqual([ids[1], ids[0]]);
    expect(page2.nextCursor).toBeUndefined();
    expect(JSON.stringify([page1, page2])).not.toContain('Beta only');
  });

  it("refuses a cursor that points into another team (400 on the cursor)", async () => {
    for (let i = 0; i < 21; i++) await createInvite(beta, { title: `B${i}` });
    const betaPage = (await call(invitesCalls.listInvitesCall, as(beta), beta.token)).body as Page<Invite>;
    expect(betaPage.nextCursor).toBeDefined();
    const res = await call(invitesCalls.listInvitesCall, as(alpha, { cursor: betaPage.nextCursor }), alpha.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ cursor: 'validation/invalid_value' });
  });

  it('answers 403 to a member and to an administrator without the category', async () => {
    for (const who of [member, designer]) expect((await call(invitesCalls.listInvitesCall, as(who), who.token)).status).toBe(403);
  });
});

describe('POST /api/invite/update', () => {
  it('changes the editable fields, clears optional ones, and keeps the counts and kind', async () => {
    const inviteId = await createInvite(alpha, { title: 'Before', maxRegistrations: 5, deadline: inFuture(3_600_000), comment: 'c' });
    const res = await call(
      invitesCalls.updateInviteCall,
      as(alpha, { inviteId, title: 'After', maxRegistrations: null, approvalRequired: true }),
      alpha.token,
    );
    expect(res.status).toBe(200);
    const invite = (await call(invitesCalls.getInviteCall, as(alpha, { inviteId }), alpha.token)).body as Invite;
    expect(invite).toMatchObject({ title: 'After', maxRegistrations: null, approvalRequired: true, kind: 'user', registeredCount: 0 });
    expect(invite.deadline).toBeUndefined();
    expect(invite.comment).toBeUndefined();
  });

  it('answers 400 naming the field for the SPEC §5 invite rules', async () => {
    const inviteId = await createInvite(alpha);
    const res = await call(
      invitesCalls.updateInviteCall,
      as(alpha, { inviteId, title: 'x', maxRegistrations: 0, deadline: '2001-01-01T00:00:00Z' }),
      alpha.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toMatchObject({
      maxRegistrations: 'validation/registrations_not_positive',
      deadline: 'validation/deadline_in_past',
    });
  });

  it('keeps at least one category on an administrator invitation', async () => {
    const inviteId = await createInvite(alpha, { kind: 'admin', categories: ['designer'] });
    const res = await call(invitesCalls.updateInviteCall, as(alpha, { inviteId, title: 'Admins', maxRegistrations: null, categories: [] }), alpha.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ categories: 'validation/required' });
    expect((await call(invitesCalls.getInviteCall, as(alpha, { inviteId }), alpha.token)).body).toMatchObject({ categories: ['designer'] });
  });

  it("answers 404 for another team's invitation and leaves it unchanged", async () => {
    const inviteId = await createInvite(beta, { title: 'Beta keeps this' });
    const res = await call(invitesCalls.updateInviteCall, as(alpha, { inviteId, title: 'Hijacked', maxRegistrations: null }), alpha.token);
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('invite/not_found');
    const kept = (await call(invitesCalls.getInviteCall, as(beta, { inviteId }), beta.token)).body as Invite;
    expect(kept.title).toBe('Beta keeps this');
  });

  it('answers 403 to a member and to an administrator without the category', async () => {
    const inviteId = await createInvite(alpha, { title: 'Guarded' });
    for (const who of [member, designer]) {
      expect((await call(invitesCalls.updateInviteCall, as(who, { inviteId, title: 'x', maxRegistrations: null }), who.token)).status).toBe(403);
    }
  });
});

describe('POST /api/invite/get and /api/invite/delete', () => {
  it("answers 404 for another team's invitation id", async () => {
    const inviteId = await createInvite(beta, { title: 'Secret' });
    const res = await call(invitesCalls.getInviteCall, as(alpha, { inviteId }), alpha.token);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Secret');
  });

  it('answers 400 for a malformed id', async () => {
    const res = await call(invitesCalls.getInviteCall, as(alpha, { inviteId: '../x' }), alpha.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ inviteId: 'validation/invalid_value' });
  });

  it('deletes an invitation without pending members; it is gone afterwards', async () => {
    const inviteId = await createInvite(alpha, { title: 'Short-lived' });
    expect((await call(invitesCalls.deleteInviteCall, as(alpha, { inviteId }), alpha.token)).status).toBe(200);
    expect((await call(invitesCalls.getInviteCall, as(alpha, { inviteId }), alpha.token)).status).toBe(404);
    expect((await call(invitesCalls.deleteInviteCall, as(alpha, { inviteId }), alpha.token)).status).toBe(404);
  });

  it("does not delete another team's invitation (404) and it still exists", async () => {
    const inviteId = await createInvite(beta, { title: 'Beta stays' });
    expect((await call(invitesCalls.deleteInviteCall, as(alpha, { inviteId }), alpha.token)).status).toBe(404);
    expect((await call(invitesCalls.getInviteCall, as(beta, { inviteId }), beta.token)).status).toBe(200);
  });

  it('answers 403 to a member and to an administrator without the category', async () => {
    const inviteId = await createInvite(alpha, { title: 'Guarded' });
    for (const who of [member, designer]) {
      expect((await call(invitesCalls.getInviteCall, as(who, { inviteId }), who.token)).status).toBe(403);
      expect((await call(invitesCalls.deleteInviteCall, as(who, { inviteId }), who.token)).status).toBe(403);
    }
    expect((await call(invitesCalls.getInviteCall, as(alpha, { inviteId }), alpha.token)).status).toBe(200);
  });
});
