import { memberNoticeAdminListCall, readableMemberNoticeEvents } from '../../shared/api/calls/member-notices';
import { AppError } from '../core/http/app-error';
import { implement, teamOf, type CallImpl } from '../core/http/implement';
import { listMemberNotices } from './member-notices';

/** SPEC §3 registered, userSubscriptionRemoved, userAccountDeleted in-app: each administrator reads the events of their categories. */
export const memberNoticeCalls: CallImpl[] = [
  implement(memberNoticeAdminListCall, async ({ event, cursor, limit }, ctx) => {
    const team = teamOf(ctx);
    const readable = readableMemberNoticeEvents(team);
    const events = event ? readable.filter((e) => e === event) : readable;
    if (!events.length) throw new AppError('common/no_operation_authority');
    return listMemberNotices(team.teamId, events, { cursor, limit });
  }),
];
