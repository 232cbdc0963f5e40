import { PopularVideosPage } from '../../features/member-videos/components/area-list-pages';

/** SPEC §2 /catalog/:teamId/videos/popular: the most watched videos of the last 30 days. */
function VideosPopularPage() {
  return <PopularVideosPage area="catalog" />;
}

export { VideosPopularPage as Component };
