import useSWR from 'swr';
import {
  administratorDeleteCall,
  administratorListCall,
  administratorLogCall,
  administratorUpdateCall,
} from '../../../../shared/api/calls/administrators';
import type { AdminCategory } from '../../../../shared/permissions';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

export function useAdministrators() {
  return useSWR(teamScoped(administratorListCall.path), () => callApi(administratorListCall, {}));
}

export function useAdminLog(cursor: string | undefined) {
  return useSWR(teamScoped(administratorLogCall.path, cursor ?? ''), () => callApi(administratorLogCall, { cursor, limit: 20 }), {
    keepPreviousData: true,
  });
}

export const updatePermissions = (userId: string, level: 'super' | 'normal', categories: AdminCategory[]) =>
  callApi(administratorUpdateCall, { userId, level, categories });
export const deleteAdministrator = (userId: string) => callApi(administratorDeleteCall, { userId });

export const isAdministratorKey = (key: unknown) =>
  Array.isArray(key) && [administratorListCall.path, administratorLogCall.path].some((path) => path === key[0]);
