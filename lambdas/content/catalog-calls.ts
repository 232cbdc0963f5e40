import { getCatalogSiteCall, getCatalogVideoCall, listCatalogTaxonomyCall } from '../../shared/api/calls/catalog';
import { listCatalogContentCall } from '../../shared/api/calls/content-lists';
import { AppError } from '../core/http/app-error';
import { attachedFilesOf } from './files/attached-files';
import { implement, type CallImpl } from '../core/http/implement';
import { grantVideoPlayback } from '../core/media/playback-cookies';
import { getSiteSettings } from '../core/entities/site-settings';
import { getTeam } from '../core/entities/team';
import { canOpenVideo, decideVideoAccess, memberViewOf, withReachableNext } from '../core/access/member-video-access';
import { contentListPage, taxonomyPage } from './content-lists';
import { isInCatalog } from '../core/entities/listing-entry';
import { nextInPlaylist, withPlaylistNext } from './playlist/playlist-watch';
import { getVideo } from '../core/entities/video';

/**
 * SPEC §2 catalog: the member area's video pages for visitors without login. Every call first reads the
 * team's site settings: while public access is off (or there is no such team: its settings read as the
 * defaults, off) the answer is 404 `common/not_found`, the same for both, so a visitor learns nothing.
 */
async function checkCatalogOpen(teamId: string): Promise<void> {
  if (!(await getSiteSettings(teamId)).catalogPublic) throw new AppError('common/not_found');
}

/** A visitor of the public catalog (SPEC §6 site visitor). */
const visitor = { kind: 'visitor' } as const;

export const catalogCalls: CallImpl[] = [
  implement(getCatalogSiteCall, async ({ teamId }) => {
    const [team] = await Promise.all([getTeam(teamId), checkCatalogOpen(teamId)]);
    if (!team) throw new AppError('common/not_found');
    return { teamId: team.teamId, siteName: team.siteName };
  }),

  implement(getCatalogVideoCall, async ({ teamId, videoId, playlistId }, ctx) => {
    const now = new Date();
    const [video, , inPlaylist] = await Promise.all([
      getVideo(teamId, videoId),
      checkCatalogOpen(teamId),
      playlistId ? nextInPlaylist(teamId, playlistId, videoId, visitor, undefined, now) : undefined,
    ]);
    const access = video && isInCatalog(video) ? decideVideoAccess(video, visitor, now) : 'notFound';
    if (!video || access === 'notFound' || access === 'notInGroup' || (playlistId && !inPlaylist)) throw new AppError('video/not_found');
    const view = inPlaylist
      ? withPlaylistNext(memberViewOf(video), inPlaylist)
      : await withReachableNext(memberViewOf(video), async (nextId) => {
          const next = await getVideo(teamId, nextId);
          return !!next && isInCatalog(next) && canOpenVideo(next, visitor, now);
        });
    const files = await attachedFilesOf(teamId, video.fileIds, access === 'visible', now);
    // A real-time premiere (SPEC §3) is read on the server's clock, not the device's.
    const serverTime = now.toISOString();
    if (access !== 'visible' || !video.playback) return { state: access, video: view, files, serverTime };
    const { playback, cookies } = await grantVideoPlayback({ ...video, playback: video.playback }, now);
    ctx.cookies = cookies;
    return { state: access, video: view, playback, files, serverTime };
  }),

  implement(listCatalogContentCall, async ({ teamId, ...input }) => {
    await checkCatalogOpen(teamId);
    return contentListPage(teamId, 'catalog', input, visitor, new Date());
  }),

  implement(listCatalogTaxonomyCall, async ({ teamId, ...input }) => {
    await checkCatalogOpen(teamId);
    return taxonomyPage(teamId, input, new Date());
  }),
];
