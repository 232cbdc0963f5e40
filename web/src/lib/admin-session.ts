import { adminLoginCall, type AdminTeam } from '../../../shared/api/calls/auth';
import { callApi } from './api';
import { ApiError } from './api-error';
import { setTeamSession, type TeamSession } from './team-session';

// Started by the admin login pages (features/auth) and right after registering a team (features/teams).
export type AdminSessionStart =
  | (TeamSession & { kind: 'operating'; twoFactorNotConfigured?: true })
  | { kind: 'choose'; teams: AdminTeam[] };

/**
 * After signing in on the admin login page: ask which teams this account administers. The only one, or the one
 * chosen on SPEC §2 /admin/item_select (`teamId`), becomes the operated team; an administrator of several teams
 * without a choice is answered `choose` with them. A member-only account is refused by the server with
 * `auth/no_admin_account`. `twoFactorNotConfigured`: that team requires administrators to use TOTP and this one
 * has none yet.
 */
export async function startAdminSession(teamId?: string): Promise<AdminSessionStart> {
  const { userId, teams } = await callApi(adminLoginCall, {});
  if (teams.length === 0) throw new ApiError(403, 'auth/no_admin_account');
  const team = teamId !== undefined ? teams.find((t) => t.teamId === teamId) : teams.length === 1 ? teams[0] : undefined;
  if (!team) return { kind: 'choose', teams };
  const session: TeamSession = { operatedTeamId: team.teamId, operatedUserId: userId, siteName: team.siteName, siteCount: teams.length };
  setTeamSession(session);
  return { kind: 'operating', ...session, ...(team.twoFactorNotConfigured ? { twoFactorNotConfigured: true as const } : {}) };
}
