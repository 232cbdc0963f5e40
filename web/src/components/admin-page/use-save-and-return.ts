import { useNavigate } from 'react-router';
import { useSWRConfig, type Arguments } from 'swr';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/i18n';
import { toast } from '../../lib/toast';

interface SaveAndReturnOptions {
  /** The list the page came from: revalidated (`listKey`, a key or a key filter) and returned to after a save. */
  to: string;
  listKey: Arguments | ((key?: Arguments) => boolean);
  /** Reloads the edited item after a save (omitted when creating). */
  reload?: () => Promise<unknown>;
  /**
   * A lost race (someone else saved meanwhile): their version is reloaded and shown, so the change is made again on
   * top of it; `notice` is the toast (title and detail), the error's own message when omitted.
   */
  stale?: { when: (e: ApiError) => boolean; reload: () => Promise<unknown>; notice?: [string, string] };
}

/**
 * The save of an admin create/edit page: runs `write`; a failure is toasted (and thrown, so the form stays busy-free
 * and keeps its values), a stale version reloaded; a success is toasted (`done`), the list revalidated, the edited
 * item reloaded and the page goes back to the list.
 */
export function useSaveAndReturn({ to, listKey, reload, stale }: SaveAndReturnOptions) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  return async (write: () => Promise<unknown>, done: string) => {
    try {
      await write();
    } catch (e) {
      if (stale && e instanceof ApiError && stale.when(e)) {
        if (stale.notice) toast.error(...stale.notice);
        else toast.error(errorMessage(e));
        await stale.reload();
        return;
      }
      toast.error(errorMessage(e));
      throw e;
    }
    toast.success(done);
    await (typeof listKey === 'function' ? mutate(listKey) : mutate(listKey));
    if (reload) await reload();
    navigate(to);
  };
}
