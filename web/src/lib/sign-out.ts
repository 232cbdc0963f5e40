import { useSWRConfig } from 'swr';
import { signOutCurrentUser } from './auth';
import { clearTeamSession } from './team-session';

/**
 * The layouts' sign-out: ends the sign-in, forgets the operated team, and drops every cached answer so the next
 * person on this browser does not see them.
 */
export function useSignOut(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return async () => {
    await signOutCurrentUser();
    clearTeamSession();
    await mutate(() => true, undefined, { revalidate: false });
  };
}
