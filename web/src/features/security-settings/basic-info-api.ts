import useSWR, { mutate } from 'swr';
import { getBasicInfoCall, updateBasicInfoCall, uploadSiteImageCall, type BasicInfoAnswer } from '../../../../shared/api/calls/basic-info';
import { ApiError } from '../../lib/api-error';
import type { CallInput } from '../../../../shared/api/define';
import { callApi } from '../../lib/api';
import { getTeamSession } from '../../lib/team-session';

const key = () => {
  const session = getTeamSession();
  return session ? ([getBasicInfoCall.path, session.operatedTeamId, session.operatedUserId] as const) : null;
};

/** The site's basic info and its version (what a save names). */
export function useBasicInfo() {
  return useSWR(key(), () => callApi(getBasicInfoCall, {}));
}

/** Saves and refreshes the team's public design (its tags and links), which member pages read. */
export async function saveBasicInfo(input: CallInput<typeof updateBasicInfoCall>): Promise<BasicInfoAnswer> {
  const answer = await callApi(updateBasicInfoCall, input);
  await mutate(key(), answer, { revalidate: false });
  const session = getTeamSession();
  if (session) await mutate(['/settings/design/public', session.operatedTeamId]);
  return answer;
}

/** Uploads the logo or favicon straight to storage (presigned PUT) and answers its key, saved with the form. */
export async function uploadSiteImage(file: File): Promise<string> {
  const { key, url, headers } = await callApi(uploadSiteImageCall, { fileName: file.name, contentType: file.type, sizeBytes: file.size });
  const res = await fetch(url, { method: 'PUT', headers, body: file });
  if (!res.ok) throw new ApiError(502, 'video/upload_failed');
  return key;
}
