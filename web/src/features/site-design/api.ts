import useSWR, { mutate } from 'swr';
import * as siteDesignCalls from '../../../../shared/api/calls/site-design';
import type { DesignAnswer } from '../../../../shared/api/calls/site-design';
import type { CallInput } from '../../../../shared/api/define';
import { getVideoCall, listVideosCall } from '../../../../shared/api/calls/videos';
import { callApi } from '../../lib/api';
import { resolveEach, type ItemSource } from '../../lib/item-source';
import { ApiError } from '../../lib/api-error';
import { getTeamSession } from '../../lib/team-session';

const key = () => {
  const session = getTeamSession();
  return session ? ([siteDesignCalls.getDesignCall.path, session.operatedTeamId, session.operatedUserId] as const) : null;
};

/** The team's design and its version (what every save names), for the site_customize pages. */
export function useDesign() {
  return useSWR(key(), () => callApi(siteDesignCalls.getDesignCall, {}));
}

/** Keeps the editor's copy and the team's public design (member pages, LP) in step with a save. */
async function saved(answer: DesignAnswer): Promise<DesignAnswer> {
  const session = getTeamSession();
  await mutate(key(), answer, { revalidate: false });
  if (session) await mutate(['/settings/design/public', session.operatedTeamId]);
  return answer;
}

export const saveDesignColors = async (input: CallInput<typeof siteDesignCalls.updateDesignColorCall>) => saved(await callApi(siteDesignCalls.updateDesignColorCall, input));
export const saveDesignOrder = async (input: CallInput<typeof siteDesignCalls.updateDesignOrderCall>) => saved(await callApi(siteDesignCalls.updateDesignOrderCall, input));
export const saveDesignImages = async (input: CallInput<typeof siteDesignCalls.updateDesignImagesCall>) => saved(await callApi(siteDesignCalls.updateDesignImagesCall, input));

/** Uploads one image straight to storage (presigned PUT) and answers its key, to be saved with the design. */
export async function uploadDesignImage(file: File): Promise<string> {
  const { key, url, headers } = await callApi(siteDesignCalls.uploadDesignImageCall, { fileName: file.name, contentType: file.type, sizeBytes: file.size });
  const res = await fetch(url, { method: 'PUT', headers, body: file });
  if (!res.ok) throw new ApiError(502, 'video/upload_failed');
  return key;
}

export const saveDesignLanding = async (input: CallInput<typeof siteDesignCalls.updateDesignLandingCall>) => saved(await callApi(siteDesignCalls.updateDesignLandingCall, input));

/**
 * The LP's intro video picker: the team's videos searched by title on the server (`/video/list` `query`); `label`
 * marks the videos that are not public. Both calls need the contents manager category: without it the picker shows
 * its error text and the current choice as not loadable.
 */
export const introVideoSource = (label: (video: { title: string; isPublic: boolean }) => string): ItemSource => ({
  kind: 'lp-intro-video',
  search: async (text) => (await callApi(listVideosCall, { query: text, limit: 20 })).items.map((v) => ({ id: v.videoId, title: label(v) })),
  resolve: (ids) => resolveEach(ids, async (videoId) => {
    const video = await callApi(getVideoCall, { videoId });
    return { id: videoId, title: label(video) };
  }),
});
