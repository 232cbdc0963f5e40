import type { MemberVideoState } from '../../../shared/api/calls/member-videos';
import type { PlaylistVideoCard } from '../../../shared/api/calls/playlists';
import type { Video } from '../../../shared/api/calls/videos';
import type { ContentViewer, Entitlements } from '../../../shared/content-access';
import { signMediaUrl } from '../../core/media/playback-cookies';
import { isInCatalog } from '../../core/entities/listing-entry';
import { decideVideoAccess } from '../../core/access/member-video-access';
import { getVideos, listingEntryOf } from '../../core/entities/video';

/**
 * A playlist's videos as one reader may know of them: each video goes through the video's own access decision
 * (a playlist grants nothing), so a video the reader may not know of (deleted, private, outside their groups,
 * not in the catalog for a visitor) is left out, and the others keep the playlist's order with their state.
 * The playlist's member view and its next video both read this.
 */
export interface PlaylistReader {
  viewer: ContentViewer;
  /**
   * The member's purchases, read only when some video is priced (one Query). Omitted where only "may they open
   * it" matters: an unpurchased video opens too (its page offers the prices).
   */
  purchases?: () => Promise<Entitlements['purchases']>;
}

export async function playlistVideos(
  teamId: string,
  videoIds: readonly string[],
  reader: PlaylistReader,
  now: Date,
): Promise<{ video: Video; state: MemberVideoState }[]> {
  if (!videoIds.length) return [];
  const videos = await getVideos(teamId, videoIds);
  const { viewer } = reader;
  const priced = viewer.kind === 'member' && viewer.role !== 'admin' && videos.some((v) => v.priceIds?.length);
  const purchases = priced && reader.purchases ? await reader.purchases() : [];
  return videos.flatMap((video) => {
    if (viewer.kind === 'visitor' && !isInCatalog(video)) return [];
    const access = decideVideoAccess(video, viewer, now, { purchases, appliedEventIds: [] });
    return access === 'notFound' || access === 'notInGroup' ? [] : [{ video, state: access }];
  });
}

/** The cards of a playlist's member view; thumbnails are signed URLs as in every content list. */
export async function playlistCards(entries: readonly { video: Video; state: MemberVideoState }[], now: Date): Promise<PlaylistVideoCard[]> {
  return Promise.all(
    entries.map(async ({ video, state }) => {
      // The operator's thumbnail, else the generated one: what the video's list card shows.
      const { thumbnailKey } = listingEntryOf(video);
      return {
        id: video.videoId,
        title: video.title,
        ...(thumbnailKey ? { thumbnailUrl: await signMediaUrl(thumbnailKey, now) } : {}),
        ...(video.durationSeconds !== undefined ? { durationSeconds: video.durationSeconds } : {}),
        state,
      };
    }),
  );
}
