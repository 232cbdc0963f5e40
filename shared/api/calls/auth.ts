import * as z from 'zod';
import { defineCall } from '../define';

export interface AdminTeam {
  teamId: string;
  siteName: string;
}

/**
 * Called by /logged_in after the admin login: the teams this account administers.
 * A member-only account is refused with `auth/no_admin_account` (SPEC §8).
 */
export const adminLoginCall = defineCall<z.ZodObject<{}>, { userId: string; teams: AdminTeam[] }>({
  path: '/auth/admin_login',
  domain: 'auth',
  access: { kind: 'signedIn' },
  input: z.object({}),
});
