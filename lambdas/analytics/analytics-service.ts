import type { ActivityCounts, ContentRow, DayCounts, UserRow } from '../../shared/api/calls/analytics';
import { ANALYTICS_ROWS_MAX } from '../../shared/api/calls/analytics';
import type { ErrorCode } from '../../shared/errors';
import { daysOf, isPeriodRefusal, resolveAnalysisPeriod, type AnalysisPeriodInput, type ResolvedPeriod } from '../../shared/rules/analytics-period';
import { AppError } from '../core/http/app-error';
import { isAuthorized } from '../core/http/authorize';
import { teamOf, type CallContext } from '../core/http/implement';
import { listGroupMemberIds } from '../core/entities/group';
import { getTeamUser, getTeamUsers, type TeamUser } from '../core/entities/team-user';
import { addCounts, emptyCounts, userDayRows, userTotals, teamDays, type ContentTotals } from '../core/entities/rollups';

/** Who the caller may see: the whole team (analyst administrators) or their analyst groups' members. */
export type AnalyticsScope = { kind: 'team' } | { kind: 'members'; userIds: ReadonlySet<string> };

/** A group manager's groups are small enough to read whole; more members than this are not counted. */
const SCOPE_MEMBERS_MAX = 10_000;

export async function scopeOf(ctx: CallContext): Promise<AnalyticsScope> {
  if (isAuthorized(ctx, 'admin.analysis')) return { kind: 'team' };
  const team = teamOf(ctx);
  const groupIds = Object.entries(team.managerOf ?? {})
    .filter(([, permissions]) => permissions.includes('analyst'))
    .map(([groupId]) => groupId);
  if (groupIds.length === 0) throw new AppError('common/no_operation_authority');
  const userIds = new Set<string>();
  await Promise.all(
    groupIds.map(async (groupId) => {
      let cursor: string | undefined;
      do {
        const page = await listGroupMemberIds(team.teamId, groupId, { limit: 100, cursor });
        for (const id of page.userIds) userIds.add(id);
        cursor = page.nextCursor;
      } while (cursor && userIds.size < SCOPE_MEMBERS_MAX);
    }),
  );
  return { kind: 'members', userIds };
}

export const inScope = (scope: AnalyticsScope, userId: string): boolean => scope.kind === 'team' || scope.userIds.has(userId);

/** The period the input stands for, or 400 with the field (and the plan's maximum for a too long range). */
export function periodOf(ctx: CallContext, period: AnalysisPeriodInput, now: Date): ResolvedPeriod {
  const resolved = resolveAnalysisPeriod(period, now, teamOf(ctx).plan);
  if (isPeriodRefusal(resolved)) {
    throw new AppError('common/invalid_input', { [`period.${resolved.field}`]: resolved.code as ErrorCode }, resolved.max ? { max: resolved.max } : undefined);
  }
  return resolved;
}

export const dayRows = (period: ResolvedPeriod, byDay: ReadonlyMap<string, ActivityCounts>): DayCounts[] =>
  daysOf(period).map((day) => ({ day, ...(byDay.get(day) ?? emptyCounts()) }));

/** The team's (or the manager's members') days of the period. */
export async function totalOf(teamId: string, scope: AnalyticsScope, period: ResolvedPeriod): Promise<{ days: DayCounts[]; totals: ActivityCounts }> {
  let byDay: Map<string, ActivityCounts>;
  if (scope.kind === 'team') {
    byDay = await teamDays(teamId, period.from, period.to);
  } else {
    byDay = new Map();
    for (const row of await userDayRows(teamId, daysOf(period))) {
      if (scope.userIds.has(row.userId)) byDay.set(row.day, addCounts(byDay.get(row.day) ?? emptyCounts(), row.counts));
    }
  }
  const days = dayRows(period, byDay);
  return { days, totals: days.reduce((sum, d) => addCounts(sum, d), emptyCounts()) };
}

/** Highest activity first: plays, then views, then watch time, then logins. */
const activityOrder = (a: ActivityCounts, b: ActivityCounts) =>
  b.plays - a.plays || b.views - a.views || b.watchSeconds - a.watchSeconds || b.logins - a.logins || b.testsTaken - a.testsTaken;

export const contentRows = (totals: readonly ContentTotals[]): ContentRow[] =>
  [...totals].sort((a, b) => activityOrder(a.counts, b.counts)).slice(0, ANALYTICS_ROWS_MAX);

/** Members' rows, scoped, highest first, named from their team records (one BatchGet of the rows shown). */
export async function userRows(teamId: string, scope: AnalyticsScope, byUser: ReadonlyMap<string, ActivityCounts>): Promise<UserRow[]> {
  const ranked = [...byUser]
    .filter(([userId]) => inScope(scope, userId))
    .sort(([, a], [, b]) => activityOrder(a, b))
    .slice(0, ANALYTICS_ROWS_MAX);
  const users = new Map((await getTeamUsers(teamId, ranked.map(([id]) => id))).map((u) => [u.userId, u]));
  return ranked.map(([userId, counts]) => ({ userId, name: users.get(userId)?.name ?? '', email: users.get(userId)?.email ?? '', counts }));
}

export async function usersOf(teamId: string, scope: AnalyticsScope, period: ResolvedPeriod): Promise<UserRow[]> {
  return userRows(teamId, scope, await userTotals(teamId, daysOf(period)));
}

/** The member a per-member page is about: of this team (else 404) and in the caller's scope (else 403). */
export async function memberInScope(teamId: string, scope: AnalyticsScope, userId: string): Promise<TeamUser> {
  const user = await getTeamUser(teamId, userId);
  if (!user) throw new AppError('common/no_user');
  if (!inScope(scope, userId)) throw new AppError('common/no_operation_authority');
  return user;
}
