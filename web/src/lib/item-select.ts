import type { ContentType } from '../../../shared/content-types';
import { listSegment } from './area-paths';

/**
 * SPEC §2 /user/:teamId/{video|pdf|live}/:id/item_select: the item opened from a selection, a member list (newer, a
 * category, tag or creator, search, a creator's page). The page is the item's own page; its way back leads to the
 * list it was chosen from, carried as the link's router state (`{ from }`), else to the type's list.
 */
export const selectableTypes: readonly ContentType[] = ['video', 'pdf', 'live'];

/** The item_select address of a card opened from a list, or undefined for a type without one. */
export const itemSelectPath = (base: string, type: ContentType, id: string): string | undefined =>
  selectableTypes.includes(type) ? `${base}/${type}/${encodeURIComponent(id)}/item_select` : undefined;

/** Whether the page shows an item opened from a selection (its address ends in /item_select, not under an event). */
export const isItemSelect = (pathname: string): boolean => /^\/user\/[^/]+\/(video|pdf|live)\/[^/]+\/item_select\/?$/.test(pathname);

/**
 * Where the way back leads: the list in the router state when it is a page of the same area and team (never
 * another site's address), else the type's list.
 */
export function selectionOrigin(state: unknown, base: string, type: ContentType): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from === 'string' && (from === base || from.startsWith(`${base}/`) || from.startsWith(`${base}?`)) && !from.startsWith('//') && !isItemSelect(from.split(/[?#]/)[0]!)) return from;
  return `${base}/${listSegment[type]}`;
}
