import type { ComponentType } from 'react';
import type { ContentType } from '../../../shared/content-types';

/**
 * The parts of a member's or visitor's content page that other features own (save buttons, comments, the purchase
 * panel, the survey after a video, the playlist bar). A page takes them as slots and the route table
 * (web/src/router.tsx) fills them, loading them together with the page: no feature imports another.
 */
export interface ContentSlots {
  /** Bookmark and watch-later buttons (features/member-saved). */
  SaveButtons: ComponentType<{ type: ContentType; id: string }>;
  /** The item's comments (features/member-comments). */
  ContentComments: ComponentType<{ type: ContentType; id: string }>;
  /** Buying the item (features/purchases). */
  PurchasePanel: ComponentType<{ title: string; priceIds: readonly string[]; returnPath: string; onRefresh: () => void }>;
}

/** Where in a playlist the watched video stands (features/member-contents). */
export type WatchingPlaylistSlot = ComponentType<{ area: 'user' | 'catalog'; teamId: string; playlistId: string; videoId: string; base: string }>;

/** The member watch page's slots: the content slots, the survey shown when the video ends, the playlist bar. */
export interface WatchSlots extends ContentSlots {
  /** SPEC §3 completion action `survey` (features/member-enquete). */
  EnqueteAfterVideo: ComponentType<{ videoId: string }>;
  WatchingPlaylist: WatchingPlaylistSlot;
}
