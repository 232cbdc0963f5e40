import useSWR from 'swr';
import { listCustomFieldsCall } from '../../../../../shared/api/calls/custom-fields';
import { groupListCall } from '../../../../../shared/api/calls/groups';
import { callApi } from '../../../lib/api';
import { getTeamSession } from '../../../lib/team-session';

/**
 * What an invitation can refer to: the team's groups (to join) and custom fields (to ask). Read here with
 * their calls (they belong to other features); a failed group list leaves the form usable without groups.
 */
export function useInviteChoices() {
  const groups = useSWR([groupListCall.path, getTeamSession()?.operatedTeamId ?? ''] as const, () => callApi(groupListCall, {}));
  // Same key as the custom fields feature's own list (features/custom-fields/api.ts), so both share one cache entry.
  const fields = useSWR([listCustomFieldsCall.path, getTeamSession()?.operatedTeamId ?? ''] as const, () => callApi(listCustomFieldsCall, {}));
  return {
    groups: groups.data?.groups.map((g) => ({ value: g.groupId, label: g.name })) ?? (groups.error ? [] : undefined),
    groupsFailed: Boolean(groups.error),
    customFields: fields.data?.items.map((f) => ({ value: f.fieldId, label: f.name })) ?? [],
  };
}
