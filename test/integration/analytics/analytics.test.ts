import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import * as analyticsCalls from '../../../shared/api/calls/analytics';
import type { ContentRow, DashboardAnswer, DayCounts, UserRow } from '../../../shared/api/calls/analytics';
import { memberLoginCall } from '../../../shared/api/calls/auth';
import { createInviteCall, joinCall } from '../../../shared/api/calls/invites';
import { createArticleCall } from '../../../shared/api/calls/articles';
import { getMemberContentCall } from '../../../shared/api/calls/content-items';
import { groupCreateCall } from '../../../shared/api/calls/groups';
import { memberDeleteCall } from '../../../shared/api/calls/members';
import { getMemberVideoCall, recordMemberVideoProgressCall } from '../../../shared/api/calls/member-videos';
import { memberTestAnswerCall, testCreateCall } from '../../../shared/api/calls/test-quizzes';
import type { CallDef } from '../../../shared/api/define';
import { ANALYSIS_MAX_DAYS } from '../../../shared/constants';
import { transact } from '../../../lambdas/platform/db';
import { joinGroupsOps } from '../../../lambdas/core/entities/group';
import { getTeamUser, saveTeamUserOps } from '../../../lambdas/core/entities/team-user';
import { newOperator, newPerson, type Caller } from '../content/people';
import { newMember, readyVideo } from '../content/ready-videos';
import { call, reactionsSettled } from '../support/api';
import { joinInput } from '../invites/helpers';

/**
 * Issue 14 analytics: rollups written as members act (plays, views, finishes, watch time, logins, test results), the
 * analytics pages reading them over SPEC §4 periods with SPEC §5's maximum, group managers scoped to their groups,
 * and the dashboard in one call.
 */
let alpha: Caller;
let beta: Caller;
let member: Caller;
let videoId: string;
let articleId: string;
let testId: string;
const today = new Date().toISOString().slice(0, 10);

const ok = async <T>(who: Caller, def: CallDef, input: Record<string, unknown>): Promise<T> => {
  const res = await call(def, { ...who.ctx, ...input }, who.token);
  expect(res.status, `${def.path} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as T;
};
const status = async (who: Caller, def: CallDef, input: Record<string, unknown>) => (await call(def, { ...who.ctx, ...input }, who.token)).status;
const recent = { period: { mode: 'none', days: 7 } };
const todayOf = (days: DayCounts[]) => days.find((d) => d.day === today)!;

async function watch(who: Caller, id: string) {
  await ok(who, getMemberVideoCall, { videoId: id });
  await ok(who, recordMemberVideoProgressCall, { videoId: id, event: 'start', positionSeconds: 0 });
  await ok(who, recordMemberVideoProgressCall, { videoId: id, event: 'progress', positionSeconds: 10 });
  // A seek far ahead is not counted as watched beyond the longest gap between two reports.
  await ok(who, recordMemberVideoProgressCall, { videoId: id, event: 'progress', positionSeconds: 500 });
  await ok(who, recordMemberVideoProgressCall, { videoId: id, event: 'finish', positionSeconds: 505 });
}

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Analytics Alpha'), newOperator('Analytics Beta')]);
  member = await newMember(alpha.teamId);
  videoId = await readyVideo(alpha, { title: 'Counted lesson', overview: '', status: 'public' });
  articleId = (await ok<{ id: string }>(alpha, createArticleCall, { title: 'Counted article', status: 'public', fields: { html: '<p>x</p>' } })).id;
  testId = (
    await ok<{ test: { testId: string } }>(alpha, testCreateCall, {
      title: 'Counted test',
      questions: [{ title: 'Capital?', fieldName: 'capital', type: 'radio', options: ['Tokyo', 'Osaka'], correctAnswers: [0], explanation: '' }],
      passStandard: 1,
    })
  ).test.testId;
  await watch(member, videoId);
  await ok(member, getMemberContentCall, { type: 'article', id: articleId });
  await ok(member, memberTestAnswerCall, { testId, answers: { capital: [0] } });
  expect((await call(memberLoginCall, { teamId: alpha.teamId }, member.token)).status).toBe(200);
  // The rollups are analytics' reaction to the activities these calls emitted.
  await reactionsSettled();
});

describe('rollups and the team pages', () => {
  it('/analytics/total: today holds the play, views, finish, watch time, login and test of the member', async () => {
    const total = await ok<{ from: string; to: string; days: DayCounts[]; totals: DayCounts }>(alpha, analyticsCalls.analyticsTotalCall, recent);
    expect(total.days).toHaveLength(7);
    expect(total.to).toBe(today);
    expect(todayOf(total.days)).toMatchObject({ plays: 1, views: 2, finishes: 1, logins: 1, testsTaken: 1, testsPassed: 1 });
    // 10 s, then a jump capped at 60 s, then 5 s.
    expect(todayOf(total.days).watchSeconds).toBe(75);
    expect(total.totals.plays).toBe(1);
    // Another team's pages know nothing of it.
    const other = await ok<{ totals: DayCounts }>(beta, analyticsCalls.analyticsTotalCall, recent);
    expect(other.totals).toMatchObject({ plays: 0, views: 0, logins: 0 });
  });

  it('/analytics/videos and /analytics/users rank the contents and the members with titles and names', async () => {
    const videos = await ok<{ items: ContentRow[] }>(alpha, analyticsCalls.analyticsVideosCall, recent);
    expect(videos.items.find((r) => r.contentId === videoId)).toMatchObject({ contentType: 'video', title: 'Counted lesson', counts: { plays: 1, views: 1, finishes: 1 } });
    expect(videos.items.find((r) => r.contentId === articleId)).toMatchObject({ contentType: 'article', title: 'Counted article', counts: { views: 1 } });
    expect(videos.items.find((r) => r.contentId === testId)).toMatchObject({ contentType: 'test', counts: { testsTaken: 1, testsPassed: 1 } });
    const users = await ok<{ items: UserRow[] }>(alpha, analyticsCalls.analyticsUsersCall, recent);
    expect(users.items).toEqual([expect.objectContaining({ userId: member.userId, name: 'Lister', email: member.email, counts: expect.objectContaining({ plays: 1, logins: 1 }) })]);
  });

  it('per content: video/users, test/users and live/users (404 for another team ids, revealing nothing)', async () => {
    const video = await ok<{ title: string; items: UserRow[] }>(alpha, analyticsCalls.analyticsVideoUsersCall, { ...recent, videoId });
    expect(video.title).toBe('Counted lesson');
    expect(video.items.map((u) => [u.userId, u.counts.plays, u.counts.watchSeconds])).toEqual([[member.userId, 1, 75]]);
    const test = await ok<{ title: string; items: UserRow[] }>(alpha, analyticsCalls.analyticsTestUsersCall, { ...recent, testId });
    expect(test).toMatchObject({ title: 'Counted test', items: [expect.objectContaining({ userId: member.userId, counts: expect.objectContaining({ testsTaken: 1, testsPassed: 1 }) })] });
    const otherVideo = await call(analyticsCalls.analyticsVideoUsersCall, { ...beta.ctx, ...recent, videoId }, beta.token);
    expect(otherVideo.status).toBe(404);
    expect(JSON.stringify(otherVideo.body)).not.toContain('Counted');
    expect(await status(beta, analyticsCalls.analyticsTestUsersCall, { ...recent, testId })).toBe(404);
    expect(await status(alpha, analyticsCalls.analyticsLiveUsersCall, { ...recent, liveId: videoId })).toBe(404);
  });

  it('per member: log/user, watch_log/user, log/user_videos, watch_log/user/videos and the user area view_log', async () => {
    for (const def of [analyticsCalls.analyticsUserLogCall, analyticsCalls.analyticsUserWatchLogCall]) {
      const log = await ok<{ user: { userId: string }; days: DayCounts[] }>(alpha, def, { ...recent, userId: member.userId });
      expect(log.user.userId).toBe(member.userId);
      expect(todayOf(log.days)).toMatchObject({ plays: 1, logins: 1, watchSeconds: 75 });
    }
    for (const def of [analyticsCalls.analyticsUserVideosCall, analyticsCalls.analyticsUserWatchVideosCall, analyticsCalls.analyticsAdminUserViewLogCall]) {
      const list = await ok<{ items: ContentRow[] }>(alpha, def, { ...recent, userId: member.userId });
      expect(list.items.map((r) => r.contentId).sort()).toEqual([videoId, articleId, testId].sort());
    }
    // A member of another team: not found, nothing said about them.
    expect(await status(beta, analyticsCalls.analyticsUserLogCall, { ...recent, userId: member.userId })).toBe(404);
    expect(await status(beta, analyticsCalls.analyticsAdminUserViewLogCall, { ...recent, userId: member.userId })).toBe(404);
  });

  it('/analytics/user_count: a member joining by invitation is a sign-up today and one more member counted; removing them is one member less', async () => {
    type Counts = { days: { day: string; signups: number; leaves: number; members: number }[] };
    const before = await ok<Counts>(alpha, analyticsCalls.analyticsUserCountCall, recent);
    expect(before.days).toHaveLength(7);
    const { inviteId } = await ok<{ inviteId: string }>(alpha, createInviteCall, { title: 'Analytics cohort', maxRegistrations: null });
    const joined = await call(joinCall, joinInput(inviteId));
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    await reactionsSettled();
    const after = await ok<Counts>(alpha, analyticsCalls.analyticsUserCountCall, recent);
    const [was, is] = [before.days.at(-1)!, after.days.at(-1)!];
    expect(is).toEqual({ day: today, signups: was.signups + 1, leaves: was.leaves, members: was.members + 1 });
    // Earlier days keep their counts.
    expect(after.days.slice(0, -1)).toEqual(before.days.slice(0, -1));
    expect((await ok<{ totals: DayCounts }>(alpha, analyticsCalls.analyticsTotalCall, recent)).totals.signups).toBe(is.signups);

    // The operator deletes that member: a removal today, and the trend (here and on the dashboard) one member less.
    const { userId } = joined.body as { userId: string };
    expect(await ok<{ deleted: number }>(alpha, memberDeleteCall, { userIds: [userId] })).toEqual({ deleted: 1 });
    await reactionsSettled();
    const removed = (await ok<Counts>(alpha, analyticsCalls.analyticsUserCountCall, recent)).days.at(-1)!;
    expect(removed).toEqual({ day: today, signups: is.signups, leaves: is.leaves + 1, members: is.members - 1 });
    const dashboard = await ok<DashboardAnswer>(alpha, analyticsCalls.dashboardGetCall, {});
    expect(dashboard.days.at(-1)).toMatchObject({ day: today, signups: is.signups, members: removed.members });
  });
});

describe('periods (SPEC §4, §5)', () => {
  it('current month, last month and a range answer their days; the plan maximum is refused with its field and max', async () => {
    const month = await ok<{ from: string; to: string }>(alpha, analyticsCalls.analyticsTotalCall, { period: { mode: 'currentMonth' } });
    expect(month).toMatchObject({ from: `${today.slice(0, 8)}01`, to: today });
    const last = await ok<{ from: string; days: DayCounts[] }>(alpha, analyticsCalls.analyticsTotalCall, { period: { mode: 'lastMonth' } });
    expect(last.from.slice(8)).toBe('01');
    expect(last.days.some((d) => d.day === today)).toBe(false);
    const range = await ok<{ days: DayCounts[] }>(alpha, analyticsCalls.analyticsTotalCall, { period: { mode: 'fromTo', from: today, to: today } });
    expect(range.days).toEqual([expect.objectContaining({ day: today, plays: 1 })]);

    // The team is on trial: its maximum plus one day is refused.
    const max = ANALYSIS_MAX_DAYS.trial;
    const from = new Date(Date.now() - max * 86_400_000).toISOString().slice(0, 10);
    const tooLong = await call(analyticsCalls.analyticsTotalCall, { ...alpha.ctx, period: { mode: 'fromTo', from, to: today } }, alpha.token);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatchObject({ code: 'common/invalid_input', fields: { 'period.to': 'validation/analysis_period_too_long' } });
  });

  it('bad input: 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'period'],
      [{ period: { mode: 'week' } }, 'period.mode'],
      [{ period: { mode: 'none', days: 14 } }, 'period.days'],
    ];
    for (const [input, field] of cases) {
      const res = await call(analyticsCalls.analyticsTotalCall, { ...alpha.ctx, ...input }, alpha.token);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error?.fields ?? {})).toContain(field);
    }
    const order = await call(analyticsCalls.analyticsTotalCall, { ...alpha.ctx, period: { mode: 'fromTo', from: today, to: '2020-01-01' } }, alpha.token);
    expect(order.body.error?.fields).toEqual({ 'period.to': 'validation/date_range_order' });
    const badDate = await call(analyticsCalls.analyticsUsersCall, { ...alpha.ctx, period: { mode: 'fromTo', from: '2024-02-30', to: today } }, alpha.token);
    expect(badDate.body.error?.fields).toEqual({ 'period.from': 'validation/invalid_date' });
    const badId = await call(analyticsCalls.analyticsVideoUsersCall, { ...alpha.ctx, ...recent, videoId: 'no/such' }, alpha.token);
    expect(badId.status).toBe(400);
    expect(Object.keys(badId.body.error?.fields ?? {})).toEqual(['videoId']);
  });
});

describe('who may', () => {
  it('a member, or an administrator without the analyst category, gets 403', async () => {
    const designer = await newPerson(alpha.teamId, 'admin', ['designer']);
    for (const who of [member, designer]) {
      for (const def of [analyticsCalls.analyticsTotalCall, analyticsCalls.analyticsVideosCall, analyticsCalls.analyticsUsersCall, analyticsCalls.analyticsUserCountCall]) {
        expect(await status(who, def, recent), `${def.path}`).toBe(403);
      }
    }
    expect(await status(member, analyticsCalls.dashboardGetCall, {})).toBe(403);
    // The user area's view log is the user managers'.
    const analyst = await newPerson(alpha.teamId, 'admin', ['analyst']);
    expect(await status(analyst, analyticsCalls.analyticsAdminUserViewLogCall, { ...recent, userId: member.userId })).toBe(403);
    expect(await status(analyst, analyticsCalls.analyticsTotalCall, recent)).toBe(200);
  });

  it('a group manager with the analyst permission sees only their groups members', async () => {
    const group = (await ok<{ group: { groupId: string } }>(alpha, groupCreateCall, { name: 'Analysed group' })).group.groupId;
    const inGroup = await newMember(alpha.teamId, [group]);
    await transact(joinGroupsOps(alpha.teamId, inGroup.userId, [group]));
    await watch(inGroup, videoId);
    const manager = await newMember(alpha.teamId);
    const before = (await getTeamUser(alpha.teamId, manager.userId))!;
    await transact(saveTeamUserOps(before, { ...before, managerOf: { [group]: ['analyst'] } }));

    const users = await ok<{ items: UserRow[] }>(manager, analyticsCalls.analyticsUsersCall, recent);
    expect(users.items.map((u) => u.userId)).toEqual([inGroup.userId]);
    const total = await ok<{ totals: DayCounts }>(manager, analyticsCalls.analyticsTotalCall, recent);
    expect(total.totals).toMatchObject({ plays: 1, logins: 0 });
    const video = await ok<{ items: UserRow[] }>(manager, analyticsCalls.analyticsVideoUsersCall, { ...recent, videoId });
    expect(video.items.map((u) => u.userId)).toEqual([inGroup.userId]);
    expect(await status(manager, analyticsCalls.analyticsUserLogCall, { ...recent, userId: member.userId })).toBe(403);
    expect(await status(manager, analyticsCalls.analyticsUserLogCall, { ...recent, userId: inGroup.userId })).toBe(200);
    // Team-wide pages stay the analysts'.
    expect(await status(manager, analyticsCalls.analyticsVideosCall, recent)).toBe(403);
    // A manager with only `read` on the group is no analyst.
    const reader = await newMember(alpha.teamId);
    const readerBefore = (await getTeamUser(alpha.teamId, reader.userId))!;
    await transact(saveTeamUserOps(readerBefore, { ...readerBefore, managerOf: { [group]: ['read'] } }));
    expect(await status(reader, analyticsCalls.analyticsUsersCall, recent)).toBe(403);
  });
});

describe('/dashboard/get', () => {
  it('answers the 7-day activity, the popular videos, the newest members and the start guide in one call', async () => {
    const dash = await ok<DashboardAnswer>(alpha, analyticsCalls.dashboardGetCall, {});
    expect(dash.days).toHaveLength(7);
    expect(dash.days.at(-1)).toMatchObject({ day: today, logins: 1 });
    expect(dash.days.at(-1)!.plays).toBeGreaterThanOrEqual(1);
    expect(dash.popularVideos[0]).toMatchObject({ videoId, title: 'Counted lesson' });
    expect(dash.newestUsers.map((u) => u.userId)).toContain(member.userId);
    expect(dash.guide).toMatchObject({ upload: true, design: false, invite: true });
    const empty = await ok<DashboardAnswer>(beta, analyticsCalls.dashboardGetCall, {});
    expect(empty).toMatchObject({ popularVideos: [], newestUsers: [], guide: { upload: false, invite: false } });
    expect(empty.days.every((d) => d.plays === 0 && d.views === 0)).toBe(true);
  });
});
