import type { ContentRow } from '../../../../shared/api/calls/analytics';

/** A per-member analytics page (`log/user`, `watch_log/user/videos`, …) for `userId`, keeping the period of `search`. */
export function userLinkPath(page: string, userId: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const k of ['videoId', 'liveId', 'testId']) params.delete(k);
  params.set('userId', userId);
  return `/admin/analytics/${page}?${params.toString()}`;
}

/** Where a content's members are shown (videos, lives and tests have a members page), keeping the period. */
export function contentUsersPath(row: Pick<ContentRow, 'contentType' | 'contentId'>, search: string): string | undefined {
  const params = new URLSearchParams(search);
  params.delete('userId');
  const id = ({ video: 'videoId', live: 'liveId', test: 'testId' } as Record<string, string | undefined>)[row.contentType];
  if (!id) return undefined;
  params.set(id, row.contentId);
  return `/admin/analytics/${row.contentType}/users?${params.toString()}`;
}
