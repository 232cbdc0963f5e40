import { listMemberContentCall } from '../../shared/api/calls/content-lists';
import { getMemberVideoCall, listMemberTaxonomyCall, recordMemberVideoProgressCall } from '../../shared/api/calls/member-videos';
import type { Video } from '../../shared/api/calls/videos';
import { AppError } from '../core/http/app-error';
import { attachedFilesOf } from './files/attached-files';
import { implement, teamOf, type CallContext, type CallImpl } from '../core/http/implement';
import { grantVideoPlayback } from '../core/media/playback-cookies';
import { canOpenVideo, decideVideoAccess, memberViewOf, withReachableNext, type Viewer } from '../core/access/member-video-access';
import { getMemberView, recordViewEvent, resumeOf } from './member-view';
import { getVideo } from '../core/entities/video';
import { contentListPage, taxonomyPage } from './content-lists';
import { countVideoStart } from '../core/entities/video-views';
import { memberEntitlements } from '../core/entities/purchase';
import { nextInPlaylist, withPlaylistNext } from './playlist/playlist-watch';
import { parentGrants } from './items/member-content';
import { recordView } from './view-log/view-log-service';
import { emitActivity } from '../core/events/domain-events';

const viewerOf = (ctx: CallContext): Viewer => {
  const team = teamOf(ctx);
  return { role: team.role, groupIds: team.user.groupIds ?? [] };
};

/**
 * The video and its access state, or the refusal: not found (404) or outside its groups (403), revealing nothing.
 * A priced video reads the member's purchases (one Query); a free one reads nothing more. With `eventId` the video
 * is opened through that event: granted only when the event is visible to the member and holds it (else 404,
 * whatever the video is), and then the event, not the video, decides who may see it.
 */
async function accessibleVideo(teamId: string, userId: string, videoId: string, viewer: Viewer, now: Date, eventId?: string) {
  const [video, granted] = await Promise.all([
    getVideo(teamId, videoId),
    eventId ? parentGrants(teamId, { type: 'event', id: eventId }, { type: 'video', id: videoId }, { kind: 'member', ...viewer }, userId, now) : false,
  ]);
  if (eventId && !granted) throw new AppError('video/not_found');
  const purchases = video?.priceIds?.length && viewer.role !== 'admin' ? await memberEntitlements(teamId, userId) : [];
  const access = decideVideoAccess(video, viewer, now, { purchases, appliedEventIds: [] }, granted);
  if (access === 'notFound') throw new AppError('video/not_found');
  if (access === 'notInGroup') throw new AppError('common/no_operation_authority');
  return { video: video as Video, state: access };
}

/** The member side of videos: the watch page and view events; and the member area's content lists. */
export const memberVideoCalls: CallImpl[] = [
  implement(getMemberVideoCall, async ({ videoId, playlistId, eventId }, ctx) => {
    const team = teamOf(ctx);
    const now = new Date();
    const viewer = viewerOf(ctx);
    const [{ video, state }, inPlaylist] = await Promise.all([
      accessibleVideo(team.teamId, team.userId, videoId, viewer, now, eventId),
      playlistId ? nextInPlaylist(team.teamId, playlistId, videoId, { kind: 'member', ...viewer }, team.userId, now) : undefined,
    ]);
    if (playlistId && !inPlaylist) throw new AppError('video/not_found');
    const [view, resume, files] = await Promise.all([
      inPlaylist
        ? withPlaylistNext(memberViewOf(video), inPlaylist)
        : withReachableNext(memberViewOf(video), async (nextId) => canOpenVideo(await getVideo(team.teamId, nextId), viewer, now)),
      getMemberView(team.teamId, team.userId, videoId).then(resumeOf),
      attachedFilesOf(team.teamId, video.fileIds, state === 'visible', now),
    ]);
    // A real-time premiere (SPEC §3) is read on the server's clock, not the device's.
    const serverTime = now.toISOString();
    if (state === 'unpurchased') return { state, video: view, resume, files, priceIds: video.priceIds ?? [], serverTime };
    if (state === 'visible') {
      await emitActivity({ teamId: team.teamId, at: now, userId: team.userId, content: { type: 'video', id: videoId, title: video.title }, counts: { views: 1 } });
    }
    if (state !== 'visible' || !video.playback) return { state, video: view, resume, files, serverTime };
    const { playback, cookies } = await grantVideoPlayback({ ...video, playback: video.playback }, now);
    ctx.cookies = cookies;
    return { state, video: view, playback, resume, files, serverTime };
  }),

  implement(recordMemberVideoProgressCall, async ({ videoId, eventId, event, positionSeconds }, ctx) => {
    const team = teamOf(ctx);
    const now = new Date();
    const { state, video } = await accessibleVideo(team.teamId, team.userId, videoId, viewerOf(ctx), now, eventId);
    if (state !== 'visible') throw new AppError('common/no_operation_authority');
    const [view] = await Promise.all([
      recordViewEvent(team.teamId, team.userId, videoId, event, positionSeconds, now),
      ...(event === 'start' ? [countVideoStart(team.teamId, videoId, now), recordView(ctx, team.teamId, team.userId, 'video', videoId, now)] : []),
    ]);
    // Analytics (issue 14): plays are the same starts as the popular ranking's day counts above; finishes and the
    // seconds watched since the previous event come from the view event's own write.
    await emitActivity({
      teamId: team.teamId,
      at: now,
      userId: team.userId,
      content: { type: 'video', id: videoId, title: video.title },
      counts: { plays: event === 'start' ? 1 : 0, finishes: event === 'finish' ? 1 : 0, watchSeconds: view.watchedSeconds },
    });
    return resumeOf(view);
  }),

  implement(listMemberContentCall, (input, ctx) =>
    contentListPage(teamOf(ctx).teamId, 'member', input, { kind: 'member', ...viewerOf(ctx) }, new Date()),
  ),

  implement(listMemberTaxonomyCall, (input, ctx) => taxonomyPage(teamOf(ctx).teamId, input, new Date())),
];
