import useSWR, { mutate } from 'swr';
import * as siteDesignCalls from '../../../../shared/api/calls/site-design';
import type { DesignAnswer } from '../../../../shared/api/calls/site-design';
import type { CallInput } from '../../../../shared/api/define';
import { listVideosCall } from '../../../../shared/api/calls/videos';
import { callApi } from '../../lib/api';
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
 * The team's newest videos to pick the LP's intro video from (needs the contents manager category; without it the
 * choice shows the current video by its id only).
 */
export function useVideoChoices() {
  const session = getTeamSession();
  return useSWR(session ? [listVideosCall.path, 'design-choices', session.operatedTeamId, session.operatedUserId] : null, () => callApi(listVideosCall, { limit: 100 }), {
    shouldRetryOnError: false,
  });
}
