import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { getCatalogContentCall, getMemberContentCall, type ContentItem, type ContentItemRow, type MemberContentAnswer } from '../../../shared/api/calls/content-items';
import { groupCreateCall } from '../../../shared/api/calls/groups';
import { createLiveCall, createZoomMeetingCall, getLiveCall, listLivesCall, type LiveFields, type LiveView, type ZoomMeetingAnswer } from '../../../shared/api/calls/lives';
import { disconnectZoomCall, getZoomSettingCall, saveZoomSettingCall, type ZoomSettingView } from '../../../shared/api/calls/zoom';
import { getZoomConnection } from '../../../lambdas/content/live/zoom-setting';
import { getSiteSettings, putSiteSettings } from '../../../lambdas/core/entities/site-settings';
import { call } from '../support/api';
import { type Caller, newOperator, newPerson, ok } from './people';
import { newMember } from './ready-videos';

/**
 * Lives beyond the generic suite (content-items.test.ts): the join link only inside the live's window, group
 * limits, and the team's Zoom connection through the local Zoom fake (lambdas/platform/zoom/local.ts: a client
 * secret starting with `zoom-ok` is accepted; an account ID starting with `bad-account` is refused, one starting with
 * `unreachable` gets no answer, one starting with `no-user` has no user).
 */
let alpha: Caller;
let beta: Caller;
let member: Caller;
let grouped: Caller;
let analyst: Caller;
let groupId: string;

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

const createLive = async (who: Caller, fields: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  (await ok<{ id: string }>(who, createLiveCall, { title: 'Weekly live', status: 'public', fields, ...extra })).id;

const open = (who: Caller, id: string) => ok<MemberContentAnswer<LiveView>>(who, getMemberContentCall, { type: 'live', id });

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Lives Alpha'), newOperator('Lives Beta')]);
  await putSiteSettings({ ...(await getSiteSettings(alpha.teamId)), catalogPublic: true });
  groupId = (await ok<{ group: { groupId: string } }>(alpha, groupCreateCall, { name: 'Live viewers' })).group.groupId;
  [member, grouped, analyst] = await Promise.all([newMember(alpha.teamId), newMember(alpha.teamId, [groupId]), newPerson(alpha.teamId, 'admin', ['analyst'])]);
});

describe('/member_content/get for a live: the join link only inside its window', () => {
  it('before the window: the schedule, no link (beforeRelease)', async () => {
    const id = await createLive(alpha, { platform: 'zoomMeeting', meetingId: '98765432101', passcode: 'pw', startAt: hoursFromNow(2), endAt: hoursFromNow(3) });
    const answer = await open(member, id);
    expect(answer.state).toBe('beforeRelease');
    expect(answer.view).toMatchObject({ platform: 'zoomMeeting', phase: 'scheduled' });
    expect(answer.view?.join).toBeUndefined();
    expect(JSON.stringify(answer)).not.toMatch(/98765432101|zoom\.us/);
  });

  it('after the window: the schedule, no link (afterRelease)', async () => {
    const id = await createLive(alpha, { platform: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', startAt: hoursFromNow(-3), endAt: hoursFromNow(-2) });
    const answer = await open(member, id);
    expect(answer.state).toBe('afterRelease');
    expect(answer.view).toMatchObject({ platform: 'youtube', phase: 'ended' });
    expect(answer.view?.join).toBeUndefined();
    expect(JSON.stringify(answer)).not.toContain('dQw4w9WgXcQ');
  });

  it('inside the window: the link, for the member and the catalog visitor of a public live', async () => {
    const id = await createLive(alpha, { platform: 'vimeo', url: '76979871', startAt: hoursFromNow(-0.5), endAt: hoursFromNow(1) }, { isPublic: true });
    const answer = await open(member, id);
    expect(answer.state).toBe('visible');
    expect(answer.view).toMatchObject({ phase: 'live', join: { url: 'https://vimeo.com/76979871' } });
    const visitor = await ok<MemberContentAnswer<LiveView>>(undefined, getCatalogContentCall, { teamId: alpha.teamId, type: 'live', id });
    expect(visitor.view?.join).toEqual({ url: 'https://vimeo.com/76979871' });
  });

  it('a live limited to a group: 404 live/not_found to outsiders, the link to its members', async () => {
    const id = await createLive(alpha, { platform: 'other', url: 'https://stream.example.com/room', startAt: hoursFromNow(-0.5), endAt: hoursFromNow(1) }, { groupIds: [groupId] });
    const refused = await call(getMemberContentCall, { ...member.ctx, type: 'live', id }, member.token);
    expect(refused.status).toBe(404);
    expect(refused.body.error?.code).toBe('live/not_found');
    expect(JSON.stringify(refused.body)).not.toContain('stream.example.com');
    expect((await call(getCatalogContentCall, { teamId: alpha.teamId, type: 'live', id })).status).toBe(404);
    expect((await open(grouped, id)).view?.join).toEqual({ url: 'https://stream.example.com/room' });
    // Another team's member: not found either.
    const outsider = await newMember(beta.teamId);
    expect((await call(getMemberContentCall, { ...outsider.ctx, type: 'live', id }, outsider.token)).body.error?.code).toBe('live/not_found');
  });

  it('stores only what the platform uses, and lists the start as the summary', async () => {
    const startAt = hoursFromNow(24);
    const id = await createLive(alpha, { platform: 'youtube', url: 'dQw4w9WgXcQ', meetingId: '123456789', passcode: 'left-over', startAt, endAt: hoursFromNow(25) });
    const item = await ok<ContentItem<LiveFields>>(alpha, getLiveCall, { id });
    expect(item.fields).toEqual({ platform: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', startAt, endAt: expect.any(String) });
    const rows = await ok<{ items: ContentItemRow[] }>(alpha, listLivesCall, {});
    expect(rows.items.find((r) => r.id === id)?.summary).toBe(startAt);
  });
});

describe('/zoom/setting/* (SPEC §2 /admin/setting/zoom_setting)', () => {
  const good = { accountId: 'Acct_Alpha-1', clientId: 'ClientAlpha', clientSecret: 'zoom-ok-alpha-secret' };

  it('saves credentials Zoom accepts, with the connected user, and never answers the secret', async () => {
    expect(await ok<ZoomSettingView>(alpha, getZoomSettingCall, {})).toEqual({ connected: false, hasClientSecret: false });
    const saved = await ok<ZoomSettingView>(alpha, saveZoomSettingCall, good);
    expect(saved).toEqual({
      connected: true,
      accountId: 'Acct_Alpha-1',
      clientId: 'ClientAlpha',
      hasClientSecret: true,
      userId: expect.stringMatching(/^local-/),
      email: 'zoom-owner@acct_alpha-1.zoom.local',
      connectedAt: expect.any(String),
    });
    const read = await call(getZoomSettingCall, alpha.ctx, alpha.token);
    expect(read.body).toEqual(saved);
    expect(JSON.stringify(read.body)).not.toContain('zoom-ok-alpha-secret');
    expect((await getZoomConnection(alpha.teamId))?.clientSecret).toBe('zoom-ok-alpha-secret');

    // Saving again without the secret keeps (and checks) the one kept.
    const kept = await ok<ZoomSettingView>(alpha, saveZoomSettingCall, { accountId: good.accountId, clientId: 'ClientAlpha2' });
    expect(kept).toMatchObject({ connected: true, clientId: 'ClientAlpha2', hasClientSecret: true });
    expect((await getZoomConnection(alpha.teamId))?.clientSecret).toBe('zoom-ok-alpha-secret');
  });

  it('answers credentials Zoom refuses with 400 and the reason, Zoom unreachable with 502, and stores nothing', async () => {
    const team = await newOperator('Lives Zoom Refused');
    // A wrong secret: Zoom's invalid_client names the client ID and secret pair.
    const refused = await call(saveZoomSettingCall, { ...team.ctx, ...good, clientSecret: 'wrong-secret' }, team.token);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ code: 'zoom/credentials_rejected', fields: { clientId: 'zoom/client_rejected', clientSecret: 'zoom/client_rejected' } });
    expect(JSON.stringify(refused.body)).not.toContain('wrong-secret');
    // An account the app is not in: the account ID.
    const account = await call(saveZoomSettingCall, { ...team.ctx, ...good, accountId: 'bad-account-1' }, team.token);
    expect(account.status).toBe(400);
    expect(account.body.error).toEqual({ code: 'zoom/credentials_rejected', fields: { accountId: 'zoom/account_rejected' } });
    // A token but no user (the app's user scope): still Zoom's answer to the operator's app.
    const noUser = await call(saveZoomSettingCall, { ...team.ctx, ...good, accountId: 'no-user-1' }, team.token);
    expect(noUser.status).toBe(400);
    expect(noUser.body.error?.code).toBe('zoom/user_id_failed');
    // Zoom not answering is the one 502: nothing the operator typed is wrong.
    const unreachable = await call(saveZoomSettingCall, { ...team.ctx, ...good, accountId: 'unreachable-1' }, team.token);
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.error?.code).toBe('zoom/connect_failed');
    expect(unreachable.body.error?.fields).toBeUndefined();
    expect(await getZoomConnection(team.teamId)).toBeUndefined();
    expect(await ok<ZoomSettingView>(team, getZoomSettingCall, {})).toEqual({ connected: false, hasClientSecret: false });

    // A connected team keeps its connection when a change is refused.
    await ok(team, saveZoomSettingCall, good);
    const before = await getZoomConnection(team.teamId);
    expect((await call(saveZoomSettingCall, { ...team.ctx, ...good, clientId: 'Other', clientSecret: 'wrong' }, team.token)).status).toBe(400);
    expect((await call(saveZoomSettingCall, { ...team.ctx, ...good, accountId: 'unreachable-2' }, team.token)).status).toBe(502);
    expect(await getZoomConnection(team.teamId)).toEqual(before);
  });

  it('answers 400 naming the field for bad input, and a missing secret when none is kept', async () => {
    const team = await newOperator('Lives Zoom Input');
    const missing = await call(saveZoomSettingCall, { ...team.ctx, accountId: 'Acct', clientId: 'Client' }, team.token);
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toEqual({ clientSecret: 'validation/required' });
    const bad = await call(saveZoomSettingCall, { ...team.ctx, accountId: ' ', clientId: 'client id', clientSecret: 'zoom-ok' }, team.token);
    expect(bad.body.error?.fields).toEqual({ accountId: 'validation/required', clientId: 'validation/id_half_width' });
  });

  it('disconnects: the connection and its secret are gone', async () => {
    const team = await newOperator('Lives Zoom Disconnect');
    await ok(team, saveZoomSettingCall, good);
    expect(await ok<ZoomSettingView>(team, disconnectZoomCall, {})).toEqual({ connected: false, hasClientSecret: false });
    expect(await ok<ZoomSettingView>(team, getZoomSettingCall, {})).toEqual({ connected: false, hasClientSecret: false });
    expect(await getZoomConnection(team.teamId)).toBeUndefined();
    // Again: nothing to forget, the same answer.
    expect(await ok<ZoomSettingView>(team, disconnectZoomCall, {})).toEqual({ connected: false, hasClientSecret: false });
  });

  it('answers 403 to a member and an administrator without contents management', async () => {
    for (const who of [member, analyst]) {
      for (const [def, input] of [
        [getZoomSettingCall, {}],
        [saveZoomSettingCall, good],
        [disconnectZoomCall, {}],
        [createZoomMeetingCall, { platform: 'zoomMeeting', topic: 'x', startAt: hoursFromNow(1), endAt: hoursFromNow(2) }],
      ] as const) {
        const res = await call(def, { ...who.ctx, ...input }, who.token);
        expect(res.status, def.path).toBe(403);
        expect(res.body.error?.code).toBe('common/no_operation_authority');
      }
    }
  });

  it('keeps teams apart: another team neither reads nor ends a connection', async () => {
    const team = await newOperator('Lives Zoom Mine');
    await ok(team, saveZoomSettingCall, good);
    expect(await ok<ZoomSettingView>(beta, getZoomSettingCall, {})).toEqual({ connected: false, hasClientSecret: false });
    await ok(beta, disconnectZoomCall, {});
    expect(await ok<ZoomSettingView>(team, getZoomSettingCall, {})).toMatchObject({ connected: true, accountId: good.accountId });
    // Naming the other team in the body is refused by the team check.
    expect((await call(getZoomSettingCall, { ...beta.ctx, operatedTeamId: team.teamId }, beta.token)).status).toBe(403);
  });
});

describe('/live/zoom_meeting/create', () => {
  const meeting = () => ({ platform: 'zoomMeeting', topic: 'Launch live', startAt: hoursFromNow(24), endAt: hoursFromNow(25) });

  it('creates a meeting on the connected account, whose ID and passcode make a live', async () => {
    const team = await newOperator('Lives Zoom Meeting');
    const notConnected = await call(createZoomMeetingCall, { ...team.ctx, ...meeting() }, team.token);
    expect(notConnected.status).toBe(502);
    expect(notConnected.body.error?.code).toBe('zoom/connect_failed');

    await ok(team, saveZoomSettingCall, { accountId: 'Acct', clientId: 'Client', clientSecret: 'zoom-ok' });
    const created = await ok<ZoomMeetingAnswer>(team, createZoomMeetingCall, meeting());
    expect(created).toEqual({ meetingId: expect.stringMatching(/^[0-9]{11}$/), passcode: expect.any(String), joinUrl: `https://zoom.us/j/${created.meetingId}` });
    const id = await createLive(team, { platform: 'zoomMeeting', meetingId: created.meetingId, passcode: created.passcode, startAt: hoursFromNow(24), endAt: hoursFromNow(25) });
    expect((await ok<ContentItem<LiveFields>>(team, getLiveCall, { id })).fields).toMatchObject({ meetingId: created.meetingId, passcode: created.passcode });

    const backwards = await call(createZoomMeetingCall, { ...team.ctx, ...meeting(), endAt: hoursFromNow(23) }, team.token);
    expect(backwards.body.error?.fields).toEqual({ endAt: 'validation/view_period_order' });
  });
});
