import {
  getMemberVideoCall,
  listNewerMemberVideosCall,
  recordMemberVideoProgressCall,
  type MemberVideoRow,
} from '../../shared/api/calls/member-videos';
import type { Video } from '../../shared/api/calls/videos';
import { AppError } from '../http/app-error';
import { implement, teamOf, type CallContext, type CallImpl } from '../http/implement';
import { grantPlayback } from '../media/playback-cookies';
import { canSeeGroups, decideVideoAccess, memberViewOf, type Viewer } from './member-video-access';
import { getMemberView, recordViewEvent, resumeOf } from './member-view';
import { getVideo, listPublishedVideos, type PublishedRow } from './video';

const viewerOf = (ctx: CallContext): Viewer => {
  const team = teamOf(ctx);
  return { role: team.role, groupIds: team.user.groupIds ?? [] };
};

/** The video and its access state, or the refusal: not found (404) or outside its groups (403), revealing nothing. */
async function accessibleVideo(teamId: string, videoId: string, viewer: Viewer, now: Date) {
  const video = await getVideo(teamId, videoId);
  const access = decideVideoAccess(video, viewer, now);
  if (access === 'notFound') throw new AppError('video/not_found');
  if (access === 'notInGroup') throw new AppError('common/no_operation_authority');
  return { video: video as Video, state: access };
}

const rowOf = (r: PublishedRow): MemberVideoRow => ({
  videoId: r.videoId,
  title: r.title,
  ...(r.thumbnailKey ? { thumbnailKey: r.thumbnailKey } : {}),
  ...(r.generatedThumbnailKey ? { generatedThumbnailKey: r.generatedThumbnailKey } : {}),
  ...(r.durationSeconds !== undefined ? { durationSeconds: r.durationSeconds } : {}),
  ...(r.releasedAt ? { releasedAt: r.releasedAt } : {}),
  createdAt: r.createdAt,
});

/** The member side of videos: the watch page, view events and the newer list. */
export const memberVideoCalls: CallImpl[] = [
  implement(getMemberVideoCall, async ({ videoId }, ctx) => {
    const team = teamOf(ctx);
    const now = new Date();
    const { video, state } = await accessibleVideo(team.teamId, videoId, viewerOf(ctx), now);
    const resume = resumeOf(await getMemberView(team.teamId, team.userId, videoId));
    if (state !== 'visible' || !video.playback) return { state, video: memberViewOf(video), resume };
    const grant = await grantPlayback(
      video.playback.masterPlaylistKey,
      video.subtitles.map((sub) => sub.key),
      now,
    );
    ctx.cookies = grant.cookies;
    const subtitles = video.subtitles.map((sub, i) => ({ language: sub.language, url: grant.subtitleUrls[i] }));
    return { state, video: memberViewOf(video), playback: { playlistUrl: grant.playlistUrl, subtitles, expiresAt: grant.expiresAt }, resume };
  }),

  implement(recordMemberVideoProgressCall, async ({ videoId, event, positionSeconds }, ctx) => {
    const team = teamOf(ctx);
    const now = new Date();
    const { state } = await accessibleVideo(team.teamId, videoId, viewerOf(ctx), now);
    if (state !== 'visible') throw new AppError('common/no_operation_authority');
    return resumeOf(await recordViewEvent(team.teamId, team.userId, videoId, event, positionSeconds, now));
  }),

  implement(listNewerMemberVideosCall, async ({ cursor, limit }, ctx) => {
    const team = teamOf(ctx);
    const viewer = viewerOf(ctx);
    const page = await listPublishedVideos(team.teamId, { cursor, limit });
    const items = page.items.filter((r) => viewer.role === 'admin' || canSeeGroups(r.groupIds, viewer.groupIds)).map(rowOf);
    return { items, ...(page.cursor ? { cursor: page.cursor } : {}) };
  }),
];
