import {
  analyticsAdminUserViewLogCall,
  analyticsLiveUsersCall,
  analyticsTestUsersCall,
  analyticsTotalCall,
  analyticsUserCountCall,
  analyticsUserLogCall,
  analyticsUsersCall,
  analyticsUserVideosCall,
  analyticsUserWatchLogCall,
  analyticsUserWatchVideosCall,
  analyticsVideosCall,
  analyticsVideoUsersCall,
  dashboardGetCall,
  type UserContentsAnswer,
  type UserLogAnswer,
} from '../../shared/api/calls/analytics';
import type { AnalysisPeriodInput } from '../../shared/rules/analytics-period';
import { daysOf } from '../../shared/rules/analytics-period';
import { AppError } from '../core/http/app-error';
import { implement, teamOf, type CallContext, type CallImpl } from '../core/http/implement';
import { getContentItem } from '../core/entities/content-item';
import { getTest } from '../core/entities/test-quiz';
import { getVideo } from '../core/entities/video';
import { contentRows, dayRows, memberInScope, periodOf, scopeOf, totalOf, userRows, usersOf, type AnalyticsScope } from './analytics-service';
import { dashboardOf } from './dashboard';
import { contentTotals, contentUsers, teamDays, teamMembersCounted, userContents, userDays } from '../core/entities/rollups';

const who = (u: { userId: string; name: string; email: string }) => ({ userId: u.userId, name: u.name, email: u.email });

async function userLog(ctx: CallContext, input: { period: AnalysisPeriodInput; userId: string }, scope?: AnalyticsScope): Promise<UserLogAnswer> {
  const { teamId } = teamOf(ctx);
  const period = periodOf(ctx, input.period, new Date());
  const user = await memberInScope(teamId, scope ?? (await scopeOf(ctx)), input.userId);
  const days = dayRows(period, await userDays(teamId, input.userId, period.from, period.to));
  return { ...period, user: who(user), days };
}

async function userContentList(ctx: CallContext, input: { period: AnalysisPeriodInput; userId: string }, scope?: AnalyticsScope): Promise<UserContentsAnswer> {
  const { teamId } = teamOf(ctx);
  const period = periodOf(ctx, input.period, new Date());
  const user = await memberInScope(teamId, scope ?? (await scopeOf(ctx)), input.userId);
  const items = contentRows(await userContents(teamId, input.userId, period.from, period.to));
  return { ...period, user: who(user), items };
}

/** One content's members in the period; the content must be this team's (else its not-found code, revealing nothing). */
async function contentUserList(
  ctx: CallContext,
  period: AnalysisPeriodInput,
  content: { type: 'video' | 'live' | 'test'; id: string },
  titleOf: () => Promise<string | undefined>,
) {
  const { teamId } = teamOf(ctx);
  const resolved = periodOf(ctx, period, new Date());
  const [title, scope] = await Promise.all([titleOf(), scopeOf(ctx)]);
  if (title === undefined) throw new AppError(`${content.type}/not_found`);
  const { users } = await contentUsers(teamId, content, resolved.from, resolved.to);
  return { ...resolved, title, items: await userRows(teamId, scope, users) };
}

export const analyticsCalls: CallImpl[] = [
  implement(analyticsTotalCall, async ({ period }, ctx) => {
    const resolved = periodOf(ctx, period, new Date());
    const scope = await scopeOf(ctx);
    return { ...resolved, ...(await totalOf(teamOf(ctx).teamId, scope, resolved)) };
  }),

  implement(analyticsVideosCall, async ({ period }, ctx) => {
    const resolved = periodOf(ctx, period, new Date());
    return { ...resolved, items: contentRows(await contentTotals(teamOf(ctx).teamId, daysOf(resolved))) };
  }),

  implement(analyticsUsersCall, async ({ period }, ctx) => {
    const resolved = periodOf(ctx, period, new Date());
    const scope = await scopeOf(ctx);
    return { ...resolved, items: await usersOf(teamOf(ctx).teamId, scope, resolved) };
  }),

  implement(analyticsVideoUsersCall, ({ period, videoId }, ctx) =>
    contentUserList(ctx, period, { type: 'video', id: videoId }, async () => (await getVideo(teamOf(ctx).teamId, videoId))?.title),
  ),

  implement(analyticsLiveUsersCall, ({ period, liveId }, ctx) =>
    contentUserList(ctx, period, { type: 'live', id: liveId }, async () => (await getContentItem(teamOf(ctx).teamId, 'live', liveId))?.title),
  ),

  implement(analyticsTestUsersCall, ({ period, testId }, ctx) =>
    contentUserList(ctx, period, { type: 'test', id: testId }, async () => (await getTest(teamOf(ctx).teamId, testId))?.title),
  ),

  implement(analyticsUserLogCall, (input, ctx) => userLog(ctx, input)),
  implement(analyticsUserWatchLogCall, (input, ctx) => userLog(ctx, input)),
  implement(analyticsUserVideosCall, (input, ctx) => userContentList(ctx, input)),
  implement(analyticsUserWatchVideosCall, (input, ctx) => userContentList(ctx, input)),
  // The user area's page: user managers see any member of the team (the permission is checked by the middleware).
  implement(analyticsAdminUserViewLogCall, (input, ctx) => userContentList(ctx, input, { kind: 'team' })),

  implement(analyticsUserCountCall, async ({ period }, ctx) => {
    const { teamId } = teamOf(ctx);
    const resolved = periodOf(ctx, period, new Date());
    const today = new Date().toISOString().slice(0, 10);
    // Members counted so far, walked back over the sign-ups and removals after each day (one Query from the period's start).
    const [byDay, counted] = await Promise.all([teamDays(teamId, resolved.from, today), teamMembersCounted(teamId)]);
    const after = (day: string) => [...byDay].reduce((sum, [d, c]) => (d > day ? sum + c.signups - c.leaves : sum), 0);
    const days = daysOf(resolved).map((day) => ({ day, signups: byDay.get(day)?.signups ?? 0, leaves: byDay.get(day)?.leaves ?? 0, members: Math.max(0, counted - after(day)) }));
    return { ...resolved, days };
  }),

  implement(dashboardGetCall, async (_input, ctx) => dashboardOf(teamOf(ctx), new Date())),
];
