import type { ContentItemType } from '../../shared/api/calls/content-items';
import { decideContentAccess, noEntitlements, type ContentViewer } from '../../shared/content-access';
import type { ContentType } from '../../shared/content-types';
import { type CardSource } from './content-lists';
import { getContentItems, listingEntryOf as itemEntryOf } from './items/content-item';
import { itemRulesOf } from './items/item-rules';
import { accessibleItem } from './items/member-content';
import { canOpenVideo } from './member-video-access';
import { getVideos, listingEntryOf as videoEntryOf } from './video';

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
  const byType = new Map<ContentType, string[]>();
  for (const r of refs) byType.set(r.contentType, [...(byType.get(r.contentType) ?? []), r.id]);
  const sources = new Map<string, CardSource>();
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
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

