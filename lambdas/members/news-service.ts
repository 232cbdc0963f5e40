import { ulid } from 'ulid';
import type { MemberNewsItem, NewsItem } from '../../shared/api/calls/news';
import type { Page } from '../../shared/api/page';
import type { NewsInput } from '../../shared/rules/news';
import type { ErrorCode } from '../../shared/errors';
import { AppError } from '../core/http/app-error';
import { checkVersion, writeAtVersion, writeIfFound } from '../core/conditional-write';
import { getGroup } from '../core/entities/group';
import { deleteNews, getNews, listNews, listNewsForGroups, markNewsRead, putNewNews, readNewsIds, replaceNews } from './news';

type NewsForm = Required<Pick<NewsInput, 'title' | 'content'>> & { groupIds: string[] };

/** Each chosen group must be one of this team's (another team's id reads as unknown here). */
async function checkGroups(teamId: string, groupIds: readonly string[]): Promise<void> {
  const found = await Promise.all(groupIds.map((id) => getGroup(teamId, id, true)));
  const fields: Record<string, ErrorCode> = {};
  found.forEach((g, i) => {
    if (!g) fields[`groupIds.${i}`] = 'validation/invalid_value';
  });
  if (Object.keys(fields).length) throw new AppError('common/invalid_input', fields);
}

const formOf = (form: NewsForm) => ({ title: form.title, content: form.content, groupIds: [...new Set(form.groupIds)] });

export async function getNewsItem(teamId: string, newsId: string): Promise<NewsItem> {
  const news = await getNews(teamId, newsId, true);
  if (!news) throw new AppError('common/not_found');
  return news;
}

export const listNewsItems = listNews;

export async function createNews(teamId: string, form: NewsForm, now = new Date()): Promise<NewsItem> {
  await checkGroups(teamId, form.groupIds);
  const at = now.toISOString();
  const news: NewsItem = { newsId: ulid(now.getTime()), ...formOf(form), createdAt: at, updatedAt: at, version: 1 };
  await putNewNews(teamId, news);
  return news;
}

export async function updateNews(teamId: string, newsId: string, expectedVersion: number, form: NewsForm, now = new Date()): Promise<NewsItem> {
  const before = await getNewsItem(teamId, newsId);
  checkVersion(before, expectedVersion);
  await checkGroups(teamId, form.groupIds);
  const news: NewsItem = { ...before, ...formOf(form), updatedAt: now.toISOString(), version: before.version + 1 };
  await writeAtVersion(() => replaceNews(teamId, news, expectedVersion), () => getNewsItem(teamId, newsId));
  return news;
}

export async function removeNews(teamId: string, newsId: string): Promise<void> {
  await writeIfFound(() => deleteNews(teamId, newsId));
}

/** Who reads: the member's id and groups. */
export interface NewsReader {
  userId: string;
  groupIds: readonly string[];
}

const isFor = (news: NewsItem, reader: NewsReader) => news.groupIds.length === 0 || news.groupIds.some((g) => reader.groupIds.includes(g));

export async function listMemberNews(teamId: string, reader: NewsReader, opts: { cursor?: string; limit: number }): Promise<Page<MemberNewsItem>> {
  const page = await listNewsForGroups(teamId, reader.groupIds, opts);
  const read = await readNewsIds(teamId, reader.userId, page.items.map((n) => n.newsId));
  return {
    items: page.items.map((n) => ({ newsId: n.newsId, title: n.title, content: n.content, createdAt: n.createdAt, unread: !read.has(n.newsId) })),
    nextCursor: page.nextCursor,
  };
}

/** News the reader may not see is not found, as if it did not exist. */
export async function readMemberNews(teamId: string, reader: NewsReader, newsId: string): Promise<void> {
  const news = await getNews(teamId, newsId);
  if (!news || !isFor(news, reader)) throw new AppError('common/not_found');
  await markNewsRead(teamId, reader.userId, newsId);
}
