import * as z from 'zod/mini';
import { defineCall } from '../define';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import { newsSchema } from '../../rules/news';
import { code, invalidValue } from '../../rules/issues';

/** SPEC §3 News as the administrator edits it. No `groupIds` = every member of the team sees it. */
export interface NewsItem {
  newsId: string;
  title: string;
  content: string;
  groupIds: string[];
  createdAt: string;
  updatedAt: string;
  /** Optimistic locking: an update names the version it was edited from. */
  version: number;
}

/** A news item as a member reads it (SPEC §2 /user/:teamId/news). */
export interface MemberNewsItem {
  newsId: string;
  title: string;
  content: string;
  createdAt: string;
  unread: boolean;
}

// SPEC §6: news belongs to the user manager's notices.
const permission = 'admin.users';
const newsIdInput = z.object({ newsId: idSchema });
const versionSchema = z.number(invalidValue).check(z.refine(Number.isSafeInteger, code('validation/not_integer')), z.gte(1, invalidValue));

export const newsListInput = z.object(pageInput());
/** SPEC §2 /admin/news: newest first. */
export const newsListCall = defineCall<typeof newsListInput, Page<NewsItem>>()({
  path: '/news/list',
  domain: 'members',
  permission,
  input: newsListInput,
});

export const newsGetCall = defineCall<typeof newsIdInput, { news: NewsItem }>()({
  path: '/news/get',
  domain: 'members',
  permission,
  input: newsIdInput,
});

export const newsCreateInput = newsSchema;
/** SPEC §2 /admin/news/create; §5 content required, up to 1000. */
export const newsCreateCall = defineCall<typeof newsCreateInput, { news: NewsItem }>()({
  path: '/news/create',
  domain: 'members',
  permission,
  input: newsCreateInput,
});

export const newsUpdateInput = z.extend(newsSchema, { newsId: idSchema, version: versionSchema });
/** SPEC §2 /admin/news/:newsId/edit. */
export const newsUpdateCall = defineCall<typeof newsUpdateInput, { news: NewsItem }>()({
  path: '/news/update',
  domain: 'members',
  permission,
  input: newsUpdateInput,
});

export const newsDeleteCall = defineCall<typeof newsIdInput, Record<string, never>>()({
  path: '/news/delete',
  domain: 'members',
  permission,
  input: newsIdInput,
});

export const memberNewsListInput = z.object(pageInput());
/** SPEC §2 /user/:teamId/news: the news for every member and for the caller's groups, newest first. */
export const memberNewsListCall = defineCall<typeof memberNewsListInput, Page<MemberNewsItem>>()({
  path: '/member_news/list',
  domain: 'members',
  permission: 'member',
  input: memberNewsListInput,
});

/** Marks one news item read for the caller; reading it again changes nothing. */
export const memberNewsReadCall = defineCall<typeof newsIdInput, Record<string, never>>()({
  path: '/member_news/read',
  domain: 'members',
  permission: 'member',
  input: newsIdInput,
});
