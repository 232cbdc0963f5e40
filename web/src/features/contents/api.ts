import useSWR from 'swr';
import type { ContentItem, ContentItemCalls, ContentItemSort } from '../../../../shared/api/calls/content-items';
import { deleteFileCall, listFilesCall } from '../../../../shared/api/calls/files';
import { callApi } from '../../lib/api';
import { getTeamSession } from '../../lib/team-session';

/** The admin calls of every content type but the video: the same five calls per type (`contentItemCalls`). */
const teamScoped = (...parts: unknown[]) => {
  const s = getTeamSession();
  return s ? [...parts, s.operatedTeamId, s.operatedUserId] : null;
};

export interface ContentListQuery {
  query: string;
  sort: ContentItemSort;
  direction: 'asc' | 'desc';
  cursor?: string;
}

export function useContentList(calls: ContentItemCalls, q: ContentListQuery) {
  return useSWR(teamScoped(calls.list.path, q.query, q.sort, q.direction, q.cursor), () =>
    callApi(calls.list, { query: q.query, sort: q.sort, direction: q.direction, cursor: q.cursor, limit: 20 }),
  );
}

/** Any list key of this type (after a save or delete, every page of the list is read again). */
export const isContentListKey = (calls: ContentItemCalls) => (key: unknown) => Array.isArray(key) && key[0] === calls.list.path;

export function useContentItem(calls: ContentItemCalls, id: string | undefined) {
  return useSWR(id ? teamScoped(calls.get.path, id) : null, () => callApi(calls.get, { id: id! }) as Promise<ContentItem>);
}

export const createContentItem = (calls: ContentItemCalls, input: Record<string, unknown>) => callApi(calls.create, input as never);
export const updateContentItem = (calls: ContentItemCalls, input: Record<string, unknown>) => callApi(calls.update, input as never);
export const deleteContentItem = (calls: ContentItemCalls, id: string) => callApi(calls.remove, { id });

export function useFileList(cursor: string | undefined) {
  return useSWR(teamScoped(listFilesCall.path, cursor), () => callApi(listFilesCall, { cursor, limit: 20 }));
}
export const isFileListKey = (key: unknown) => Array.isArray(key) && key[0] === listFilesCall.path;
export const deleteLibraryFile = (id: string) => callApi(deleteFileCall, { id });
