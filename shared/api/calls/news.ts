import * as z from 'zod/mini';
import { callsOf } from '../define';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import { newsSchema } from '../../rules/news';
import { versionSchema } from '../version';

const membersCall = callsOf('members');

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

export const newsListInput = z.object(pageInput());
/** SPEC §2 /admin/news: newest first. */
export const newsListCall = membersCall<typeof newsListInput, Page<NewsItem>>()('/news/list', permission, newsListInput);

export const newsGetCall = membersCall<typeof newsIdInput, { news: NewsItem }>()('/news/get', permission, newsIdInput);

export const newsCreateInput = newsSchema;
/** SPEC §2 /admin/news/create; §5 content required, up to 1000. */
export const newsCreateCall = membersCall<typeof newsCreateInput, { news: NewsItem }>()('/news/create', permission, newsCreateInput);

export const newsUpdateInput = z.extend(newsSchema, { newsId: idSchema, version: versionSchema() });
/** SPEC §2 /admin/news/:newsId/edit. */
export const newsUpdateCall = membersCall<typeof newsUpdateInput, { news: NewsItem }>()('/news/update', permission, newsUpdateInput);

export const newsDeleteCall = membersCall<typeof newsIdInput, Record<string, never>>()('/news/delete', permission, newsIdInput);

export const memberNewsListInput = z.object(pageInput());
/** SPEC §2 /user/:teamId/news: the news for every member and for the caller's groups, newest first. */
export const memberNewsListCall = membersCall<typeof memberNewsListInput, Page<MemberNewsItem>>()('/member_news/list', 'member', memberNewsListInput);

/** Marks one news item read for the caller; reading it again changes nothing. */
export const memberNewsReadCall = membersCall<typeof newsIdInput, Record<string, never>>()('/member_news/read', 'member', newsIdInput);
