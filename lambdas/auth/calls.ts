import { adminLoginCall } from '../../shared/api/calls/auth';
import { AppError } from '../http/app-error';
import { implement } from '../http/implement';
import { getTeam } from '../teams/team';
import { listMemberships } from '../teams/team-user';

export const authCalls = [
  /** SPEC §4/§8: only administrators pass the admin login; a member-only account is told so. */
  implement(adminLoginCall, async (_input, ctx) => {
    const userId = ctx.caller!.userId;
    const memberships = await listMemberships(userId);
    const adminOf = memberships.filter((m) => m.role === 'admin');
    if (adminOf.length === 0) {
      throw new AppError(memberships.length > 0 ? 'auth/no_admin_account' : 'common/no_team');
    }
    const teams = await Promise.all(adminOf.map((m) => getTeam(m.teamId)));
    return {
      userId,
      teams: teams.flatMap((t) => (t ? [{ teamId: t.teamId, siteName: t.siteName }] : [])),
    };
  }),
];
