import * as z from 'zod/mini';
import type { ContentType } from '../../content-types';
import { analysisPeriodSchema } from '../../rules/analytics-period';
import { invalidValue } from '../../rules/issues';
import { callsOf } from '../define';
import { idSchema } from '../ids';

const analyticsCall = callsOf('analytics');

/**
 * SPEC §2 analytics pages and the dashboard. Every page reads only the rollups written as things happen
 * (lambdas/core/entities/rollups.ts), over the days of a period (SPEC §4 modes, SPEC §5 maximum by plan).
 */

/** What is counted per day (and per content and per member). `watchSeconds`: seconds of video watched. */
export const activityMetrics = ['views', 'plays', 'finishes', 'watchSeconds', 'logins', 'signups', 'leaves', 'testsTaken', 'testsPassed', 'liveViews'] as const;
export type ActivityMetric = (typeof activityMetrics)[number];
export type ActivityCounts = Record<ActivityMetric, number>;

export interface DayCounts extends ActivityCounts {
  day: string;
}

export interface PeriodAnswer {
  from: string;
  to: string;
}

export interface ContentRow {
  /** A content of SPEC §3, or a test (test results are counted per test). */
  contentType: ContentType | 'test';
  contentId: string;
  title: string;
  counts: ActivityCounts;
}

export interface UserRow {
  userId: string;
  name: string;
  email: string;
  counts: ActivityCounts;
}

/** Most rows a ranking page (videos, users, a video's users) answers, highest first. */
export const ANALYTICS_ROWS_MAX = 200;

const periodInput = { period: analysisPeriodSchema };
const totalInput = z.object(periodInput, invalidValue);
const videoUsersInput = z.object({ ...periodInput, videoId: idSchema }, invalidValue);
const liveUsersInput = z.object({ ...periodInput, liveId: idSchema }, invalidValue);
const testUsersInput = z.object({ ...periodInput, testId: idSchema }, invalidValue);
const userInput = z.object({ ...periodInput, userId: idSchema }, invalidValue);

/**
 * Who may: analyst administrators see the whole team; group managers with the analyst permission (SPEC §6) see
 * only their groups' members (the handler scopes; `manager.*` calls only need a member at the middleware).
 * Pages about contents as a whole (videos, user_count) are for analyst administrators only.
 */
const scoped = 'manager.analyst';
const teamWide = 'admin.analysis';

export const analyticsTotalCall = analyticsCall<typeof totalInput, PeriodAnswer & { days: DayCounts[]; totals: ActivityCounts }>()('/analytics/total', scoped, totalInput);

export const analyticsVideosCall = analyticsCall<typeof totalInput, PeriodAnswer & { items: ContentRow[] }>()('/analytics/videos', teamWide, totalInput);

export const analyticsUsersCall = analyticsCall<typeof totalInput, PeriodAnswer & { items: UserRow[] }>()('/analytics/users', scoped, totalInput);

export const analyticsVideoUsersCall = analyticsCall<typeof videoUsersInput, PeriodAnswer & { title: string; items: UserRow[] }>()('/analytics/video/users', scoped, videoUsersInput);

export const analyticsLiveUsersCall = analyticsCall<typeof liveUsersInput, PeriodAnswer & { title: string; items: UserRow[] }>()('/analytics/live/users', scoped, liveUsersInput);

export const analyticsTestUsersCall = analyticsCall<typeof testUsersInput, PeriodAnswer & { title: string; items: UserRow[] }>()('/analytics/test/users', scoped, testUsersInput);

export interface UserLogAnswer extends PeriodAnswer {
  user: { userId: string; name: string; email: string };
  days: DayCounts[];
}
export interface UserContentsAnswer extends PeriodAnswer {
  user: { userId: string; name: string; email: string };
  items: ContentRow[];
}

/** A member's activity per day (logins, views, plays); `watch_log/user` is the same rows read for watch time. */
export const analyticsUserLogCall = analyticsCall<typeof userInput, UserLogAnswer>()('/analytics/log/user', scoped, userInput);

export const analyticsUserWatchLogCall = analyticsCall<typeof userInput, UserLogAnswer>()('/analytics/watch_log/user', scoped, userInput);

/** A member's contents in the period (views, plays, finishes, watch time per content). */
export const analyticsUserVideosCall = analyticsCall<typeof userInput, UserContentsAnswer>()('/analytics/log/user_videos', scoped, userInput);

export const analyticsUserWatchVideosCall = analyticsCall<typeof userInput, UserContentsAnswer>()('/analytics/watch_log/user/videos', scoped, userInput);

/** Sign-ups per day and the members counted so far (SPEC §2 user_count). */
export const analyticsUserCountCall = analyticsCall<typeof totalInput, PeriodAnswer & { days: { day: string; signups: number; leaves: number; members: number }[] }>()('/analytics/user_count', teamWide, totalInput);

/** SPEC §2 /admin/user/:userId/view_log: the user area's view of one member's contents (user managers). */
export const analyticsAdminUserViewLogCall = analyticsCall<typeof userInput, UserContentsAnswer>()('/analytics/user_view_log', 'admin.users', userInput);

// ---- Dashboard ----

export interface DashboardAnswer {
  /** The last DASHBOARD_CHART_DAYS days, oldest first. */
  days: { day: string; plays: number; views: number; logins: number; signups: number; members: number }[];
  /** POPULAR_VIDEO_DAYS-day ranking, most played first. */
  popularVideos: { videoId: string; title: string; plays: number }[];
  newestUsers: { userId: string; name: string; createdAt: string }[];
  /** Start guide steps the team has done. */
  guide: { upload: boolean; design: boolean; invite: boolean; billing: boolean };
}

const dashboardInput = z.object({}, invalidValue);
/** SPEC §2 dashboard: everything the page shows, in one call. */
export const dashboardGetCall = analyticsCall<typeof dashboardInput, DashboardAnswer>()('/dashboard/get', 'admin.any', dashboardInput);
