import { articleCalls } from '../../../shared/api/calls/articles';
import { pdfCalls } from '../../../shared/api/calls/pdfs';
import { eventCalls } from '../../../shared/api/calls/events';
import { liveCalls } from '../../../shared/api/calls/lives';
import { playlistCalls } from '../../../shared/api/calls/playlists';
import { getCatalogContentCall, getMemberContentCall, type ContentItemCalls, type ContentItemForm } from '../../../shared/api/calls/content-items';
import { AppError } from '../../core/http/app-error';
import { implement, teamOf, type CallImpl } from '../../core/http/implement';
import { getSiteSettings } from '../../core/entities/site-settings';
import { getContentItem, listContentItems } from '../../core/entities/content-item';
import { createItem, deleteItem, updateItem } from './item-service';
import { itemRulesOf } from './item-rules';
import { memberContent, previewContent } from './member-content';
import { recordView } from '../view-log/view-log-service';
import { emitActivity } from '../../core/events/domain-events';

/** The content types whose calls are served (each declares its calls with `contentItemCalls`). */
const callSets: readonly ContentItemCalls[] = [articleCalls as unknown as ContentItemCalls, pdfCalls as unknown as ContentItemCalls, playlistCalls as unknown as ContentItemCalls, eventCalls as unknown as ContentItemCalls, liveCalls as unknown as ContentItemCalls];

/** The admin calls of one type: the same implementation for every type, told its rules. */
function adminCalls(calls: ContentItemCalls): CallImpl[] {
  const rules = itemRulesOf(calls.type);
  return [
    implement(calls.list, async (input, ctx) => listContentItems(teamOf(ctx).teamId, calls.type, input, rules)),
    implement(calls.get, async ({ id }, ctx) => {
      const item = await getContentItem(teamOf(ctx).teamId, calls.type, id);
      if (!item) throw new AppError(rules.notFound);
      return item;
    }),
    implement(calls.create, async (form, ctx) => createItem(teamOf(ctx).teamId, rules, form as ContentItemForm)),
    implement(calls.update, async ({ id, version, ...form }, ctx) => updateItem(teamOf(ctx).teamId, rules, id, version, form as ContentItemForm)),
    implement(calls.remove, async ({ id }, ctx) => {
      await deleteItem(teamOf(ctx).teamId, rules, id);
      return {};
    }),
    implement(calls.preview, async ({ id }, ctx) => previewContent(teamOf(ctx).teamId, calls.type, id)),
  ];
}

export const contentItemCallImpls: CallImpl[] = [
  ...callSets.flatMap(adminCalls),

  implement(getMemberContentCall, async ({ type, id, eventId }, ctx) => {
    const team = teamOf(ctx);
    const viewer = { kind: 'member', role: team.role, groupIds: team.user.groupIds ?? [] } as const;
    const now = new Date();
    const answer = await memberContent(team.teamId, type, id, viewer, team.userId, now, eventId ? { type: 'event', id: eventId } : undefined);
    // The member's viewing history (SPEC §2 view_log) counts only a page they could view.
    if (answer.state === 'visible') {
      await Promise.all([
        recordView(ctx, team.teamId, team.userId, type, id, now),
        // Analytics (issue 14): a page opened; a live's page counts as the live watched too.
        emitActivity({ teamId: team.teamId, at: now, userId: team.userId, content: { type, id, title: answer.item.title }, counts: { views: 1, liveViews: type === 'live' ? 1 : 0 } }),
      ]);
    }
    return answer;
  }),

  // Catalog: 404 while the team's catalog is closed (the same answer as for an unknown team).
  implement(getCatalogContentCall, async ({ teamId, type, id }) => {
    if (!(await getSiteSettings(teamId)).catalogPublic) throw new AppError('common/not_found');
    return memberContent(teamId, type, id, { kind: 'visitor' }, undefined);
  }),
];
