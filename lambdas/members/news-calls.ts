import {
  memberNewsListCall,
  memberNewsReadCall,
  newsCreateCall,
  newsDeleteCall,
  newsGetCall,
  newsListCall,
  newsUpdateCall,
} from '../../shared/api/calls/news';
import { implement, teamOf } from '../core/http/implement';
import { createNews, getNewsItem, listMemberNews, listNewsItems, readMemberNews, removeNews, updateNews } from './news-service';

const readerOf = (team: ReturnType<typeof teamOf>) => ({ userId: team.userId, groupIds: team.user.groupIds ?? [] });

/** SPEC §2 /admin/news and /user/:teamId/news. */
export const newsCalls = [
  implement(newsListCall, async ({ cursor, limit }, ctx) => listNewsItems(teamOf(ctx).teamId, { cursor, limit })),
  implement(newsGetCall, async ({ newsId }, ctx) => ({ news: await getNewsItem(teamOf(ctx).teamId, newsId) })),
  implement(newsCreateCall, async (form, ctx) => ({ news: await createNews(teamOf(ctx).teamId, form) })),
  implement(newsUpdateCall, async ({ newsId, version, ...form }, ctx) => ({
    news: await updateNews(teamOf(ctx).teamId, newsId, version, form),
  })),
  implement(newsDeleteCall, async ({ newsId }, ctx) => {
    await removeNews(teamOf(ctx).teamId, newsId);
    return {};
  }),
  implement(memberNewsListCall, async ({ cursor, limit }, ctx) => {
    const team = teamOf(ctx);
    return listMemberNews(team.teamId, readerOf(team), { cursor, limit });
  }),
  implement(memberNewsReadCall, async ({ newsId }, ctx) => {
    const team = teamOf(ctx);
    await readMemberNews(team.teamId, readerOf(team), newsId);
    return {};
  }),
];
