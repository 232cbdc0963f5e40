import useSWR from 'swr';
import { getSecuritySettingsCall, updateSecuritySettingsCall, type SecuritySettings } from '../../../../shared/api/calls/settings';
import { callApi } from '../../lib/api';
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
