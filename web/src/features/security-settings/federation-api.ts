import useSWR from 'swr';
import type {
  getFederationSettingsCall as GetFederationSettingsCall,
  updateFederationSettingsCall as UpdateFederationSettingsCall,
} from '../../../../shared/api/calls/federation';
import type { CallInput } from '../../../../shared/api/define';
import { callApi, callRef } from '../../lib/api';
import { getTeamSession } from '../../lib/team-session';

const getFederationSettingsCall = callRef<typeof GetFederationSettingsCall>('/settings/federation/get', 'admin.site.externalLogin');
const updateFederationSettingsCall = callRef<typeof UpdateFederationSettingsCall>('/settings/federation/update', 'admin.site.externalLogin');

const settingsKey = () => {
  const session = getTeamSession();
  return session ? ([getFederationSettingsCall.path, session.operatedTeamId, session.operatedUserId] as const) : null;
};

export function useFederationSettings() {
  return useSWR(settingsKey(), () => callApi(getFederationSettingsCall, {}), { shouldRetryOnError: false });
}

export function saveFederationSettings(input: CallInput<typeof UpdateFederationSettingsCall>) {
  return callApi(updateFederationSettingsCall, input);
}
