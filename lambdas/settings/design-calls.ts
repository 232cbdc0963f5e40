import {
  getDesignCall,
  getPublicDesignCall,
  updateDesignColorCall,
  updateDesignLandingCall,
  updateDesignOrderCall,
  updateDesignImagesCall,
  uploadDesignImageCall,
  designPageKinds,
  type DesignPageKind,
  type PublicDesign,
  type PublicIntroVideo,
} from '../../shared/api/calls/site-design';
import { canOpenVideo } from '../core/access/member-video-access';
import { isInCatalog } from '../core/entities/listing-entry';
import { getVideo } from '../core/entities/video';
import { checkStoredFile, startFileUpload } from '../core/media/file-upload';
import { signMediaUrl } from '../core/media/playback-cookies';
import { AppError } from '../core/http/app-error';
import { implement, teamOf, type CallImpl } from '../core/http/implement';
import { getTeam } from '../core/entities/team';
import { getAppSettings } from './app-settings';
import { getBasicSettings } from '../core/entities/basic-info';
import { getDesign, updateDesign } from '../core/entities/site-design';
import { getSiteSettings } from '../core/entities/site-settings';

/** A visitor of the public pages (SPEC §6 site visitor). */
const visitor = { kind: 'visitor' } as const;

/** The intro video as the LP may show it: only a public catalog video a visitor can open. */
async function publicIntroVideo(teamId: string, videoId: string | null, now: Date): Promise<PublicIntroVideo | null> {
  if (!videoId) return null;
  const video = await getVideo(teamId, videoId);
  if (!video || !isInCatalog(video) || !canOpenVideo(video, visitor, now)) return null;
  return { videoId: video.videoId, title: video.title };
}

/** Every named image key must be an uploaded design image of this team (400 on its field otherwise). */
async function checkImages(teamId: string, keys: Record<string, string | null>): Promise<void> {
  const checks = await Promise.all(Object.entries(keys).map(async ([field, key]) => [field, key ? await checkStoredFile(teamId, 'designImage', key) : undefined] as const));
  const fields = Object.fromEntries(checks.filter(([, bad]) => bad).map(([field, bad]) => [field, bad!]));
  if (Object.keys(fields).length) throw new AppError('common/invalid_input', fields);
}

const signed = (key: string | null, now: Date) => (key ? signMediaUrl(key, now) : Promise.resolve(null));

/** SPEC §2 site_customize (designer) and the design every member and public page reads. */
export const designCalls: CallImpl[] = [
  implement(getDesignCall, async (_input, ctx) => getDesign(teamOf(ctx).teamId)),

  implement(updateDesignColorCall, async ({ version, ...colors }, ctx) => updateDesign(teamOf(ctx).teamId, version, colors)),

  implement(updateDesignOrderCall, async ({ version, ...orders }, ctx) => updateDesign(teamOf(ctx).teamId, version, orders)),

  implement(updateDesignLandingCall, async ({ version, overview, introVideoId, bannerKey, topImages }, ctx) => {
    const teamId = teamOf(ctx).teamId;
    await checkImages(teamId, { bannerKey, ...Object.fromEntries(topImages.map((image, i) => [`topImages.${i}.key`, image.key])) });
    if (introVideoId && !(await getVideo(teamId, introVideoId))) throw new AppError('video/not_found', { introVideoId: 'video/not_found' });
    return updateDesign(teamId, version, { overview, introVideoId, bannerKey, topImages });
  }),

  implement(uploadDesignImageCall, async (input, ctx) => startFileUpload(teamOf(ctx).teamId, { kind: 'designImage', ...input })),

  implement(updateDesignImagesCall, async ({ version, pageImages }, ctx) => {
    const teamId = teamOf(ctx).teamId;
    await checkImages(teamId, Object.fromEntries(designPageKinds.map((kind) => [`pageImages.${kind}`, pageImages[kind]])));
    return updateDesign(teamId, version, { pageImages });
  }),

  implement(getPublicDesignCall, async ({ teamId }) => {
    const [team, stored, settings, basic, app] = await Promise.all([
      getTeam(teamId),
      getDesign(teamId),
      getSiteSettings(teamId),
      getBasicSettings(teamId),
      getAppSettings(teamId),
    ]);
    if (!team) throw new AppError('common/not_found');
    const { design } = stored;
    const now = new Date();
    const answer: PublicDesign = {
      teamId: team.teamId,
      siteName: team.siteName,
      accentColor: design.accentColor,
      textColor: design.textColor,
      backgroundColor: design.backgroundColor,
      theme: design.theme,
      headerItemOrder: design.headerItemOrder,
      topItemOrder: design.topItemOrder,
      publicAccess: settings.catalogPublic,
      memberLanguage: app.appSettings.memberLanguage,
      afterLoginPath: app.appSettings.afterLoginPath,
      analyticsTagId: basic.settings.analyticsTagId,
      tagManagerId: basic.settings.tagManagerId,
      footerLinks: basic.settings.footerLinks,
      socialLinks: basic.settings.socialLinks,
      logoUrl: await signed(basic.settings.logoKey, now),
      faviconUrl: await signed(basic.settings.faviconKey, now),
      pageImages: Object.fromEntries(
        await Promise.all(designPageKinds.map(async (kind) => [kind, await signed(design.pageImages[kind], now)] as const)),
      ) as Record<DesignPageKind, string | null>,
    };
    if (settings.catalogPublic) {
      answer.landing = {
        overview: design.overview,
        introVideo: await publicIntroVideo(teamId, design.introVideoId, now),
        bannerUrl: await signed(design.bannerKey, now),
        topImages: await Promise.all(design.topImages.map(async (image) => ({ url: await signMediaUrl(image.key, now), linkUrl: image.linkUrl }))),
      };
    }
    return answer;
  }),
];
