import type { MemberContentState } from '../../../shared/api/calls/content-items';
import { decideContentAccess, type ContentAccess, type ContentViewer } from '../../../shared/content-access';
import { AppError } from '../../core/http/app-error';
import { accessibleItem, itemAccess } from '../items/member-content';
import { putApplication } from './event-application';
import { eventRules } from './event-rules';

/** What applying does for a member in `state` (SPEC §4), `applied` or not yet. */
export type ApplicationDecision = 'apply' | 'alreadyApplied' | 'notFound' | 'closed';

/**
 * Only an `unapplied` member applies (the application period is open and the event is for them). Someone who
 * applied before gets the same answer again whatever the period says now (one application, idempotent); an event
 * they may not know of is not found; outside the application period it is refused.
 */
export function applicationDecision(state: ContentAccess, applied: boolean): ApplicationDecision {
  if (state === 'hidden') return 'notFound';
  if (applied) return 'alreadyApplied';
  return state === 'unapplied' ? 'apply' : 'closed';
}

/** `/member_content/apply_event`: records the member's application and answers their state after it. */
export async function applyToEvent(teamId: string, eventId: string, viewer: ContentViewer, userId: string, now: Date): Promise<{ state: MemberContentState }> {
  const decided = await itemAccess(teamId, 'event', eventId, viewer, userId, now);
  const { item, state, entitlements } = decided ?? {};
  const decision = applicationDecision(state ?? 'hidden', !!entitlements?.appliedEventIds.includes(eventId));
  if (decision === 'notFound' || !item || !state || !entitlements) throw new AppError('common/not_found');
  if (decision === 'closed') throw new AppError('common/illegal_operation');
  if (decision === 'alreadyApplied') return { state };
  // Lost to a concurrent apply of the same member: that one application stands, the answer is the same.
  await putApplication(teamId, eventId, userId, now);
  const after = decideContentAccess(accessibleItem(item, eventRules), viewer, { ...entitlements, appliedEventIds: [eventId] }, now);
  if (after === 'hidden') throw new AppError('common/not_found');
  return { state: after };
}
