import useSWR from 'swr';
import * as analyticsCalls from '../../../../shared/api/calls/analytics';
import type { AnalysisPeriodInput } from '../../../../shared/rules/analytics-period';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** A period's part of an SWR key: each mode with its own values. */
const periodKey = (p: AnalysisPeriodInput) => `${p.mode}|${p.days ?? ''}|${p.from ?? ''}|${p.to ?? ''}`;
const options = { keepPreviousData: true, shouldRetryOnError: false };

export const useAnalyticsTotal = (period: AnalysisPeriodInput) =>
  useSWR(teamScoped(analyticsCalls.analyticsTotalCall.path, periodKey(period)), () => callApi(analyticsCalls.analyticsTotalCall, { period }), options);

export const useAnalyticsVideos = (period: AnalysisPeriodInput) =>
  useSWR(teamScoped(analyticsCalls.analyticsVideosCall.path, periodKey(period)), () => callApi(analyticsCalls.analyticsVideosCall, { period }), options);

export const useAnalyticsUsers = (period: AnalysisPeriodInput) =>
  useSWR(teamScoped(analyticsCalls.analyticsUsersCall.path, periodKey(period)), () => callApi(analyticsCalls.analyticsUsersCall, { period }), options);

export const useAnalyticsUserCount = (period: AnalysisPeriodInput) =>
  useSWR(teamScoped(analyticsCalls.analyticsUserCountCall.path, periodKey(period)), () => callApi(analyticsCalls.analyticsUserCountCall, { period }), options);

/** One content's members: a video, a live or a test. */
export type ContentUsersKind = 'video' | 'live' | 'test';
export const useContentUsers = (kind: ContentUsersKind, id: string, period: AnalysisPeriodInput) =>
  useSWR(teamScoped(`content-users/${kind}`, id, periodKey(period)), () =>
    kind === 'video'
      ? callApi(analyticsCalls.analyticsVideoUsersCall, { period, videoId: id })
      : kind === 'live'
        ? callApi(analyticsCalls.analyticsLiveUsersCall, { period, liveId: id })
        : callApi(analyticsCalls.analyticsTestUsersCall, { period, testId: id }),
    options,
  );

/** One member's days: the activity log or the watch log (the same rows, shown with other columns). */
export const useUserLog = (kind: 'log' | 'watch', userId: string, period: AnalysisPeriodInput) => {
  const call = kind === 'log' ? analyticsCalls.analyticsUserLogCall : analyticsCalls.analyticsUserWatchLogCall;
  return useSWR(teamScoped(call.path, userId, periodKey(period)), () => callApi(call, { period, userId }), options);
};

/** One member's contents: from the analytics pages, or the user area's view log. */
export const useUserContents = (kind: 'log' | 'watch' | 'user', userId: string, period: AnalysisPeriodInput) => {
  const call = kind === 'log' ? analyticsCalls.analyticsUserVideosCall : kind === 'watch' ? analyticsCalls.analyticsUserWatchVideosCall : analyticsCalls.analyticsAdminUserViewLogCall;
  return useSWR(teamScoped(call.path, userId, periodKey(period)), () => callApi(call, { period, userId }), options);
};
