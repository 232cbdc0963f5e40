import useSWR from 'swr';
import { getSecuritySettingsCall, updateSecuritySettingsCall, type SecuritySettings } from '../../../../shared/api/calls/settings';
import { enqueteListCall, type Enquete } from '../../../../shared/api/calls/enquete';
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

/**
 * The team's surveys to choose the registration survey from (the newest 100). An administrator without the analyst
 * category cannot list them: the choice then shows the current survey by its id only.
 */
export function useSurveyChoices() {
  const session = getTeamSession();
  return useSWR(session ? [enqueteListCall.path, 'choices', session.operatedTeamId, session.operatedUserId] : null, () => callApi(enqueteListCall, { limit: 100 }), {
    shouldRetryOnError: false,
  });
}

export const surveyChoices = (surveys: readonly Enquete[] | undefined, currentId: string | null | undefined) => {
  const choices = (surveys ?? []).map((s) => ({ value: s.enqueteId, label: s.title }));
  return currentId && !choices.some((c) => c.value === currentId) ? [{ value: currentId, label: currentId }, ...choices] : choices;
};
