import type { ContentItem, ContentItemForm, ContentItemType, MemberContentState } from '../../../shared/api/calls/content-items';
import type { AccessibleContent, ContentViewer, Entitlements } from '../../../shared/content-access';
import type { ErrorCode } from '../../../shared/errors';
import type { ItemShape } from '../../core/entities/content-item';
import type { ContentRef } from '../../core/entities/content-references';

/**
 * What one content type adds to the shared content item: its own `fields` checked and stored, readiness, its
 * references, what the access decision reads beyond the common fields, and its member view. One object per type
 * (`lambdas/content/<type>/<type>-rules.ts`), gathered in `item-rules.ts`; the calls, the entity, the listing
 * and the access decision are the same for all.
 */
export interface MemberViewContext {
  teamId: string;
  viewer: ContentViewer;
  /** The caller's user id (members), for per-member state such as an event application. */
  userId?: string;
  entitlements: Entitlements;
  state: MemberContentState;
  now: Date;
}

export interface ItemTypeRules<F = unknown, V = unknown> extends ItemShape {
  type: ContentItemType;
  /** The not-found code of this type (SPEC §8 has PDF and live ones). */
  notFound: ErrorCode;
  /**
   * Checks the form's `fields` in the team and answers what is stored (e.g. a PDF's page count read from its file).
   * Problems are thrown as AppError('common/invalid_input', { 'fields.<path>': code }).
   */
  prepare(teamId: string, form: ContentItemForm<F>, before: ContentItem<F> | undefined, now: Date): Promise<F>;
  /** Work after the item is deleted (its stored objects). */
  afterDelete?(teamId: string, item: ContentItem<F>): Promise<void>;
  /** What the access decision reads of this type beyond the common fields (an event's periods). */
  access?(item: ContentItem<F>): Partial<AccessibleContent>;
  /** Whether the member has applied (events): read only for items whose `access` names an event. */
  appliedBy?(teamId: string, userId: string, item: ContentItem<F>): Promise<boolean>;
  /**
   * Whether this item opens `ref` to whoever it is `visible` to (an event's contents, for its applicants during
   * the hold period). Asked only when a member opens a content through this item (`eventId` on `/member_video/get`
   * and `/member_content/get`, `openedThrough` in member-content.ts); the content's own audience (private,
   * publication period, groups) is then set aside, its prices and release period still apply
   * (`grantedByParent` in shared/content-access.ts). Types without it grant nothing.
   */
  grants?(item: ContentItem<F>, ref: ContentRef): boolean;
  /** The type's member view in `ctx.state` (undefined: nothing beyond the common part). */
  memberView?(item: ContentItem<F>, ctx: MemberViewContext): Promise<V | undefined>;
}

/** A type's rules typed by its fields, stored with the others. */
export const itemRules = <F, V>(rules: ItemTypeRules<F, V>): ItemTypeRules => rules as unknown as ItemTypeRules;
