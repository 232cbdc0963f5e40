import useSWR, { mutate } from 'swr';
import { getAppSettingsCall, updateAppSettingsCall, type AppSettingsAnswer } from '../../../../shared/api/calls/app-settings';
import type { CallInput } from '../../../../shared/api/define';
import { callApi } from '../../lib/api';
import { getTeamSession } from '../../lib/team-session';

const key = () => {
  const session = getTeamSession();
  return session ? ([getAppSettingsCall.path, session.operatedTeamId, session.operatedUserId] as const) : null;
};

/** The members' app settings and their version (what a save names). */
export function useAppSettings() {
  return useSWR(key(), () => callApi(getAppSettingsCall, {}));
}

/** Saves and refreshes the team's public design (which carries these settings to member pages). */
export async function saveAppSettings(input: CallInput<typeof updateAppSettingsCall>): Promise<AppSettingsAnswer> {
  const answer = await callApi(updateAppSettingsCall, input);
  await mutate(key(), answer, { revalidate: false });
  const session = getTeamSession();
  if (session) await mutate(['/settings/design/public', session.operatedTeamId]);
  return answer;
}
