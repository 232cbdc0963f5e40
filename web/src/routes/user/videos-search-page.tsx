import { SearchVideosPage } from '../../features/member-videos/components/area-list-pages';

/** SPEC §2 /user/:teamId/videos/search/:query. */
function VideosSearchPage() {
  return <SearchVideosPage area="user" />;
}

export { VideosSearchPage as Component };
