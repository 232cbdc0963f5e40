import * as z from 'zod/mini';
import { code, invalidValue } from '../../rules/issues';
import { contentIdSchema } from './categories';
import { contentItemCalls } from './content-items';
import type { MemberVideoState } from './member-videos';

/** SPEC §3 Playlist: the common content fields and its videos, in the order members watch them. */
export const PLAYLIST_MAX_VIDEOS = 100;

export interface PlaylistFields {
  /** Videos of the team, in order, each once (lambdas/content/playlist/playlist-rules.ts checks they exist). */
  videoIds: string[];
}

export const playlistFieldsSchema = z.object(
  {
    videoIds: z.array(contentIdSchema, invalidValue).check(
      z.minLength(1, code('validation/required')),
      z.maxLength(PLAYLIST_MAX_VIDEOS, invalidValue),
      z.refine((ids) => new Set(ids).size === ids.length, invalidValue),
    ),
  },
  invalidValue,
);

/**
 * One video of a playlist as its reader sees it. Videos the reader may not know of (private, outside their groups,
 * not in the catalog for visitors, deleted) are left out of the view, so every card opens its watch page;
 * `state` says what that page shows them: playable now, before or after its playable period, or for sale.
 */
export interface PlaylistVideoCard {
  id: string;
  title: string;
  /** Signed, like every list thumbnail. */
  thumbnailUrl?: string;
  durationSeconds?: number;
  state: MemberVideoState;
}

/** What a member (or a catalog visitor) reads of a playlist while it is visible: its videos in order. */
export interface PlaylistView {
  videos: PlaylistVideoCard[];
}

export const playlistCalls = contentItemCalls<'playlist', typeof playlistFieldsSchema, PlaylistFields>('playlist', playlistFieldsSchema);
export const { list: listPlaylistsCall, get: getPlaylistCall, create: createPlaylistCall, update: updatePlaylistCall, remove: deletePlaylistCall, preview: previewPlaylistCall } = playlistCalls;
