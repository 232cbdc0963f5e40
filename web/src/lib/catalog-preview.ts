import { useLocation } from 'react-router';
import { getTeamSession } from './team-session';

/**
 * SPEC §2 catalog preview mode: `?preview` on a catalog page, opened by an administrator of that team (from an
 * editor's preview button), shows the item as a member who may open it sees it, whatever its audience. For anyone
 * else the flag means nothing: the page is the public one.
 */
export function useCatalogPreview(teamId: string): boolean {
  const { search } = useLocation();
  return new URLSearchParams(search).has('preview') && getTeamSession()?.operatedTeamId === teamId;
}

/** The catalog address that previews an item (`path`: `video/:id`, `pdf/:id`…) of the operated team. */
export function catalogPreviewPath(path: string): string | undefined {
  const teamId = getTeamSession()?.operatedTeamId;
  return teamId ? `/catalog/${encodeURIComponent(teamId)}/${path}?preview=1` : undefined;
}
