import { adminLoginCall, type AdminTeam } from '../../../../shared/api/calls/auth';
import { callApi } from '../../lib/api';
import type { TeamSession } from '../../lib/team-session';

/** Where an administrator goes once a team is operated: TOTP enrolment when that team requires it, else the dashboard. */
export const adminLandingPath = (session: TeamSession & { twoFactorNotConfigured?: true }): string =>
  session.twoFactorNotConfigured ? `/two_factor/${encodeURIComponent(session.operatedTeamId)}?for=admin` : '/admin/dashboard';

/** The teams this signed-in account administers (SPEC §2 /admin/item_select lists them). */
export const listAdminTeams = async (): Promise<AdminTeam[]> => (await callApi(adminLoginCall, {})).teams;
