import type { ContentItem } from '../../../shared/api/calls/content-items';
import type { ScheduleEntry } from '../../../shared/api/calls/schedule';
import { decideContentAccess, type ContentViewer, type Entitlements } from '../../../shared/content-access';
import { memberEntitlements } from '../../core/entities/purchase';
import { contentListPage } from '../content-lists';
import { getContentItems } from '../../core/entities/content-item';
import { itemRulesOf } from '../items/item-rules';
import { accessibleItem } from '../items/member-content';

/**
 * SPEC §2 /user/:teamId/schedule: the member's lives and events on a calendar. A team has tens of lives and events,
 * so the member's own newest-first lists of each type (the listing core, their audience partitions only) are read up
 * to `SCHEDULE_SCAN_MAX` items, their records fetched with one BatchGet per type, and each item decided by the one
 * access decision now; nothing the member may not know of is answered.
 */
export const SCHEDULE_SCAN_MAX = 200;
const PAGE = 50;

async function listedIds(teamId: string, type: 'live' | 'event', reader: ContentViewer, now: Date): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await contentListPage(teamId, 'member', { type, order: 'newer', limit: PAGE, ...(cursor ? { cursor } : {}) }, reader, now);
    ids.push(...page.items.map((c) => c.id));
    cursor = page.nextCursor;
  } while (cursor && ids.length < SCHEDULE_SCAN_MAX);
  return ids.slice(0, SCHEDULE_SCAN_MAX);
}

const overlaps = (start: string, end: string, from: string, to: string) => start <= to && end >= from;

interface Decided {
  item: ContentItem;
  state: ReturnType<typeof decideContentAccess>;
}

/** Each item with the access decision for this member: purchases read once, an event's application per event. */
async function decideAll(teamId: string, items: ContentItem[], reader: ContentViewer, userId: string, now: Date): Promise<Decided[]> {
  const member = reader.kind === 'member' && reader.role !== 'admin';
  const purchases = member && items.some((i) => i.priceIds.length) ? await memberEntitlements(teamId, userId) : [];
  return Promise.all(
    items.map(async (item) => {
      const rules = itemRulesOf(item.type);
      const access = accessibleItem(item, rules);
      const applied = access.event && rules.appliedBy ? await rules.appliedBy(teamId, userId, item) : false;
      const entitlements: Entitlements = { purchases, appliedEventIds: applied && access.event ? [access.event.eventId] : [] };
      return { item, state: decideContentAccess(access, reader, entitlements, now) };
    }),
  );
}

export async function memberSchedule(teamId: string, range: { from: Date; to: Date }, reader: ContentViewer, userId: string, now: Date): Promise<{ items: ScheduleEntry[] }> {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const [lives, events] = await Promise.all(
    (['live', 'event'] as const).map(async (type) => getContentItems(teamId, type, await listedIds(teamId, type, reader, now))),
  );
  const decided = await decideAll(teamId, [...lives, ...events], reader, userId, now);
  const entries: ScheduleEntry[] = [];
  for (const { item, state } of decided) {
    if (state === 'hidden') continue;
    const f = item.fields as { startAt?: string; endAt?: string; holdStart?: string; holdEnd?: string };
    // A live is on the calendar from its start to its end; an event over its hold period (applied or still open).
    const [start, end] = item.type === 'live' ? [f.startAt, f.endAt] : [f.holdStart, f.holdEnd];
    if (!start || !end || !overlaps(start, end, from, to)) continue;
    // Events the member neither applied to nor may still apply to are not theirs to plan for.
    if (item.type === 'event' && state === 'outsideApplicationPeriod') continue;
    entries.push({ type: item.type as 'live' | 'event', id: item.id, title: item.title, start, end, state });
  }
  return { items: entries.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : 1)) };
}
