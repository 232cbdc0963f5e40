import useSWR from 'swr';
import { profileGetCall, profileUpdateCall, type profileUpdateInput } from '../../../../shared/api/calls/profile';
import type { z } from 'zod/mini';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** The member's own account (SPEC §2 /user/:teamId/setting): the same calls as the administrator's profile. */
const memberProfileKey = () => teamScoped(profileGetCall.path);

export function useMemberProfile() {
  return useSWR(memberProfileKey(), () => callApi(profileGetCall, {}));
}

export const updateMemberProfile = (input: z.input<typeof profileUpdateInput>) => callApi(profileUpdateCall, input);
