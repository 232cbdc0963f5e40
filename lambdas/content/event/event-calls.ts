import { applyEventCall } from '../../../shared/api/calls/events';
import { implement, teamOf, type CallImpl } from '../../core/http/implement';
import { applyToEvent } from './apply-event';

/** The member's event calls beyond the shared content item ones: applying (SPEC §4 unapplied). */
export const eventCallImpls: CallImpl[] = [
  implement(applyEventCall, async ({ eventId }, ctx) => {
    const team = teamOf(ctx);
    return applyToEvent(team.teamId, eventId, { kind: 'member', role: team.role, groupIds: team.user.groupIds ?? [] }, team.userId, new Date());
  }),
];
