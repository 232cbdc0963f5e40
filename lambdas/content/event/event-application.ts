import { ConditionFailedError, getItem, putItem, query, type Item } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';

/**
 * A member's application to an event (SPEC §4 unapplied -> before event), one item per event and member:
 *
 *   pk T#<t>#EVENTAPPLY#<eventId>     sk U#<userId>
 *
 * so "has this member applied?" is one GetItem and an event's applicants are one Query on pk. Written with
 * `attribute_not_exists`, so applying twice (two tabs, a retry) is still one application, never a second one.
 * Kept when the event is deleted: nothing reads it without the event, and an event id is never reused.
 */
export interface EventApplication {
  eventId: string;
  userId: string;
  appliedAt: string;
}

type ApplicationItem = Item & EventApplication;

const eventPk = (teamId: string, eventId: string) => teamKey(teamId, 'EVENTAPPLY', assertId(eventId, 'eventId'));
const applicationKey = (teamId: string, eventId: string, userId: string) => ({
  pk: eventPk(teamId, eventId),
  sk: `U#${assertId(userId, 'userId')}`,
});

/** Consistent: a member who has just applied must see the event as applied on the next page load. */
export async function hasApplied(teamId: string, eventId: string, userId: string): Promise<boolean> {
  return !!(await getItem<ApplicationItem>(applicationKey(teamId, eventId, userId), true));
}

/** Records the application; answers false when it already existed (nothing written). */
export async function putApplication(teamId: string, eventId: string, userId: string, now: Date): Promise<boolean> {
  try {
    await putItem({ ...applicationKey(teamId, eventId, userId), type: 'eventApplication', eventId, userId, appliedAt: now.toISOString() }, { ifNotExists: true });
    return true;
  } catch (e) {
    if (e instanceof ConditionFailedError) return false;
    throw e;
  }
}

/** A page of an event's applications (one Query on its partition), for the operator's view of who applied. */
export async function listApplications(teamId: string, eventId: string, limit: number): Promise<EventApplication[]> {
  const page = await query<ApplicationItem>({ pk: eventPk(teamId, eventId), limit });
  return page.items.map(({ eventId: e, userId, appliedAt }) => ({ eventId: e, userId, appliedAt }));
}
