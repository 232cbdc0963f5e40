import type { MemberVideo, MemberVideoState } from '../../../shared/api/calls/member-videos';
import type { Video } from '../../../shared/api/calls/videos';
import { decideContentAccess, grantedByParent, inAnyGroup, noEntitlements, type AccessibleContent, type ContentViewer, type Entitlements } from '../../../shared/content-access';

/** Who is watching: a team member (administrators preview everything their team publishes). */
export interface Viewer {
  role: 'admin' | 'member';
  groupIds: readonly string[];
}

/** A video as the one content-access decision reads it. */
export const accessibleVideo = (video: Video): AccessibleContent => ({
  status: video.status,
  ...(video.publicationPeriod ? { publicationPeriod: video.publicationPeriod } : {}),
  isPublic: video.isPublic,
  groupIds: video.groupIds,
  ready: video.currentVersion !== undefined && !!video.playback,
  ...(video.playablePeriod ? { releasePeriod: video.playablePeriod } : {}),
  priceIds: video.priceIds ?? [],
});

/**
 * SPEC §4 member content access for one video at `now`, decided by shared/content-access.ts:
 * - `notFound`: no such video, private, outside its publication period, or nothing playable yet;
 * - `notInGroup`: limited to groups the member is in none of (answered like a refusal, revealing nothing);
 * - `beforeRelease` / `afterRelease`: outside the playable period;
 * - `visible`.
 */
export type VideoAccess = MemberVideoState | 'notFound' | 'notInGroup';

export function decideVideoAccess(
  video: Video | undefined,
  viewer: Viewer | ContentViewer,
  now: Date,
  entitlements: Entitlements = noEntitlements,
  /** Opened through a parent that grants it (an event's video, `parentGrants`): its audience is the parent's. */
  throughParent = false,
): VideoAccess {
  if (!video) return 'notFound';
  const who: ContentViewer = 'kind' in viewer ? viewer : { kind: 'member', ...viewer };
  const content = throughParent ? grantedByParent(accessibleVideo(video)) : accessibleVideo(video);
  const access = decideContentAccess(content, who, entitlements, now);
  if (access === 'hidden') {
    const groupRefusal = who.kind === 'member' && decideContentAccess(content, { ...who, role: 'admin' }, entitlements, now) !== 'hidden';
    return groupRefusal ? 'notInGroup' : 'notFound';
  }
  if (access === 'visible' || access === 'beforeRelease' || access === 'afterRelease' || access === 'unpurchased') return access;
  // Videos have no event, and visitors are screened by the catalog call: anything else is not for this viewer.
  return 'notFound';
}

/** A video limited to groups is for members of at least one of them; no groups means every member. */
export const canSeeGroups = inAnyGroup;

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
    ...(video.completionAction === 'survey' && video.enqueteId ? { enqueteId: video.enqueteId } : {}),
    ...(video.completionAction === 'test' && video.testId ? { testId: video.testId } : {}),
    disableSeek: video.disableSeek,
    forcedPlayback: video.forcedPlayback,
    ...(video.playablePeriod?.start ? { playableStart: video.playablePeriod.start } : {}),
    ...(video.playablePeriod?.end ? { playableEnd: video.playablePeriod.end } : {}),
    // A real-time premiere (SPEC §3) begins at the playable start: without one it is an ordinary period.
    ...(video.playablePeriod?.realtimePremiere && video.playablePeriod.start ? { realtimePremiere: true as const } : {}),
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
export const canOpenVideo = (video: Video | undefined, viewer: Viewer | ContentViewer, now: Date): boolean => {
  const access = decideVideoAccess(video, viewer, now);
  return access !== 'notFound' && access !== 'notInGroup';
};
