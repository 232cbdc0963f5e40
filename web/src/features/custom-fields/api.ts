import useSWR from 'swr';
import {
  createCustomFieldCall,
  deleteCustomFieldCall,
  listCustomFieldsCall,
  updateCustomFieldCall,
} from '../../../../shared/api/calls/custom-fields';
import type { CallInput } from '../../../../shared/api/define';
import { callApi } from '../../lib/api';
import { getTeamSession } from '../../lib/team-session';

export const customFieldsKey = () => [listCustomFieldsCall.path, getTeamSession()?.operatedTeamId ?? ''] as const;

/** The team's custom member fields (field customisation, invitation forms). */
export function useCustomFields() {
  return useSWR(customFieldsKey(), () => callApi(listCustomFieldsCall, {}));
}

export const createCustomField = (input: CallInput<typeof createCustomFieldCall>) => callApi(createCustomFieldCall, input);
export const updateCustomField = (input: CallInput<typeof updateCustomFieldCall>) => callApi(updateCustomFieldCall, input);
export const deleteCustomField = (fieldId: string) => callApi(deleteCustomFieldCall, { fieldId });
