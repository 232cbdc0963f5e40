import type { ContentItem, ContentItemType, MemberContentAnswer, MemberContentItem, MemberContentState } from '../../../shared/api/calls/content-items';
import { decideContentAccess, grantedByParent, type AccessibleContent, type ContentViewer, type Entitlements } from '../../../shared/content-access';
import { AppError } from '../../core/http/app-error';
import { signMediaUrl } from '../../core/media/playback-cookies';
import { memberEntitlements } from '../../core/entities/purchase';
import { attachedFilesOf } from '../files/attached-files';
import { isInCatalog } from '../../core/entities/listing-entry';
import { getContentItem } from '../../core/entities/content-item';
import type { ContentRef } from '../../core/entities/content-references';
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
    files: await attachedFilesOf(teamId, item.fileIds, visible, now),
  };
}

/**
 * An item and the one access decision over it for `viewer`, or undefined when they may not know of it (missing,
 * another team's, outside the catalog for visitors, hidden). The member page below and any call moving within an
 * item (a playlist's next video) read it here, so both decide alike.
 */
export async function itemAccess(
  teamId: string,
  type: ContentItemType,
  id: string,
  viewer: ContentViewer,
  userId: string | undefined,
  now: Date,
  through?: ParentRef,
): Promise<{ item: ContentItem; state: MemberContentState; entitlements: Entitlements } | undefined> {
  const rules = itemRulesOf(type);
  const [item, granted] = await Promise.all([
    getContentItem(teamId, type, id),
    through ? parentGrants(teamId, through, { type, id }, viewer, userId, now) : true,
  ]);
  // Visitors see only what the catalog lists (public, for every member).
  if (!item || !granted || (viewer.kind === 'visitor' && !isInCatalog(item))) return undefined;
  const access = through ? grantedByParent(accessibleItem(item, rules)) : accessibleItem(item, rules);
  const entitlements = await entitlementsFor(teamId, item, rules, access, viewer, userId);
  const state = decideContentAccess(access, viewer, entitlements, now);
  return state === 'hidden' ? undefined : { item, state, entitlements };
}

/**
 * A parent item a content is opened through (an event: SPEC §2 event/:eventId/:videoId/item_select,
 * event/pdf/:eventId/:pdfId/item_select, event/live/:eventId/:liveId/item_select).
 */
export interface ParentRef {
  type: ContentItemType;
  id: string;
}

/**
 * True when `parent` opens `ref` to this member: the parent's rules grant it (`ItemTypeRules.grants`: the event
 * holds the content) and the parent is itself `visible` to them (applied and inside the hold period, and its own
 * prices and viewable period). Callers answer anything else as the content's not-found, revealing nothing of the
 * parent either.
 */
export async function parentGrants(
  teamId: string,
  parent: ParentRef,
  ref: ContentRef,
  viewer: ContentViewer,
  userId: string | undefined,
  now: Date,
): Promise<boolean> {
  const rules = itemRulesOf(parent.type);
  if (viewer.kind !== 'member' || !rules.grants) return false;
  const decided = await itemAccess(teamId, parent.type, parent.id, viewer, userId, now);
  return decided?.state === 'visible' && rules.grants(decided.item, ref);
}

/** `through`: opened through that parent (see `parentGrants`); the item's own audience is then the parent's. */
export async function memberContent(
  teamId: string,
  type: ContentItemType,
  id: string,
  viewer: ContentViewer,
  userId: string | undefined,
  now = new Date(),
  through?: ParentRef,
): Promise<MemberContentAnswer> {
  const rules = itemRulesOf(type);
  const decided = await itemAccess(teamId, type, id, viewer, userId, now, through);
  if (!decided) throw new AppError(rules.notFound);
  const { item, state, entitlements } = decided;
  const [common, view] = await Promise.all([
    memberItemOf(teamId, item, state === 'visible', now),
    rules.memberView?.(item, { teamId, viewer, ...(userId ? { userId } : {}), entitlements, state, now }),
  ]);
  return { state, item: common, ...(view !== undefined ? { view } : {}), ...(state === 'unpurchased' ? { priceIds: item.priceIds } : {}) };
}

/**
 * SPEC §2 catalog preview mode: the item's page as a member who may open it sees it (an administrator's view with
 * every entitlement), whatever its status, publication period, groups, prices or release period, so the operator can
 * check it before publishing. Only readiness still counts: an item without its file has no page yet.
 */
export async function previewContent(teamId: string, type: ContentItemType, id: string, now = new Date()): Promise<MemberContentAnswer> {
  const rules = itemRulesOf(type);
  const item = await getContentItem(teamId, type, id);
  if (!item || !rules.ready(item)) throw new AppError(rules.notFound);
  const viewer = { kind: 'member', role: 'admin', groupIds: [] } as const;
  const entitlements: Entitlements = { purchases: item.priceIds.map((priceId) => ({ priceId })), appliedEventIds: [item.id] };
  const state = 'visible';
  const [common, view] = await Promise.all([memberItemOf(teamId, item, true, now), rules.memberView?.(item, { teamId, viewer, entitlements, state, now })]);
  return { state, item: common, ...(view !== undefined ? { view } : {}) };
}
