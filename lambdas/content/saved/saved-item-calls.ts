import { savedItemAddCall, savedItemListCall, savedItemRemoveCall, savedItemStatusCall } from '../../../shared/api/calls/saved-items';
import { implement, teamOf, type CallContext, type CallImpl } from '../../core/http/implement';
import { savedItemPage, savedStatus, saveItem, unsaveItem } from './saved-item-service';

/** The caller's own lists only: their user id comes from the session, never the input. */
const saverOf = (ctx: CallContext) => {
  const team = teamOf(ctx);
  return { teamId: team.teamId, userId: team.userId, viewer: { kind: 'member', role: team.role, groupIds: team.user.groupIds ?? [] } as const };
};

/** SPEC §2 /user/:teamId/bookmark and /user/:teamId/watchLater, and the two buttons on every content page. */
export const savedItemCalls: CallImpl[] = [
  implement(savedItemAddCall, async ({ list, type, id }, ctx) => {
    await saveItem(saverOf(ctx), list, type, id, new Date());
    return {};
  }),
  implement(savedItemRemoveCall, async ({ list, type, id }, ctx) => {
    await unsaveItem(saverOf(ctx), list, type, id);
    return {};
  }),
  implement(savedItemListCall, async ({ list, cursor, limit }, ctx) => savedItemPage(saverOf(ctx), list, { cursor, limit }, new Date())),
  implement(savedItemStatusCall, async ({ type, id }, ctx) => savedStatus(saverOf(ctx), type, id)),
];
