import {
  getMemberVideoCall,
  listMemberTaxonomyCall,
  listMemberVideosCall,
  listNewerMemberVideosCall,
  listPopularMemberVideosCall,
  recordMemberVideoProgressCall,
  searchMemberVideosCall,
} from '../../shared/api/calls/member-videos';
import type { Video } from '../../shared/api/calls/videos';
import { AppError } from '../http/app-error';
import { implement, teamOf, type CallContext, type CallImpl } from '../http/implement';
import { grantVideoPlayback } from '../media/playback-cookies';
import { canOpenVideo, canSeeGroups, decideVideoAccess, memberViewOf, withReachableNext, type Viewer } from './member-video-access';
import { getMemberView, recordViewEvent, resumeOf } from './member-view';
import { getVideo } from './video';
import { popularVideoPage, taxonomyPage, videoListPage, videoSearchPage, type Visibility } from './video-lists';
import { countVideoStart } from './video-views';

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

/** What a member may see in lists: administrators everything listed, members what their groups allow. */
const visibleTo =
  (viewer: Viewer): Visibility =>
  (v) =>
    viewer.role === 'admin' || canSeeGroups(v.groupIds, viewer.groupIds);

/** The member side of videos: the watch page, view events and the lists. */
export const memberVideoCalls: CallImpl[] = [
  implement(getMemberVideoCall, async ({ videoId }, ctx) => {
    const team = teamOf(ctx);
    const now = new Date();
    const viewer = viewerOf(ctx);
    const { video, state } = await accessibleVideo(team.teamId, videoId, viewer, now);
    const [view, resume] = await Promise.all([
      withReachableNext(memberViewOf(video), async (nextId) => canOpenVideo(await getVideo(team.teamId, nextId), viewer, now)),
      getMemberView(team.teamId, team.userId, videoId).then(resumeOf),
    ]);
    if (state !== 'visible' || !video.playback) return { state, video: view, resume };
    const { playback, cookies } = await grantVideoPlayback({ ...video, playback: video.playback }, now);
    ctx.cookies = cookies;
    return { state, video: view, playback, resume };
  }),

  implement(recordMemberVideoProgressCall, async ({ videoId, event, positionSeconds }, ctx) => {
    const team = teamOf(ctx);
    const now = new Date();
    const { state } = await accessibleVideo(team.teamId, videoId, viewerOf(ctx), now);
    if (state !== 'visible') throw new AppError('common/no_operation_authority');
    const [view] = await Promise.all([
      recordViewEvent(team.teamId, team.userId, videoId, event, positionSeconds, now),
      ...(event === 'start' ? [countVideoStart(team.teamId, videoId, now)] : []),
    ]);
    return resumeOf(view);
  }),

  implement(listNewerMemberVideosCall, async ({ cursor, limit }, ctx) => {
    const page = await videoListPage(teamOf(ctx).teamId, 'member', { cursor, limit }, visibleTo(viewerOf(ctx)), new Date());
    return { items: page.items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
  }),

  implement(listMemberVideosCall, (input, ctx) => videoListPage(teamOf(ctx).teamId, 'member', input, visibleTo(viewerOf(ctx)), new Date())),

  implement(searchMemberVideosCall, (input, ctx) => videoSearchPage(teamOf(ctx).teamId, 'member', input, visibleTo(viewerOf(ctx)), new Date())),

  implement(listPopularMemberVideosCall, (input, ctx) => popularVideoPage(teamOf(ctx).teamId, input, visibleTo(viewerOf(ctx)), new Date())),

  implement(listMemberTaxonomyCall, (input, ctx) => taxonomyPage(teamOf(ctx).teamId, input, new Date())),
];
