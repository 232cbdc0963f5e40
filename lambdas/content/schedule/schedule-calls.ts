import { memberScheduleListCall } from '../../../shared/api/calls/schedule';
import { implement, teamOf, type CallImpl } from '../../core/http/implement';
import { memberSchedule } from './member-schedule';

export const scheduleCalls: CallImpl[] = [
  implement(memberScheduleListCall, ({ from, to }, ctx) => {
    const team = teamOf(ctx);
    return memberSchedule(team.teamId, { from, to }, { kind: 'member', role: team.role, groupIds: team.user.groupIds ?? [] }, team.userId, new Date());
  }),
];
