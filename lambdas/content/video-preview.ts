import type { CatalogVideoAnswer } from '../../shared/api/calls/catalog';
import { AppError } from '../core/http/app-error';
import { grantVideoPlayback } from '../core/media/playback-cookies';
import { attachedFilesOf } from './files/attached-files';
import { memberViewOf } from '../core/access/member-video-access';
import { getVideo } from '../core/entities/video';

/**
 * SPEC §2 catalog preview mode for a video: the watch page as a member who may open it sees it, whatever its status,
 * publication period, groups, prices or playable period, with its playback grant. A video not transcoded yet has no
 * page (`video/not_found`, as members get). The next video is named as set: the operator checks the setting itself.
 */
export async function previewVideo(teamId: string, videoId: string, now: Date): Promise<{ answer: CatalogVideoAnswer; cookies: string[] }> {
  const video = await getVideo(teamId, videoId);
  if (!video?.playback) throw new AppError('video/not_found');
  const [files, { playback, cookies }] = await Promise.all([
    attachedFilesOf(teamId, video.fileIds, true, now),
    grantVideoPlayback({ ...video, playback: video.playback }, now),
  ]);
  // The operator checks the video itself: a premiere's countdown and live position would stand in the way.
  const { realtimePremiere: _premiere, ...view } = memberViewOf(video);
  return { answer: { state: 'visible', video: view, playback, files, serverTime: now.toISOString() }, cookies };
}
