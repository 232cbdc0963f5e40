import type { MemberVideo, MemberVideoState } from '../../shared/api/calls/member-videos';
import type { Video } from '../../shared/api/calls/videos';
import { isPublishedAt } from './video';

/** Who is watching: a team member (administrators preview everything their team publishes). */
export interface Viewer {
  role: 'admin' | 'member';
  groupIds: readonly string[];
}

/**
 * SPEC §4 member content access for one video at `now`:
 * - `notFound`: no such video, private, outside its publication period, or nothing playable yet;
 * - `notInGroup`: limited to groups the member is in none of (answered like a refusal, revealing nothing);
 * - `beforeRelease` / `afterRelease`: outside the playable period;
 * - `visible`.
 */
export type VideoAccess = MemberVideoState | 'notFound' | 'notInGroup';

export function decideVideoAccess(video: Video | undefined, viewer: Viewer, now: Date): VideoAccess {
  if (!video || video.status === 'private' || !isPublishedAt(video, now)) return 'notFound';
  if (video.currentVersion === undefined || !video.playback) return 'notFound';
  if (viewer.role !== 'admin' && !canSeeGroups(video.groupIds, viewer.groupIds)) return 'notInGroup';
  const at = now.toISOString();
  const period = video.playablePeriod;
  if (period?.start && at < period.start) return 'beforeRelease';
  if (period?.end && at >= period.end) return 'afterRelease';
  return 'visible';
}

/** A video limited to groups is for members of at least one of them; no groups means every member. */
export const canSeeGroups = (videoGroups: readonly string[], memberGroups: readonly string[]): boolean =>
  videoGroups.length === 0 || videoGroups.some((g) => memberGroups.includes(g));

/** The watch page's view of a video: what a member may know, nothing of the operator's fields. */
export function memberViewOf(video: Video): MemberVideo {
  return {
    videoId: video.videoId,
    title: video.title,
    overview: video.overview,
    chapters: video.chapters,
    subtitleLanguages: video.subtitles.map((s) => s.language),
    ...(video.durationSeconds !== undefined ? { durationSeconds: video.durationSeconds } : {}),
    ...(video.endButton ? { endButton: video.endButton } : {}),
    completionAction: video.completionAction,
    ...(video.completionAction === 'nextVideo' && video.nextVideoId ? { nextVideoId: video.nextVideoId } : {}),
    disableSeek: video.disableSeek,
    forcedPlayback: video.forcedPlayback,
    ...(video.playablePeriod?.start ? { playableStart: video.playablePeriod.start } : {}),
    ...(video.playablePeriod?.end ? { playableEnd: video.playablePeriod.end } : {}),
  };
}

/**
 * The view without `nextVideoId` when the next video is one this viewer could not open (deleted, private, outside
 * their groups, not in the catalog), so the page never counts down into a refusal.
 */
export async function withReachableNext(view: MemberVideo, canOpen: (videoId: string) => Promise<boolean>): Promise<MemberVideo> {
  if (!view.nextVideoId || (await canOpen(view.nextVideoId))) return view;
  const { nextVideoId: _next, ...rest } = view;
  return rest;
}

/** True when `viewer` may open the video's page (visible, or before/after its playable period). */
export const canOpenVideo = (video: Video | undefined, viewer: Viewer, now: Date): boolean => {
  const access = decideVideoAccess(video, viewer, now);
  return access !== 'notFound' && access !== 'notInGroup';
};
