import { useLocation } from 'react-router';
import type { VideoArea } from '../../../lib/area-paths';

/** The member list's own address (path and query), where an item chosen from it leads back (SPEC §2 item_select). */
export function useSelectedFrom(area: VideoArea): string | undefined {
  const { pathname, search } = useLocation();
  return area === 'user' ? pathname + search : undefined;
}
