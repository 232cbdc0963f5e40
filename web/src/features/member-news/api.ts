import useSWR from 'swr';
import type { memberNewsListCall, memberNewsReadCall } from '../../../../shared/api/calls/news';
import { callApi, callRef } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** References only: member pages load no zod declarations. */
const calls = {
  list: callRef<typeof memberNewsListCall>('/member_news/list', 'member'),
  read: callRef<typeof memberNewsReadCall>('/member_news/read', 'member'),
};

export const memberNewsKey = (cursor: string | undefined) => {
  return teamScoped(calls.list.path, cursor ?? '');
};

/** SPEC §2 /user/:teamId/news: the member's news, newest first, each with its unread mark. */
export function useMemberNews(cursor: string | undefined) {
  return useSWR(memberNewsKey(cursor), () => callApi(calls.list, { cursor, limit: 20 }), { keepPreviousData: true });
}

export const markNewsRead = (newsId: string) => callApi(calls.read, { newsId });
