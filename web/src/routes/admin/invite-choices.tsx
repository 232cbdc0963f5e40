import useSWR from 'swr';
import { groupListCall } from '../../../../shared/api/calls/groups';
import { useCustomFields } from '../../features/custom-fields/api';
import { callApi } from '../../lib/api';
import { getTeamSession } from '../../lib/team-session';

/**
 * What an invitation can refer to: the team's groups (to join) and custom fields (to ask). Composed here
 * because they belong to other features; a failed group list leaves the form usable without groups.
 */
export function useInviteChoices() {
  const groups = useSWR([groupListCall.path, getTeamSession()?.operatedTeamId ?? ''] as const, () => callApi(groupListCall, {}));
  const fields = useCustomFields();
  return {
    groups: groups.data?.groups.map((g) => ({ value: g.groupId, label: g.name })) ?? (groups.error ? [] : undefined),
    groupsFailed: Boolean(groups.error),
    customFields: fields.data?.items.map((f) => ({ value: f.fieldId, label: f.name })) ?? [],
  };
}
