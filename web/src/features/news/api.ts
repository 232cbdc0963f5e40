import useSWR from 'swr';
import { groupListCall } from '../../../../shared/api/calls/groups';
import * as newsCalls from '../../../../shared/api/calls/news';
import type { NewsInput } from '../../../../shared/rules/news';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** Every page of the admin list (to revalidate after a change, whatever page is on screen). */
export const isNewsListKey = (key: unknown) => Array.isArray(key) && key[0] === newsCalls.newsListCall.path;

export function useNewsList(cursor: string | undefined) {
  return useSWR(teamScoped(newsCalls.newsListCall.path, cursor ?? ''), () => callApi(newsCalls.newsListCall, { cursor, limit: 20 }), { keepPreviousData: true });
}

export function useNews(newsId: string | undefined) {
  return useSWR(newsId ? teamScoped(newsCalls.newsGetCall.path, newsId) : null, () => callApi(newsCalls.newsGetCall, { newsId: newsId! }));
}

/** The team's groups, for choosing who sees a news item and naming them in the list. */
export function useNewsGroups() {
  return useSWR(teamScoped(groupListCall.path), () => callApi(groupListCall, {}));
}

export type NewsForm = Required<NewsInput>;

export const createNews = (form: NewsForm) => callApi(newsCalls.newsCreateCall, form);
export const updateNews = (newsId: string, version: number, form: NewsForm) => callApi(newsCalls.newsUpdateCall, { newsId, version, ...form });
export const deleteNews = (newsId: string) => callApi(newsCalls.newsDeleteCall, { newsId });
