import useSWR from 'swr';
import { groupListCall } from '../../../../shared/api/calls/groups';
import { newsCreateCall, newsDeleteCall, newsGetCall, newsListCall, newsUpdateCall } from '../../../../shared/api/calls/news';
import type { NewsInput } from '../../../../shared/rules/news';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** Every page of the admin list (to revalidate after a change, whatever page is on screen). */
export const isNewsListKey = (key: unknown) => Array.isArray(key) && key[0] === newsListCall.path;

export function useNewsList(cursor: string | undefined) {
  return useSWR(teamScoped(newsListCall.path, cursor ?? ''), () => callApi(newsListCall, { cursor, limit: 20 }), { keepPreviousData: true });
}

export function useNews(newsId: string | undefined) {
  return useSWR(newsId ? teamScoped(newsGetCall.path, newsId) : null, () => callApi(newsGetCall, { newsId: newsId! }));
}

/** The team's groups, for choosing who sees a news item and naming them in the list. */
export function useNewsGroups() {
  return useSWR(teamScoped(groupListCall.path), () => callApi(groupListCall, {}));
}

export type NewsForm = Required<NewsInput>;

export const createNews = (form: NewsForm) => callApi(newsCreateCall, form);
export const updateNews = (newsId: string, version: number, form: NewsForm) => callApi(newsUpdateCall, { newsId, version, ...form });
export const deleteNews = (newsId: string) => callApi(newsDeleteCall, { newsId });
