import type { ContentItem } from '../../../shared/api/calls/content-items';
import type { PlaylistFields, PlaylistView } from '../../../shared/api/calls/playlists';
import type { ErrorCode } from '../../../shared/errors';
import { AppError } from '../../core/http/app-error';
import { memberEntitlements } from '../../core/entities/purchase';
import { itemRules } from '../items/item-types';
import { getVideos } from '../../core/entities/video';
import { playlistCards, playlistVideos } from './playlist-videos';

const videoIdsOf = (item: ContentItem): string[] => (item.fields as PlaylistFields).videoIds;

/**
 * SPEC §3 Playlist: videos of the team in the operator's order. The videos are its references (a video in a
 * playlist cannot be deleted); a member reads, while the playlist is visible, the videos they may see.
 */
export const playlistRules = itemRules<PlaylistFields, PlaylistView>({
  type: 'playlist',
  notFound: 'playlist/not_found',
  ready: (item) => videoIdsOf(item).length > 0,
  references: (item) => videoIdsOf(item).map((id) => ({ type: 'video', id })),
  summary: (item) => String(videoIdsOf(item).length),
  async prepare(teamId, form) {
    const { videoIds } = form.fields;
    // One BatchGet in this team's keys: another team's id is simply not found.
    const found = new Set((await getVideos(teamId, videoIds)).map((v) => v.videoId));
    const fields: Record<string, ErrorCode> = {};
    videoIds.forEach((id, i) => {
      if (!found.has(id)) fields[`fields.videoIds.${i}`] = 'validation/invalid_value';
    });
    if (Object.keys(fields).length) throw new AppError('common/invalid_input', fields);
    return { videoIds: [...videoIds] };
  },
  async memberView(item, { teamId, viewer, userId, entitlements, state, now }) {
    if (state !== 'visible') return undefined;
    // A priced playlist has read the member's purchases already; otherwise they are read only for a priced video.
    const purchases = item.priceIds.length
      ? async () => entitlements.purchases
      : userId
        ? () => memberEntitlements(teamId, userId)
        : undefined;
    const entries = await playlistVideos(teamId, item.fields.videoIds, { viewer, ...(purchases ? { purchases } : {}) }, now);
    return { videos: await playlistCards(entries, now) };
  },
});
