import useSWR from 'swr';
import { profileGetCall, profileUpdateCall, type profileUpdateInput } from '../../../../shared/api/calls/profile';
import type { z } from 'zod/mini';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

const profileKey = () => {
  return teamScoped(profileGetCall.path);
};

export function useProfile() {
  return useSWR(profileKey(), () => callApi(profileGetCall, {}));
}

export const updateProfile = (input: z.input<typeof profileUpdateInput>) => callApi(profileUpdateCall, input);
