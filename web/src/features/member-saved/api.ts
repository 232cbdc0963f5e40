import useSWR, { mutate } from 'swr';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
import type { ContentType } from '../../../../shared/content-types';
import type {
  SavedList,
  SavedStatus,
  savedItemAddCall,
  savedItemListCall,
  savedItemRemoveCall,
  savedItemStatusCall,
} from '../../../../shared/api/calls/saved-items';
import { callApi, callRef } from '../../lib/api';
import { ApiError } from '../../lib/api-error';
import { teamOwner, teamScoped } from '../../lib/team-session';

/** References only: member pages load no zod declarations. */
const calls = {
  add: callRef<typeof savedItemAddCall>('/member_saved/add', 'member'),
  remove: callRef<typeof savedItemRemoveCall>('/member_saved/remove', 'member'),
  list: callRef<typeof savedItemListCall>('/member_saved/list', 'member'),
  status: callRef<typeof savedItemStatusCall>('/member_saved/status', 'member'),
};

/** Whether the item is on the member's bookmark and watch-later lists (the page's two buttons). */
export function useSavedStatus(type: ContentType, id: string) {
  return useSWR(teamScoped(calls.status.path, type, id), () => callApi(calls.status, { type, id }));
}

/** Puts the item on the list or takes it off; the list's cached pages are dropped so its page reads it anew. */
export async function setSaved(list: SavedList, type: ContentType, id: string, saved: boolean) {
  const answer = await callApi(saved ? calls.add : calls.remove, { list, type, id });
  await mutate(unstable_serialize(pageKey(list)), undefined, { revalidate: false });
  return answer;
}

type Page = Awaited<ReturnType<typeof fetchPage>>;

function pageKey(list: SavedList) {
  const who = teamOwner();
  return (index: number, previous: Page | null) => {
    if (!who || (index > 0 && !previous?.nextCursor)) return null;
    return [calls.list.path, list, ...who, index > 0 ? previous!.nextCursor! : ''];
  };
}

// The first page is read again on every visit, never served from a read a moment ago: the buttons on other pages
// change the lists.
const listOptions = {
  revalidateOnMount: true,
  dedupingInterval: 0,
  shouldRetryOnError: (error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500),
};

/** SPEC §2 /user/:teamId/bookmark and watchLater: one list, newest saved first, page by page. */
export function useSavedPages(list: SavedList) {
  return useSWRInfinite(pageKey(list), (key: string[]) => fetchPage(list, key[key.length - 1]!), listOptions);
}

const fetchPage = (list: SavedList, cursor: string) => callApi(calls.list, { list, limit: 20, ...(cursor ? { cursor } : {}) });

export type { SavedStatus };
