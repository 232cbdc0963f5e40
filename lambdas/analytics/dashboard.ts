import type { DashboardAnswer } from '../../shared/api/calls/analytics';
import { DASHBOARD_CHART_DAYS } from '../../shared/constants';
import { daysOf } from '../../shared/rules/analytics-period';
import { getVideos, listVideos } from '../core/entities/video';
import { popularRanking } from '../core/entities/video-views';
import { listInvites } from '../core/entities/invite';
import { getDesign } from '../core/entities/site-design';
import type { Team } from '../core/entities/team';
import { listTeamUsers } from '../core/entities/team-user';
import { teamDays, teamMembersCounted } from '../core/entities/rollups';

const POPULAR_SHOWN = 5;
const NEWEST_SHOWN = 5;
const DAY_MS = 86_400_000;

/**
 * SPEC §2 dashboard in one call. Its reads, all at once: the team's last DASHBOARD_CHART_DAYS days (one Query),
 * the members counter (one GetItem), the popular ranking (one GetItem while fresh, shared with /videos/popular),
 * the newest members (one Query), and the start guide's existence checks (one Query of limit 1 each, and the
 * design item); then one BatchGet of the popular videos' titles.
 */
export async function dashboardOf(ctx: { teamId: string; team: Team }, now: Date): Promise<DashboardAnswer> {
  const { teamId, team } = ctx;
  const period = { from: new Date(now.getTime() - (DASHBOARD_CHART_DAYS - 1) * DAY_MS).toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) };
  const [byDay, counted, ranking, newest, videos, invites, design] = await Promise.all([
    teamDays(teamId, period.from, period.to),
    teamMembersCounted(teamId),
    popularRanking(teamId, now),
    listTeamUsers(teamId, 'member', { sort: 'created', order: 'desc', limit: NEWEST_SHOWN }),
    listVideos(teamId, { query: '', sort: 'newest', direction: 'desc', limit: 1 }),
    listInvites(teamId, { limit: 1 }),
    getDesign(teamId),
  ]);
  const top = ranking.items.slice(0, POPULAR_SHOWN);
  const titles = new Map((await getVideos(teamId, top.map((r) => r.videoId))).map((v) => [v.videoId, v.title]));

  const days = daysOf(period);
  let members = counted;
  const membersAt = new Map<string, number>();
  for (const day of [...days].reverse()) {
    membersAt.set(day, Math.max(0, members));
    members -= (byDay.get(day)?.signups ?? 0) - (byDay.get(day)?.leaves ?? 0);
  }
  return {
    days: days.map((day) => {
      const c = byDay.get(day);
      return { day, plays: c?.plays ?? 0, views: c?.views ?? 0, logins: c?.logins ?? 0, signups: c?.signups ?? 0, members: membersAt.get(day) ?? 0 };
    }),
    popularVideos: top.flatMap((r) => (titles.has(r.videoId) ? [{ videoId: r.videoId, title: titles.get(r.videoId)!, plays: r.views }] : [])),
    newestUsers: newest.users.map((u) => ({ userId: u.userId, name: u.name, createdAt: u.createdAt })),
    guide: {
      upload: videos.items.length > 0,
      design: design.version > 0,
      invite: invites.items.length > 0,
      billing: team.payment !== undefined || team.planSubscription !== undefined || team.plan !== 'trial',
    },
  };
}
