import type { MemberVideo } from '../../../shared/api/calls/member-videos';
import type { PlaylistFields } from '../../../shared/api/calls/playlists';
import type { ContentViewer } from '../../../shared/content-access';
import { itemAccess } from '../items/member-content';
import { playlistVideos } from './playlist-videos';

/**
 * Watching inside a playlist (SPEC §2 `playlist/:parentId/:videoId`, member area and catalog): what follows the
 * video is the playlist's next video this viewer may open (ones they may not are skipped), not the video's own
 * completion action. The playlist must be visible to the viewer (the state in which its member view lists its
 * videos) and hold the video; otherwise the answer is undefined and the call answers like an unknown video,
 * revealing nothing of the playlist. The video's own access is decided by the call as without a playlist.
 */
export async function nextInPlaylist(
  teamId: string,
  playlistId: string,
  videoId: string,
  viewer: ContentViewer,
  userId: string | undefined,
  now: Date,
): Promise<{ nextVideoId?: string } | undefined> {
  const decided = await itemAccess(teamId, 'playlist', playlistId, viewer, userId, now);
  if (!decided || decided.state !== 'visible') return undefined;
  const { videoIds } = decided.item.fields as PlaylistFields;
  const at = videoIds.indexOf(videoId);
  if (at < 0) return undefined;
  // Only the videos after this one are read; whether one opens does not depend on purchases.
  const [next] = await playlistVideos(teamId, videoIds.slice(at + 1), { viewer }, now);
  return next ? { nextVideoId: next.video.videoId } : {};
}

/** The watch view with the playlist deciding what follows: its next video, or nothing after the last one. */
export function withPlaylistNext(view: MemberVideo, inPlaylist: { nextVideoId?: string }): MemberVideo {
  const { nextVideoId: _own, ...rest } = view;
  return inPlaylist.nextVideoId ? { ...rest, completionAction: 'nextVideo', nextVideoId: inPlaylist.nextVideoId } : { ...rest, completionAction: 'none' };
}
