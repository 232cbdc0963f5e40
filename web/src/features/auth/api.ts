import { adminLoginCall } from '../../../../shared/api/calls/auth';
import { callApi } from '../../lib/api';
import { ApiError } from '../../lib/api-error';
import { setTeamSession, type TeamSession } from '../../lib/team-session';

/**
 * After signing in on the admin login page: ask which teams this account administers and operate
 * the first. A member-only account is refused by the server with `auth/no_admin_account`.
 * `twoFactorNotConfigured`: that team requires administrators to use TOTP and this one has none yet.
 */
export async function startAdminSession(): Promise<TeamSession & { twoFactorNotConfigured?: true }> {
  const { userId, teams } = await callApi(adminLoginCall, {});
  const team = teams[0];
  if (!team) throw new ApiError(403, 'auth/no_admin_account');
  const session: TeamSession = { operatedTeamId: team.teamId, operatedUserId: userId, siteName: team.siteName };
  setTeamSession(session);
  return { ...session, ...(team.twoFactorNotConfigured ? { twoFactorNotConfigured: true as const } : {}) };
}
