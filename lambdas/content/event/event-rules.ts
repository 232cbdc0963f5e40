import type { ContentItem } from '../../../shared/api/calls/content-items';
import type { EventContentCard, EventContentRef, EventFields, EventFieldsForm, EventView } from '../../../shared/api/calls/events';
import type { ErrorCode } from '../../../shared/errors';
import { AppError } from '../../core/http/app-error';
import { signMediaUrl } from '../../core/media/playback-cookies';
import { getContentItems } from '../../core/entities/content-item';
import { itemRules } from '../items/item-types';
import { getVideos } from '../../core/entities/video';
import { hasApplied } from './event-application';

const fieldsOf = (item: ContentItem): EventFields => item.fields as EventFields;
const keyOf = (c: { type: string; id: string }) => `${c.type}#${c.id}`;
const idsOf = (contents: readonly EventContentRef[], type: EventContentRef['type']) => contents.filter((c) => c.type === type).map((c) => c.id);

/** Title and thumbnail of each content of the team that exists, by `type#id` (videos and content items alike). */
async function contentCards(teamId: string, contents: readonly EventContentRef[]): Promise<Map<string, { title: string; thumbnailKey?: string }>> {
  const [videos, lives, pdfs] = await Promise.all([
    getVideos(teamId, idsOf(contents, 'video')),
    getContentItems(teamId, 'live', idsOf(contents, 'live')),
    getContentItems(teamId, 'pdf', idsOf(contents, 'pdf')),
  ]);
  const cards = new Map<string, { title: string; thumbnailKey?: string }>();
  for (const v of videos) {
    const thumbnailKey = v.thumbnailKey ?? v.playback?.thumbnailKey;
    cards.set(keyOf({ type: 'video', id: v.videoId }), { title: v.title, ...(thumbnailKey ? { thumbnailKey } : {}) });
  }
  for (const i of [...lives, ...pdfs]) cards.set(keyOf(i), { title: i.title, ...(i.thumbnailKey ? { thumbnailKey: i.thumbnailKey } : {}) });
  return cards;
}

/**
 * SPEC §3 Event (application format): members apply in the application period and open its contents (videos,
 * lives, PDFs of the team) in the hold period. Its contents are references, so none of them can be deleted while
 * the event holds it; the event grants its contents to whoever it is visible to (`grants`), which is how a
 * private or group-limited video reaches the event's applicants.
 */
export const eventRules = itemRules<EventFields, EventView>({
  type: 'event',
  notFound: 'common/not_found',
  ready: () => true,
  references: (item) => fieldsOf(item).contents.map(({ type, id }) => ({ type, id })),
  summary: (item) => String(fieldsOf(item).contents.length),
  async prepare(teamId, form) {
    // The form's dates were read as Dates by the schema; stored as ISO text like every other time.
    const fields = form.fields as unknown as EventFieldsForm;
    const found = await contentCards(teamId, fields.contents);
    const missing: Record<string, ErrorCode> = {};
    fields.contents.forEach((c, i) => {
      if (!found.has(keyOf(c))) missing[`fields.contents.${i}.id`] = 'validation/invalid_value';
    });
    if (Object.keys(missing).length) throw new AppError('common/invalid_input', missing);
    return {
      format: fields.format,
      applicationStart: fields.applicationStart.toISOString(),
      applicationEnd: fields.applicationEnd.toISOString(),
      holdStart: fields.holdStart.toISOString(),
      holdEnd: fields.holdEnd.toISOString(),
      contents: fields.contents.map(({ type, id }) => ({ type, id })),
    };
  },
  access(item) {
    const f = item.fields;
    return {
      event: {
        eventId: item.id,
        applicationPeriod: { start: f.applicationStart, end: f.applicationEnd },
        holdPeriod: { start: f.holdStart, end: f.holdEnd },
      },
    };
  },
  appliedBy: (teamId, userId, item) => hasApplied(teamId, item.id, userId),
  grants: (item, ref) => item.fields.contents.some((c) => c.type === ref.type && c.id === ref.id),
  async memberView(item, { teamId, state, entitlements, now }) {
    const f = item.fields;
    const found = await contentCards(teamId, f.contents);
    // A content deleted in the same instant as the event took it is left out rather than shown broken.
    const contents = await Promise.all(
      f.contents.flatMap((c): Promise<EventContentCard>[] => {
        const card = found.get(keyOf(c));
        if (!card) return [];
        return [
          (async () => ({
            type: c.type,
            id: c.id,
            title: card.title,
            ...(card.thumbnailKey ? { thumbnailUrl: await signMediaUrl(card.thumbnailKey, now) } : {}),
            openable: state === 'visible',
          }))(),
        ];
      }),
    );
    return {
      format: f.format,
      applicationStart: f.applicationStart,
      applicationEnd: f.applicationEnd,
      holdStart: f.holdStart,
      holdEnd: f.holdEnd,
      applied: entitlements.appliedEventIds.includes(item.id),
      contents,
    };
  },
});
