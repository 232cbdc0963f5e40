import { SearchVideosPage } from '../../features/member-videos/components/area-list-pages';

/** SPEC §2 /catalog/:teamId/videos/search/:query. */
function VideosSearchPage() {
  return <SearchVideosPage area="catalog" />;
}

export { VideosSearchPage as Component };
