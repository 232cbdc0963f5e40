import useSWR from 'swr';
import { getSecuritySettingsCall, updateSecuritySettingsCall, type SecuritySettings } from '../../../../shared/api/calls/settings';
import { enqueteGetCall, enqueteListCall } from '../../../../shared/api/calls/enquete';
import { callApi } from '../../lib/api';
import { matchingTitle, resolveEach, type ItemSource } from '../../lib/item-source';
import { getTeamSession } from '../../lib/team-session';

const key = () => {
  const session = getTeamSession();
  return session ? ([getSecuritySettingsCall.path, session.operatedTeamId, session.operatedUserId] as const) : null;
};

/** The team's security settings and the administrator's own address (for the lockout warning). */
export function useSecuritySettings() {
  return useSWR(key(), () => callApi(getSecuritySettingsCall, {}));
}

export async function saveSecuritySettings(settings: SecuritySettings, confirmLockout: boolean) {
  return callApi(updateSecuritySettingsCall, { ...settings, ...(confirmLockout ? { confirmLockout: true } : {}) });
}

/**
 * The registration survey picker. The survey list has no title search on the server: the newest 100 (the page
 * maximum) are read and matched by title here. An administrator without the analyst category cannot list or read
 * surveys: the picker then shows its error text and the current choice as not loadable.
 */
export const surveyPickerSource: ItemSource = {
  kind: 'survey',
  search: async (text) => matchingTitle((await callApi(enqueteListCall, { limit: 100 })).items, text).map((s) => ({ id: s.enqueteId, title: s.title })),
  resolve: (ids) => resolveEach(ids, async (enqueteId) => ({ id: enqueteId, title: (await callApi(enqueteGetCall, { enqueteId })).enquete.title })),
};
