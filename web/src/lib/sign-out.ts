import { useSWRConfig } from 'swr';
import { signOutCurrentUser } from './auth';
import { errorMessage } from './i18n';
import { clearTeamSession } from './team-session';
import { toast } from './toast';

type Mutate = ReturnType<typeof useSWRConfig>['mutate'];

/**
 * Ends the sign-in, forgets the operated team, and drops every cached answer so the next person on this browser
 * does not see them. A sign-out that fails (SPEC §8 "logout failed": Amplify or this browser's storage refused)
 * is said in a toast and answers false: the person is still signed in, so the caller stays where it is.
 */
export async function signOutAndForget(mutate: Mutate): Promise<boolean> {
  try {
    await signOutCurrentUser();
  } catch {
    toast.error(errorMessage('auth/logout_failed'));
    return false;
  }
  clearTeamSession();
  await mutate(() => true, undefined, { revalidate: false });
  return true;
}

/** The layouts' sign-out (signOutAndForget with this app's cache). */
export function useSignOut(): () => Promise<boolean> {
  const { mutate } = useSWRConfig();
  return () => signOutAndForget(mutate);
}
