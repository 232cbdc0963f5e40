import type { ContentItemType } from '../../shared/api/calls/content-items';
import { decideContentAccess, noEntitlements, type ContentViewer } from '../../shared/content-access';
import type { ContentType } from '../../shared/content-types';
import { AppError } from '../core/http/app-error';
import { type CardSource } from './content-lists';
import { getContentItems, listingEntryOf as itemEntryOf } from '../core/entities/content-item';
import { itemRulesOf } from './items/item-rules';
import { accessibleItem, itemAccess } from './items/member-content';
import { canOpenVideo } from '../core/access/member-video-access';
import { getVideo, getVideos, listingEntryOf as videoEntryOf } from '../core/entities/video';

/**
 * The title of a video or content item the member may open now (SPEC §4 not hidden to them: its own page opens);
 * otherwise the type's not-found, as for an unknown id, revealing nothing. Member actions on an item (save it,
 * comment on it) start here.
 */
export async function openableTitle(
  teamId: string,
  userId: string,
  viewer: ContentViewer & { kind: 'member' },
  type: ContentType,
  id: string,
  now: Date,
): Promise<string> {
  if (type === 'video') {
    const video = await getVideo(teamId, id);
    if (!video || !canOpenVideo(video, viewer, now)) throw new AppError('video/not_found');
    return video.title;
  }
  const access = await itemAccess(teamId, type, id, viewer, userId, now);
  if (!access) throw new AppError(itemRulesOf(type).notFound);
  return access.item.title;
}

/** Titles by `<type>#<id>` (one BatchGet per type present); deleted items are left out. */
export async function titlesOf(teamId: string, refs: readonly { contentType: ContentType; id: string }[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  await Promise.all(
    [...groupByType(refs)].map(async ([type, ids]) => {
      if (type === 'video') for (const v of await getVideos(teamId, ids)) titles.set(`video#${v.videoId}`, v.title);
      else for (const item of await getContentItems(teamId, type, ids)) titles.set(`${type}#${item.id}`, item.title);
    }),
  );
  return titles;
}

function groupByType(refs: readonly { contentType: ContentType; id: string }[]) {
  const byType = new Map<ContentType, string[]>();
  for (const r of refs) if (!byType.get(r.contentType)?.includes(r.id)) byType.set(r.contentType, [...(byType.get(r.contentType) ?? []), r.id]);
  return byType;
}

/**
 * The items of a member's own list (saved items, view log) this member may still know of (SPEC §4: not hidden to
 * them now), as card sources keyed `<type>#<id>`: one BatchGet per type present. Purchases and event applications
 * never hide an item, so none are read. Rows of items left out are kept: an item made visible again comes back.
 */
export async function visibleCardSources(
  teamId: string,
  refs: readonly { contentType: ContentType; id: string }[],
  viewer: ContentViewer & { kind: 'member' },
  now: Date,
): Promise<Map<string, CardSource>> {
  const sources = new Map<string, CardSource>();
  await Promise.all(
    [...groupByType(refs)].map(async ([type, ids]) => {
      if (type === 'video') {
        for (const video of await getVideos(teamId, ids)) {
          if (canOpenVideo(video, viewer, now)) sources.set(`video#${video.videoId}`, { ...videoEntryOf(video), contentType: 'video' });
        }
        return;
      }
      const rules = itemRulesOf(type as ContentItemType);
      for (const item of await getContentItems(teamId, type as ContentItemType, ids)) {
        if (decideContentAccess(accessibleItem(item, rules), viewer, noEntitlements, now) === 'hidden') continue;
        sources.set(`${type}#${item.id}`, { ...itemEntryOf(item, rules), contentType: type });
      }
    }),
  );
  return sources;
}

