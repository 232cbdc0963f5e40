import type { AccessibleContent } from '../../../shared/content-access';
import type { ContentType } from '../../../shared/content-types';

/**
 * What the listing core knows of a content item, whatever its type: the facts that decide where it is listed
 * (publication, list-hidden, groups, catalog), its taxonomy references, the text search matches, and the card a
 * list shows. Each content type maps its own record to an entry (video: `listingEntryOf` in video.ts) and
 * keeps every other field to itself.
 */
export interface ListingEntry {
  type: ContentType;
  id: string;
  /** The item's stored version: list rows of an older version never overwrite a newer one's. */
  version: number;
  title: string;
  /** Searched with the title (SPEC: title and overview). */
  overview: string;
  /** The card's image key (the operator's thumbnail, else a generated one). */
  thumbnailKey?: string;
  durationSeconds?: number;
  releasedAt?: string;
  createdAt: string;
  /** The item's last save (the update date sort). */
  updatedAt: string;
  status: AccessibleContent['status'];
  publicationPeriod?: AccessibleContent['publicationPeriod'];
  isPublic: boolean;
  isListHidden: boolean;
  /** False while there is nothing to show yet (a video with no playable version). */
  ready: boolean;
  groupIds: readonly string[];
  categoryId?: string;
  tagIds: readonly string[];
  creatorId?: string;
}

/** Listed in the member lists: published (now or in a period), not hidden from lists, and ready. */
export const isListedEntry = (e: Pick<ListingEntry, 'status' | 'isListHidden' | 'ready'>): boolean =>
  e.status !== 'private' && !e.isListHidden && e.ready;

/** Listed in the catalog too: public, and (as SPEC §5 demands of a public item) for every member. */
export const isInCatalog = (e: { isPublic: boolean; groupIds: readonly string[] }): boolean => e.isPublic && e.groupIds.length === 0;

/**
 * Text as search compares it: NFKC (full-width letters and digits, half-width kana), lower case, katakana as
 * hiragana ("ドウガ" finds "どうが"), no spaces.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60))
    .replace(/\s+/g, '');
}

/** Bounds the list rows' size (an overview may be long); the start of an overview is what people search. */
export const LIST_SEARCH_TEXT_MAX = 1000;

/**
 * What member and catalog search match against: title and overview as search text, joined by a line break
 * (a query never holds one, so no match spans the two).
 */
export const listSearchText = (e: Pick<ListingEntry, 'title' | 'overview'>): string =>
  `${normalizeSearchText(e.title)}\n${normalizeSearchText(e.overview.slice(0, LIST_SEARCH_TEXT_MAX * 2))}`.slice(0, LIST_SEARCH_TEXT_MAX);
