import useSWR from 'swr';
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
} from '../../../../shared/api/calls/analytics';
import type { AnalysisPeriodInput } from '../../../../shared/rules/analytics-period';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** A period's part of an SWR key: each mode with its own values. */
const periodKey = (p: AnalysisPeriodInput) => `${p.mode}|${p.days ?? ''}|${p.from ?? ''}|${p.to ?? ''}`;
const options = { keepPreviousData: true, shouldRetryOnError: false };

export const useAnalyticsTotal = (period: AnalysisPeriodInput) =>
  useSWR(teamScoped(analyticsTotalCall.path, periodKey(period)), () => callApi(analyticsTotalCall, { period }), options);

export const useAnalyticsVideos = (period: AnalysisPeriodInput) =>
  useSWR(teamScoped(analyticsVideosCall.path, periodKey(period)), () => callApi(analyticsVideosCall, { period }), options);

export const useAnalyticsUsers = (period: AnalysisPeriodInput) =>
  useSWR(teamScoped(analyticsUsersCall.path, periodKey(period)), () => callApi(analyticsUsersCall, { period }), options);

export const useAnalyticsUserCount = (period: AnalysisPeriodInput) =>
  useSWR(teamScoped(analyticsUserCountCall.path, periodKey(period)), () => callApi(analyticsUserCountCall, { period }), options);

/** One content's members: a video, a live or a test. */
export type ContentUsersKind = 'video' | 'live' | 'test';
export const useContentUsers = (kind: ContentUsersKind, id: string, period: AnalysisPeriodInput) =>
  useSWR(teamScoped(`content-users/${kind}`, id, periodKey(period)), () =>
    kind === 'video'
      ? callApi(analyticsVideoUsersCall, { period, videoId: id })
      : kind === 'live'
        ? callApi(analyticsLiveUsersCall, { period, liveId: id })
        : callApi(analyticsTestUsersCall, { period, testId: id }),
    options,
  );

/** One member's days: the activity log or the watch log (the same rows, shown with other columns). */
export const useUserLog = (kind: 'log' | 'watch', userId: string, period: AnalysisPeriodInput) => {
  const call = kind === 'log' ? analyticsUserLogCall : analyticsUserWatchLogCall;
  return useSWR(teamScoped(call.path, userId, periodKey(period)), () => callApi(call, { period, userId }), options);
};

/** One member's contents: from the analytics pages, or the user area's view log. */
export const useUserContents = (kind: 'log' | 'watch' | 'user', userId: string, period: AnalysisPeriodInput) => {
  const call = kind === 'log' ? analyticsUserVideosCall : kind === 'watch' ? analyticsUserWatchVideosCall : analyticsAdminUserViewLogCall;
  return useSWR(teamScoped(call.path, userId, periodKey(period)), () => callApi(call, { period, userId }), options);
};
