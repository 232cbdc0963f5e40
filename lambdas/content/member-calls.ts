import { listMemberContentCall } from '../../shared/api/calls/content-lists';
import { getMemberVideoCall, listMemberTaxonomyCall, recordMemberVideoProgressCall } from '../../shared/api/calls/member-videos';
import type { Video } from '../../shared/api/calls/videos';
import { AppError } from '../http/app-error';
import { implement, teamOf, type CallContext, type CallImpl } from '../http/implement';
import { grantVideoPlayback } from '../media/playback-cookies';
import { canOpenVideo, decideVideoAccess, memberViewOf, withReachableNext, type Viewer } from './member-video-access';
import { getMemberView, recordViewEvent, resumeOf } from './member-view';
import { getVideo } from './video';
import { contentListPage, taxonomyPage } from './content-lists';
import { countVideoStart } from './video-views';
import { memberEntitlements } from '../payments/purchase';

const viewerOf = (ctx: CallContext): Viewer => {
  const team = teamOf(ctx);
  return { role: team.role, groupIds: team.user.groupIds ?? [] };
};

/**
 * The video and its access state, or the refusal: not found (404) or outside its groups (403), revealing nothing.
 * A priced video reads the member's purchases (one Query); a free one reads nothing more.
 */
async function accessibleVideo(teamId: string, userId: string, videoId: string, viewer: Viewer, now: Date) {
  const video = await getVideo(teamId, videoId);
  const purchases = video?.priceIds?.length && viewer.role !== 'admin' ? await memberEntitlements(teamId, userId) : [];
  const access = decideVideoAccess(video, viewer, now, { purchases, appliedEventIds: [] });
  if (access === 'notFound') throw new AppError('video/not_found');
  if (access === 'notInGroup') throw new AppError('common/no_operation_authority');
  return { video: video as Video, state: access };
}

/** The member side of videos: the watch page and view events; and the member area's content lists. */
export const memberVideoCalls: CallImpl[] = [
  implement(getMemberVideoCall, async ({ videoId }, ctx) => {
    const team = teamOf(ctx);
    const now = new Date();
    const viewer = viewerOf(ctx);
    const { video, state } = await accessibleVideo(team.teamId, team.userId, videoId, viewer, now);
    const [view, resume] = await Promise.all([
      withReachableNext(memberViewOf(video), async (nextId) => canOpenVideo(await getVideo(team.teamId, nextId), viewer, now)),
      getMemberView(team.teamId, team.userId, videoId).then(resumeOf),
    ]);
    if (state === 'unpurchased') return { state, video: view, resume, priceIds: video.priceIds ?? [] };
    if (state !== 'visible' || !video.playback) return { state, video: view, resume };
    const { playback, cookies } = await grantVideoPlayback({ ...video, playback: video.playback }, now);
    ctx.cookies = cookies;
    return { state, video: view, playback, resume };
  }),

  implement(recordMemberVideoProgressCall, async ({ videoId, event, positionSeconds }, ctx) => {
    const team = teamOf(ctx);
    const now = new Date();
    const { state } = await accessibleVideo(team.teamId, team.userId, videoId, viewerOf(ctx), now);
    if (state !== 'visible') throw new AppError('common/no_operation_authority');
    const [view] = await Promise.all([
      recordViewEvent(team.teamId, team.userId, videoId, event, positionSeconds, now),
      ...(event === 'start' ? [countVideoStart(team.teamId, videoId, now)] : []),
    ]);
    return resumeOf(view);
  }),

  implement(listMemberContentCall, (input, ctx) =>
    contentListPage(teamOf(ctx).teamId, 'member', input, { kind: 'member', ...viewerOf(ctx) }, new Date()),
  ),

  implement(listMemberTaxonomyCall, (input, ctx) => taxonomyPage(teamOf(ctx).teamId, input, new Date())),
];
