import '../support/platform-env';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import * as workflowsCalls from '../../../shared/api/calls/workflows';
import type { Workflow } from '../../../shared/api/calls/workflows';
import { joinCall, type JoinResult } from '../../../shared/api/calls/invites';
import { getGroup, isGroupMember, putGroupOps } from '../../../lambdas/core/entities/group';
import { transact } from '../../../lambdas/platform/db';
import { getTeamUser } from '../../../lambdas/core/entities/team-user';
import { hasPendingRuns, listPendingRuns } from '../../../lambdas/mail/workflows/workflow';
import { startWorkflows } from '../../../lambdas/mail/workflows/start-workflows';
import { runJob } from '../../../lambdas/mail/workflows/workflow-job';
import { customMailTemplateCreateCall, type CustomMailTemplate } from '../../../shared/api/calls/mail-templates';
import { advanceScheduler, call, inbox, reactionsSettled, type Answer } from '../support/api';
import { as, createInvite, joinInput, newOperator, newTeamUser, type Actor } from '../invites/helpers';

let alpha: Actor;
let beta: Actor;

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha Flow'), newOperator('Beta Flow')]);
});

async function newGroup(teamId: string, name = 'Graduates'): Promise<string> {
  const groupId = ulid();
  await transact(putGroupOps({ teamId, groupId, name, memberCount: 0, createdAt: new Date().toISOString() }));
  return groupId;
}

const form = (inviteId: string, groupId: string, overrides: Record<string, unknown> = {}) => ({
  title: 'Welcome path',
  eventType: 'welcome',
  waitDays: 1,
  targetIds: [inviteId],
  actions: [{ type: 'joinGroups', groupIds: [groupId] }],
  enabled: true,
  ...overrides,
});

async function create(admin: Actor, input: Record<string, unknown>): Promise<Workflow> {
  const res = await call(workflowsCalls.workflowCreateCall, as(admin, input), admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { workflow: Workflow }).workflow;
}

const get = async (admin: Actor, workflowId: string) => call(workflowsCalls.workflowGetCall, as(admin, { workflowId }), admin.token) as Promise<Answer<{ workflow: Workflow }>>;

const advance = advanceScheduler;

/**
 * The scheduler's clock only moves forward and stays ahead for the whole run, so a wait must be longer than
 * what earlier tests advanced for "not yet" to mean anything: one day more than the clock is ahead.
 */
const waitDaysBeyondClock = async () => Math.ceil((await advance(0)) / 86_400) + 1;

/** Moves the scheduler's clock a minute past a wait of `waitDays` that starts now. */
const advancePast = async (waitDays: number) => advance(waitDays * 86_400 - (await advance(0)) + 60);

async function join(inviteId: string): Promise<string> {
  const res = await call(joinCall, joinInput(inviteId));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The workflow's start is the mail domain's reaction to the welcome.
  await reactionsSettled();
  return (res.body as JoinResult).userId;
}

describe('a workflow on welcome: the wait, then the actions', () => {
  it('adds a member who joined through the invitation to the group once the wait is over', async () => {
    const inviteId = await createInvite(alpha);
    const groupId = await newGroup(alpha.teamId, 'After one day');
    // Other files may have moved the shared scheduler's clock: the wait is a day more than it is ahead.
    const waitDays = await waitDaysBeyondClock();
    await create(alpha, form(inviteId, groupId, { waitDays }));

    const userId = await join(inviteId);
    await advance(3_600);
    expect(await isGroupMember(alpha.teamId, groupId, userId)).toBe(false);

    await advancePast(waitDays);
    expect(await isGroupMember(alpha.teamId, groupId, userId)).toBe(true);
    expect((await getTeamUser(alpha.teamId, userId))?.groupIds).toContain(groupId);
    expect((await getGroup(alpha.teamId, groupId))?.memberCount).toBe(1);
  });

  it('cancels the wait when the workflow is disabled before it is over', async () => {
    const inviteId = await createInvite(alpha);
    const groupId = await newGroup(alpha.teamId, 'Never');
    const waitDays = await waitDaysBeyondClock();
    const workflow = await create(alpha, form(inviteId, groupId, { waitDays }));
    const userId = await join(inviteId);
    expect(await hasPendingRuns(alpha.teamId, workflow.workflowId)).toBe(true);

    const off = await call(workflowsCalls.workflowSetEnabledCall, as(alpha, { workflowId: workflow.workflowId, enabled: false }), alpha.token);
    expect(off.status).toBe(200);
    await advancePast(waitDays);
    expect(await isGroupMember(alpha.teamId, groupId, userId)).toBe(false);
    expect(await hasPendingRuns(alpha.teamId, workflow.workflowId)).toBe(false);
  });

  it('sends the template and joins the group once, however often the job runs', async () => {
    const inviteId = await createInvite(alpha);
    const groupId = await newGroup(alpha.teamId, 'Twice');
    // A custom auto mail of another event, so that only the workflow sends it here.
    const template = await call(
      customMailTemplateCreateCall,
      as(alpha, { title: 'Day one', eventType: 'approval', objectIds: [inviteId], subject: 'Your first day', body: 'Welcome aboard.', enabled: true }),
      alpha.token,
    );
    expect(template.status, JSON.stringify(template.body)).toBe(200);
    const { customMailTemplateId } = (template.body as { template: CustomMailTemplate }).template;
    const workflow = await create(
      alpha,
      form(inviteId, groupId, {
        waitDays: await waitDaysBeyondClock(),
        actions: [
          { type: 'sendMail', mailTemplateId: customMailTemplateId },
          { type: 'joinGroups', groupIds: [groupId] },
        ],
      }),
    );
    const member = await newTeamUser(alpha.teamId, { kind: 'member' });
    await startWorkflows({ teamId: alpha.teamId, type: 'welcome', userId: member.userId, objectIds: [inviteId] });
    const [run] = await listPendingRuns(alpha.teamId, workflow.workflowId);
    expect(run).toMatchObject({ userId: member.userId, done: 0 });

    // The scheduler retries a failed run and may deliver twice: the second run finds the work done.
    const job = { id: run!.jobId, kind: 'workflowRun', teamId: alpha.teamId, payload: { workflowId: workflow.workflowId, userId: member.userId } };
    await runJob(job);
    await runJob(job);
    expect(await isGroupMember(alpha.teamId, groupId, member.userId)).toBe(true);
    expect((await getGroup(alpha.teamId, groupId))?.memberCount).toBe(1);
    expect(await hasPendingRuns(alpha.teamId, workflow.workflowId)).toBe(false);
    await expect.poll(async () => (await inbox(member.email)).filter((m) => m.subject === 'Your first day').length, { timeout: 10_000 }).toBe(1);
    // The scheduled job itself comes due later and finds nothing left to do.
    await advancePast(workflow.waitDays);
    expect((await inbox(member.email)).filter((m) => m.subject === 'Your first day')).toHaveLength(1);
  });

  it('runs at once with no wait, and leaves groups too', async () => {
    const inviteId = await createInvite(alpha);
    const [stay, leave] = await Promise.all([newGroup(alpha.teamId, 'Stay'), newGroup(alpha.teamId, 'Leave')]);
    await create(
      alpha,
      form(inviteId, stay, {
        waitDays: 0,
        actions: [
          { type: 'joinGroups', groupIds: [stay, leave] },
          { type: 'leaveGroups', groupIds: [leave] },
        ],
      }),
    );
    const userId = await join(inviteId);
    // The scheduler polls every second: a job due now runs within a moment.
    await expect.poll(() => isGroupMember(alpha.teamId, stay, userId), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await getTeamUser(alpha.teamId, userId))?.groupIds, { timeout: 10_000 }).toEqual([stay]);
    expect(await isGroupMember(alpha.teamId, leave, userId)).toBe(false);
    expect((await getGroup(alpha.teamId, leave))?.memberCount).toBe(0);
  });
});

describe('workflow calls: who may use them', () => {
  it('refuses a member and an analyst administrator with 403 on every call', async () => {
    const [member, analyst] = await Promise.all([
      newTeamUser(alpha.teamId, { kind: 'member' }),
      newTeamUser(alpha.teamId, { kind: 'admin', categories: ['analyst'] }),
    ]);
    const inviteId = await createInvite(alpha);
    const groupId = await newGroup(alpha.teamId);
    const workflow = await create(alpha, form(inviteId, groupId));
    const wf = { workflowId: workflow.workflowId };
    for (const actor of [member, analyst]) {
      const answers = await Promise.all([
        call(workflowsCalls.workflowListCall, as(actor, {}), actor.token),
        call(workflowsCalls.workflowGetCall, as(actor, wf), actor.token),
        call(workflowsCalls.workflowCreateCall, as(actor, form(inviteId, groupId)), actor.token),
        call(workflowsCalls.workflowUpdateCall, as(actor, { ...form(inviteId, groupId), ...wf, version: 1 }), actor.token),
        call(workflowsCalls.workflowSetEnabledCall, as(actor, { ...wf, enabled: false }), actor.token),
        call(workflowsCalls.workflowDeleteCall, as(actor, wf), actor.token),
      ]);
      for (const res of answers) {
        expect(res.status).toBe(403);
        expect(res.body.error?.code).toBe('common/no_operation_authority');
      }
    }
    expect((await get(alpha, workflow.workflowId)).body.workflow).toEqual(workflow);
  });

  it('lets a user manager administrator use them', async () => {
    const manager = await newTeamUser(alpha.teamId, { kind: 'admin', categories: ['userManager'] });
    const res = await call(workflowsCalls.workflowListCall, as(manager, {}), manager.token);
    expect(res.status).toBe(200);
  });
});

describe('POST /api/workflow/create, get, list', () => {
  it('creates a workflow, reads it back and lists it newest first', async () => {
    const inviteId = await createInvite(alpha);
    const groupId = await newGroup(alpha.teamId);
    const first = await create(alpha, form(inviteId, groupId, { title: 'First' }));
    const second = await create(alpha, form(inviteId, groupId, { title: 'Second', waitDays: 0, targetIds: [inviteId, inviteId] }));
    expect(second).toMatchObject({ title: 'Second', eventType: 'welcome', waitDays: 0, targetIds: [inviteId], enabled: true, version: 1 });
    expect((await get(alpha, first.workflowId)).body.workflow).toEqual(first);
    const list = await call(workflowsCalls.workflowListCall, as(alpha, { limit: 100 }), alpha.token);
    expect(list.status).toBe(200);
    const ids = (list.body as { items: Workflow[] }).items.map((w) => w.workflowId);
    expect(ids.indexOf(second.workflowId)).toBeLessThan(ids.indexOf(first.workflowId));
    const betaList = await call(workflowsCalls.workflowListCall, as(beta, {}), beta.token);
    expect((betaList.body as { items: Workflow[] }).items.map((w) => w.workflowId)).not.toContain(first.workflowId);
  });

  it('answers one code per field for what SPEC §5 requires', async () => {
    const empty = await call(workflowsCalls.workflowCreateCall, as(alpha, {}), alpha.token);
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields).toEqual({
      title: 'validation/required',
      eventType: 'validation/required',
      waitDays: 'validation/wait_days_invalid',
      targetIds: 'validation/objects_required',
      actions: 'validation/actions_required',
    });
    const inviteId = await createInvite(alpha);
    const wrong = await call(
      workflowsCalls.workflowCreateCall,
      as(alpha, { ...form(inviteId, 'x'), eventType: 'birthday', waitDays: 1.5, targetIds: [], actions: [] }),
      alpha.token,
    );
    expect(wrong.body.error?.fields).toEqual({
      eventType: 'validation/invalid_value',
      waitDays: 'validation/wait_days_invalid',
      targetIds: 'validation/objects_required',
      actions: 'validation/actions_required',
    });
    const negative = await call(workflowsCalls.workflowCreateCall, as(alpha, form(inviteId, 'x', { waitDays: -1 })), alpha.token);
    expect(negative.body.error?.fields).toMatchObject({ waitDays: 'validation/wait_days_invalid' });
    const actions = await call(
      workflowsCalls.workflowCreateCall,
      as(alpha, form(inviteId, 'x', { actions: [{ type: 'joinGroups', groupIds: [] }, { type: 'sendMail', mailTemplateId: ' ' }] })),
      alpha.token,
    );
    expect(actions.status).toBe(400);
    expect(actions.body.error?.fields).toEqual({
      'actions.0.groupIds': 'validation/groups_required',
      'actions.1.mailTemplateId': 'validation/mail_template_required',
    });
  });

  it('refuses targets, groups and templates that are not the team own, naming the field and revealing nothing', async () => {
    const [betaInvite, betaGroup] = await Promise.all([createInvite(beta), newGroup(beta.teamId)]);
    const [alphaInvite, alphaGroup] = await Promise.all([createInvite(alpha), newGroup(alpha.teamId)]);
    const res = await call(
      workflowsCalls.workflowCreateCall,
      as(alpha, form(alphaInvite, alphaGroup, {
        targetIds: [alphaInvite, betaInvite, '01NOSUCHINVITE000000000000'],
        actions: [{ type: 'joinGroups', groupIds: [alphaGroup, betaGroup] }, { type: 'sendMail', mailTemplateId: '01NOSUCHTEMPLATE0000000000' }],
      })),
      alpha.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'common/invalid_input',
      fields: {
        'targetIds.1': 'validation/invalid_value',
        'targetIds.2': 'validation/invalid_value',
        'actions.0.groupIds.1': 'validation/invalid_value',
        'actions.1.mailTemplateId': 'validation/invalid_value',
      },
    });
    // A purchase event's targets are prices or products: an invitation is not one, and a team without a
    // connected Stripe account has none.
    const purchase = await call(workflowsCalls.workflowCreateCall, as(alpha, form(alphaInvite, alphaGroup, { eventType: 'completedPurchase' })), alpha.token);
    expect(purchase.body.error?.fields).toEqual({ 'targetIds.0': 'validation/invalid_value' });
    const list = await call(workflowsCalls.workflowListCall, as(alpha, { limit: 100 }), alpha.token);
    expect((list.body as { items: Workflow[] }).items.some((w) => w.targetIds.includes(betaInvite))).toBe(false);
  });

  it('answers 404 for another team workflow id on get', async () => {
    const workflow = await create(beta, form(await createInvite(beta), await newGroup(beta.teamId)));
    const res = await get(alpha, workflow.workflowId);
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('common/not_found');
  });
});

describe('POST /api/workflow/update, set_enabled, delete', () => {
  it('updates at the version it was read at and refuses a stale version with 409', async () => {
    const inviteId = await createInvite(alpha);
    const groupId = await newGroup(alpha.teamId);
    const workflow = await create(alpha, form(inviteId, groupId));
    const res = await call(
      workflowsCalls.workflowUpdateCall,
      as(alpha, { ...form(inviteId, groupId, { title: 'Renamed', waitDays: 3 }), workflowId: workflow.workflowId, version: 1 }),
      alpha.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as { workflow: Workflow }).workflow).toMatchObject({ title: 'Renamed', waitDays: 3, version: 2 });
    const stale = await call(
      workflowsCalls.workflowUpdateCall,
      as(alpha, { ...form(inviteId, groupId, { title: 'Lost edit' }), workflowId: workflow.workflowId, version: 1 }),
      alpha.token,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('common/concurrent_update');
    expect((await get(alpha, workflow.workflowId)).body.workflow).toMatchObject({ title: 'Renamed', version: 2 });
  });

  it('answers 404 for another team workflow on update, switch and delete, and leaves it unchanged', async () => {
    const betaInvite = await createInvite(beta);
    const betaGroup = await newGroup(beta.teamId);
    const workflow = await create(beta, form(betaInvite, betaGroup));
    const alphaInvite = await createInvite(alpha);
    const alphaGroup = await newGroup(alpha.teamId);
    const wf = { workflowId: workflow.workflowId };
    const answers = await Promise.all([
      call(workflowsCalls.workflowUpdateCall, as(alpha, { ...form(alphaInvite, alphaGroup), ...wf, version: 1 }), alpha.token),
      call(workflowsCalls.workflowSetEnabledCall, as(alpha, { ...wf, enabled: false }), alpha.token),
      call(workflowsCalls.workflowDeleteCall, as(alpha, wf), alpha.token),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body.error?.code).toBe('common/not_found');
    }
    expect((await get(beta, workflow.workflowId)).body.workflow).toEqual(workflow);
  });

  it('refuses to delete a workflow in use (enabled, members waiting) with 409; disabled, its waits are cancelled and it is deleted', async () => {
    const inviteId = await createInvite(alpha);
    const groupId = await newGroup(alpha.teamId);
    const workflow = await create(alpha, form(inviteId, groupId, { waitDays: await waitDaysBeyondClock() }));
    const wf = { workflowId: workflow.workflowId };
    // A member waits on it (the event as the join reports it).
    const member = await newTeamUser(alpha.teamId, { kind: 'member' });
    await startWorkflows({ teamId: alpha.teamId, type: 'welcome', userId: member.userId, objectIds: [inviteId] });
    expect(await hasPendingRuns(alpha.teamId, workflow.workflowId)).toBe(true);

    const refused = await call(workflowsCalls.workflowDeleteCall, as(alpha, wf), alpha.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('deletion/workflow_in_use');
    expect((await get(alpha, workflow.workflowId)).status).toBe(200);

    const off = await call(workflowsCalls.workflowSetEnabledCall, as(alpha, { ...wf, enabled: false }), alpha.token);
    expect(off.status).toBe(200);
    expect((off.body as { workflow: Workflow }).workflow).toMatchObject({ enabled: false, version: 2 });
    expect(await listPendingRuns(alpha.teamId, workflow.workflowId)).toEqual([]);

    const deleted = await call(workflowsCalls.workflowDeleteCall, as(alpha, wf), alpha.token);
    expect(deleted.status).toBe(200);
    expect((await get(alpha, workflow.workflowId)).status).toBe(404);
    // Nothing was left to run: the member never joins the group.
    await advancePast(workflow.waitDays);
    expect(await isGroupMember(alpha.teamId, groupId, member.userId)).toBe(false);
  });

  it('deletes an enabled workflow nobody waits on', async () => {
    const workflow = await create(alpha, form(await createInvite(alpha), await newGroup(alpha.teamId)));
    const res = await call(workflowsCalls.workflowDeleteCall, as(alpha, { workflowId: workflow.workflowId }), alpha.token);
    expect(res.status).toBe(200);
    expect((await get(alpha, workflow.workflowId)).status).toBe(404);
  });

  it('starts nothing for a disabled workflow, nor for another event or another invitation', async () => {
    const [inviteId, otherInvite] = await Promise.all([createInvite(alpha), createInvite(alpha)]);
    const groupId = await newGroup(alpha.teamId);
    const disabled = await create(alpha, form(inviteId, groupId, { enabled: false }));
    const enabled = await create(alpha, form(inviteId, groupId));
    const member = await newTeamUser(alpha.teamId, { kind: 'member' });
    await startWorkflows({ teamId: alpha.teamId, type: 'approval', userId: member.userId, objectIds: [inviteId] });
    await startWorkflows({ teamId: alpha.teamId, type: 'welcome', userId: member.userId, objectIds: [otherInvite] });
    expect(await hasPendingRuns(alpha.teamId, enabled.workflowId)).toBe(false);
    await startWorkflows({ teamId: alpha.teamId, type: 'welcome', userId: member.userId, objectIds: [inviteId] });
    expect(await hasPendingRuns(alpha.teamId, disabled.workflowId)).toBe(false);
    // The same event again (a retry) keeps the one wait.
    await startWorkflows({ teamId: alpha.teamId, type: 'welcome', userId: member.userId, objectIds: [inviteId] });
    expect(await listPendingRuns(alpha.teamId, enabled.workflowId)).toHaveLength(1);
  });
});
