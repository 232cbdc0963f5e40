import { listViewLogCall } from '../../../shared/api/calls/view-log';
import { implement, teamOf, type CallImpl } from '../../core/http/implement';
import { viewLogPage } from './view-log-service';

/** SPEC §2 /user/:teamId/view_log: the caller's own history only (their user id, never an input). */
export const viewLogCalls: CallImpl[] = [
  implement(listViewLogCall, async (input, ctx) => {
    const team = teamOf(ctx);
    const viewer = { kind: 'member', role: team.role, groupIds: team.user.groupIds ?? [] } as const;
    return viewLogPage(team.teamId, team.userId, viewer, input, new Date());
  }),
];
