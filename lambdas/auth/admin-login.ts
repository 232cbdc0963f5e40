import type { AdminTeam } from '../../shared/api/calls/auth';
import { hasTotpMfa } from '../platform/identity';
import { getSiteSettings } from '../core/entities/site-settings';
import { getTeam } from '../core/entities/team';
import { twoFactorRequiredFor } from '../core/access/login-outcome';
import { recordLoginSession } from '../core/access/login-session';

/**
 * The admin login's teams (SPEC §4): each team this person administers, and for a team that requires
 * administrators to use TOTP, the member path's two-factor rule: the identity provider is asked once
 * whether the account has TOTP, and the answer is recorded as the login session (as /auth/member_login
 * does), which every admin call of that team then checks (`checkTeamCallSecurity`).
 */
export async function adminTeamsOf(userId: string, teamIds: string[], now = new Date()): Promise<AdminTeam[]> {
  const found = await Promise.all(teamIds.map(async (teamId) => ({ team: await getTeam(teamId), settings: await getSiteSettings(teamId) })));
  let enrolled: Promise<boolean> | undefined;
  const teams: AdminTeam[] = [];
  for (const { team, settings } of found) {
    if (!team) continue;
    if (!twoFactorRequiredFor('admin', settings)) {
      teams.push({ teamId: team.teamId, siteName: team.siteName });
      continue;
    }
    enrolled ??= hasTotpMfa(userId);
    const withTotp = await enrolled;
    await recordLoginSession(team.teamId, userId, withTotp, now);
    teams.push({ teamId: team.teamId, siteName: team.siteName, ...(withTotp ? {} : { twoFactorNotConfigured: true as const }) });
  }
  return teams;
}
