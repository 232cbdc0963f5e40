import type { ContentItem, ContentItemType, MemberContentAnswer, MemberContentItem } from '../../../shared/api/calls/content-items';
import { decideContentAccess, type AccessibleContent, type ContentViewer, type Entitlements } from '../../../shared/content-access';
import { AppError } from '../../http/app-error';
import { signMediaUrl } from '../../media/playback-cookies';
import { memberEntitlements } from '../../payments/purchase';
import { getLibraryFiles } from '../files/library-file';
import { isInCatalog } from '../listing/listing-entry';
import { getContentItem } from './content-item';
import { itemRulesOf } from './item-rules';
import type { ItemTypeRules } from './item-types';

/**
 * The member page (and its catalog mirror) of any content item: the one access decision of SPEC §4 over the
 * item's common fields and what its type adds (an event's periods), then the type's own view. An item the viewer
 * may not know of answers the type's not-found code, revealing nothing (another team's id included).
 */
export const accessibleItem = (item: ContentItem, rules: ItemTypeRules): AccessibleContent => ({
  status: item.status,
  ...(item.publicationPeriod ? { publicationPeriod: item.publicationPeriod } : {}),
  isPublic: item.isPublic,
  groupIds: item.groupIds,
  ready: rules.ready(item),
  ...(item.viewablePeriod ? { releasePeriod: item.viewablePeriod } : {}),
  priceIds: item.priceIds,
  ...rules.access?.(item),
});

async function entitlementsFor(teamId: string, item: ContentItem, rules: ItemTypeRules, access: AccessibleContent, viewer: ContentViewer, userId?: string): Promise<Entitlements> {
  if (viewer.kind !== 'member' || !userId) return { purchases: [], appliedEventIds: [] };
  const [purchases, applied] = await Promise.all([
    item.priceIds.length && viewer.role !== 'admin' ? memberEntitlements(teamId, userId) : Promise.resolve([]),
    access.event && rules.appliedBy ? rules.appliedBy(teamId, userId, item) : Promise.resolve(false),
  ]);
  return { purchases, appliedEventIds: applied && access.event ? [access.event.eventId] : [] };
}

/** The common part a member page shows; attached files get download URLs only while the item is visible. */
async function memberItemOf(teamId: string, item: ContentItem, visible: boolean, now: Date): Promise<MemberContentItem> {
  const files = await getLibraryFiles(teamId, item.fileIds);
  return {
    id: item.id,
    type: item.type,
    title: item.title,
    overview: item.overview,
    ...(item.thumbnailKey ? { thumbnailUrl: await signMediaUrl(item.thumbnailKey, now) } : {}),
    ...(item.releasedAt ? { releasedAt: item.releasedAt } : {}),
    createdAt: item.createdAt,
    ...(item.categoryId ? { categoryId: item.categoryId } : {}),
    tagIds: item.tagIds,
    ...(item.creatorId ? { creatorId: item.creatorId } : {}),
    ...(item.viewablePeriod?.start ? { viewableStart: item.viewablePeriod.start } : {}),
    ...(item.viewablePeriod?.end ? { viewableEnd: item.viewablePeriod.end } : {}),
    files: await Promise.all(
      files.map(async (f) => ({ id: f.id, name: f.name, sizeBytes: f.sizeBytes, ...(visible ? { url: await signMediaUrl(f.key, now) } : {}) })),
    ),
  };
}

export async function memberContent(
  teamId: string,
  type: ContentItemType,
  id: string,
  viewer: ContentViewer,
  userId: string | undefined,
  now = new Date(),
): Promise<MemberContentAnswer> {
  const rules = itemRulesOf(type);
  const item = await getContentItem(teamId, type, id);
  // Visitors see only what the catalog lists (public, for every member).
  if (!item || (viewer.kind === 'visitor' && !isInCatalog(item))) throw new AppError(rules.notFound);
  const access = accessibleItem(item, rules);
  const entitlements = await entitlementsFor(teamId, item, rules, access, viewer, userId);
  const state = decideContentAccess(access, viewer, entitlements, now);
  if (state === 'hidden') throw new AppError(rules.notFound);
  const [common, view] = await Promise.all([
    memberItemOf(teamId, item, state === 'visible', now),
    rules.memberView?.(item, { teamId, viewer, ...(userId ? { userId } : {}), entitlements, state, now }),
  ]);
  return { state, item: common, ...(view !== undefined ? { view } : {}), ...(state === 'unpurchased' ? { priceIds: item.priceIds } : {}) };
}
